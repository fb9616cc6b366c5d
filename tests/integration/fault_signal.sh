#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# SIGINT and SIGTERM in the middle of a matrix. One signal: slicebench stops
# after the current run, exit 4; in host mode that run is abandoned cleanly
# while its workloads still run (a VM run finishes), so it is complete only
# when the signal came after its window. A second signal
# (exit 128 + signal number): the current run is abandoned, never left
# looking complete, and no workload is left running. Either way the complete
# runs stay as they were, and the same command run again resumes the same
# run-id and completes every run. A resume that finds a live QEMU of one of
# the run's runs (its qemu.pid) refuses with exit 2 instead of booting a
# second guest into the same directory.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
scenario "$tmp/s.json" sig 2 2

# Every complete run under $1 covered the whole 200 ms window, workload ok.
check_whole() {
	local d
	for d in $(complete_runs "$1"); do
		jq -e '.window.end_mono_ns - .window.start_mono_ns == 200000000' \
			"$d/manifest.json" >/dev/null || fail "$d: window cut short"
		jq -e '.status == "ok" and .duration_ns == 200000000' \
			"$d/workloads/cyclic.json" >/dev/null || fail "$d: workload cut short"
	done
}

# No process whose command line names $1 (perf record, a workload) is left
# 5 s after slicebench ended: everything it started died with it.
nothing_left() {
	local w
	for ((w = 0; w < 50; w++)); do
		pgrep -f -- "$1" >/dev/null || return 0
		sleep 0.1
	done
	pgrep -af -- "$1"
	fail "processes of $1 outlived slicebench"
}

for case in "INT 1" "TERM 1" "INT 2" "TERM 2"; do
	read -r sig times <<<"$case"
	res=$tmp/res-$sig-$times
	echo "check: $times x SIG$sig once the first run is complete"
	rc=0
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$res" >"$tmp/out" 2>&1 &
	pid=$!
	first=$(wait_complete "$res")
	# Into the second run: its working directory exists (a fixed sleep
	# raced with a slow start on a loaded machine).
	for ((w = 0; w < 300; w++)); do
		compgen -G "$res/*/*/*/*.tmp" >/dev/null && break
		sleep 0.1
	done
	sleep 0.2
	for ((i = 0; i < times; i++)); do
		kill -"$sig" "$pid"
		sleep 0.1
	done
	wait "$pid" || rc=$?
	# One signal: exit 4 (interrupted: could not measure); two: killed by the signal, as shells report it.
	want_rc=4
	((times == 1)) || want_rc=$((128 + $(kill -l "$sig")))
	((rc == want_rc)) || { cat "$tmp/out"; fail "exit $rc, want $want_rc"; }
	grep -qiE 'interrupt|abort' "$tmp/out" || { cat "$tmp/out"; fail "no word of the interruption"; }
	echo "ok: exit $rc, $(grep -iE -m1 'interrupt|abort' "$tmp/out")"
	sum1=$(tree_sum "$first")
	n=$(complete_runs "$res/latest" | wc -l)
	# The run under way is abandoned, or (one signal, late) completes.
	((n == 1 || (times == 1 && n == 2))) ||
		fail "$n complete runs after the interruption, want 1 (or 2 with one signal)"
	check_whole "$res/latest"
	! pgrep -f "cyclic.*$res" >/dev/null || fail "workloads left running"
	nothing_left "$res"

	echo "check: the same command resumes and completes the matrix"
	expect 0 'resuming: .*sig-' "$sb" run --kernel host --scenario "$tmp/s.json" --results "$res"
	n=$(complete_runs "$res/latest" | wc -l)
	((n == 4)) || fail "$n complete runs after resuming, want 4"
	check_whole "$res/latest"
	[[ $(find "$res" -mindepth 1 -maxdepth 1 -name 'sig-*' | wc -l) == 1 ]] ||
		fail "a new run-id instead of resuming"
	[[ $(tree_sum "$first") == "$sum1" ]] || fail "the first run was altered"
	[[ -z $(find "$res" -name '*.tmp') ]] || fail "temp run directories left"
done

echo "check: kill -KILL mid-run leaves no process of the run (perf record, workloads)"
res=$tmp/res-KILL
"$sb" run --kernel host --scenario "$tmp/s.json" --results "$res" >"$tmp/out" 2>&1 &
pid=$!
wait_complete "$res" >/dev/null
for ((w = 0; w < 300; w++)); do
	compgen -G "$res/*/*/*/*.tmp" >/dev/null && break
	sleep 0.1
done
kill -KILL "$pid"
rc=0
wait "$pid" || rc=$?
((rc == 137)) || fail "exit $rc after SIGKILL, want 137"
nothing_left "$res"
echo "ok: nothing of $res left after SIGKILL"

echo "check: a resume refuses while a QEMU of the run is alive (exit 2)"
res=$tmp/res-live/run1
mkdir -p "$tmp/res-live"
ln -s run1 "$tmp/res-live/latest"
"$sb" plan "$tmp/s.json" --kernel host --results "$res" >/dev/null
mkdir -p "$res/host/A/1.tmp"
# A stand-in for an orphaned QEMU: its command line names the binary and
# the run's directory, as QEMU's names its console file there.
bash -c 'sleep 60; :' qemu-system-x86_64 "$res/host/A/1.tmp/console.log" &
standin=$!
kill_standin() { kill "$standin" 2>/dev/null; }
at_exit kill_standin
echo "$standin" >"$res/host/A/1.tmp/qemu.pid"
expect 2 "QEMU \\(pid $standin\\).*still runs there" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --resume "$res"
expect 2 "QEMU \\(pid $standin\\)" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res-live"
[[ -d $res/host/A/1.tmp ]] || fail "the live run's directory was removed"
echo "check: a stale pid file (that process gone) does not stop the resume"
kill "$standin"
wait "$standin" 2>/dev/null || true
expect 0 'resuming: ' "$sb" run --kernel host --scenario "$tmp/s.json" --resume "$res"
finish
