#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A guest run without a VM: tests/fixtures/analyzer/guest_peer holds the
# trace.dat and perf.data that trace-cmd and perf recorded at the same time
# in one run of configs/peer.json (see its README.md). Per comm, the table's
# Switches and Sum delay over the run's window must equal those recomputed
# here from `trace-cmd report` text; then the guest checks of
# tests/lib/run_checks.sh (vs perf sched latency, vs schedstat) run on it.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/run_checks.sh
. tests/lib/run_checks.sh
fx=tests/fixtures/analyzer/guest_peer
# shellcheck disable=SC2317 # run through check
exits1() { ! "$@"; }

need trace-cmd xz jq
run=$tmp/run
mkdir -p "$run"
cp "$fx"/*.json "$run/"
for f in trace.dat perf.data; do xz -dc "$fx/$f.xz" >"$run/$f"; done

read -r since until < <(jq -r '"\(.start_mono_ns / 1e9) \(.end_mono_ns / 1e9)"' "$run/window.json")
echo "check: per comm over the run's window ($since .. $until s) vs trace-cmd report"
"$sb" table "$run/trace.dat" --since "$since" --until "$until" --json - |
	jq -r '.groups[] | "\(.comm) \(.switches) \(.sum_delay_ms)"' | sort >"$tmp/ours"
echo "check: a trace in a run directory is read over the run's window by default"
"$sb" table "$run/trace.dat" --json - 2>"$tmp/scope.err" |
	jq -r '.groups[] | "\(.comm) \(.switches) \(.sum_delay_ms)"' | sort >"$tmp/default"
check "the same table as with the window's --since/--until" cmp -s "$tmp/ours" "$tmp/default"
check "the window's file is said" grep -q "the run's window and workloads ($run/window.json" "$tmp/scope.err"
"$sb" table "$run/trace.dat" --whole-trace --json - 2>"$tmp/scope.err" |
	jq -r '.groups[] | "\(.comm) \(.switches) \(.sum_delay_ms)"' | sort >"$tmp/whole"
check "--whole-trace reads all of it" exits1 cmp -s "$tmp/ours" "$tmp/whole"
check "--whole-trace says nothing of a window" test ! -s "$tmp/scope.err"
# The delay semantics of docs/formats.md, from the text: a wait begins at a
# wakeup of a task not running nor waiting, or when it is switched out
# runnable (R...); a switch-in in the window ends it and counts (a task first
# seen being switched in counts a zero wait); an exit drops an open one.
trace-cmd report -t -i "$run/trace.dat" 2>/dev/null |
	awk -v since="$since" -v until="$until" '
	function pid_of(s) { sub(/ \[[0-9]+\].*$/, "", s); return substr(s, match(s, /:[0-9]+$/) + 1) }
	function comm_of(s) { sub(/ \[[0-9]+\].*$/, "", s); return substr(s, 1, match(s, /:[0-9]+$/) - 1) }
	function begin_wait(p) { state[p] = "wait"; start[p] = t }
	{ ev = $0; sub(/^.*\] +[0-9.]+: /, "", ev)
	  t = $0; sub(/: .*$/, "", t); t = substr(t, match(t, /[0-9.]+$/)) + 0
	  name = ev; sub(/:.*$/, "", name); args = ev; sub(/^[a-z_]+: +/, "", args) }
	name == "sched_switch" {
		split(args, lr, / ==> /)
		st = lr[1]; sub(/^.*\] /, "", st)
		p = pid_of(lr[1]); n = pid_of(lr[2])
		if (p != 0) {
			comm[p] = comm_of(lr[1])
			if (st ~ /^R/) begin_wait(p); else state[p] = "sleep"
		}
		if (n != 0) {
			comm[n] = comm_of(lr[2])
			if ((state[n] == "wait" || !(n in state)) && t >= since && t <= until) {
				waits[n]++; sum[n] += state[n] == "wait" ? t - start[n] : 0
			}
			state[n] = "run"
		}
		next }
	name ~ /^sched_wakeup/ { p = pid_of(args)
		if (p != 0 && state[p] != "run" && state[p] != "wait") begin_wait(p)
		next }
	name == "sched_process_exit" && match(args, / pid=[0-9]+/) {
		p = substr(args, RSTART + 5, RLENGTH - 5); if (state[p] == "wait") state[p] = "run" }
	END { for (p in waits) { g[comm[p]] += waits[p]; s[comm[p]] += sum[p] }
		for (c in g) printf "%s %d %.6f\n", c, g[c], s[c] * 1000 }' | sort >"$tmp/model"
join -a 1 -a 2 -e - -o 0,1.2,1.3,2.2,2.3 "$tmp/model" "$tmp/ours" | awk '
	BEGIN { print "  comm             switches text/ours    sum delay ms text/ours" }
	{ printf "  %-16s %8s %8s %14s %14s\n", $1, $2, $4, $3, $5; n++
	  d = $3 - $5; if (d < 0) d = -d }
	$2 != $4 || $3 == "-" || $5 == "-" || d > 0.00001 { bad++ }
	($1 == "massive_intr" || $1 == "cyclic") && $4 >= 100 { wl++ }
	END { printf "%d comms, %d differ\n", n, bad; exit (bad > 0 || wl != 2) }' ||
	fail "the table and trace-cmd report disagree"

run_vs_schedstat "$run" "$tmp" || fail "schedstat cross-check"
need perf # the last check: the ones above have passed when it skips
run_vs_perf "$run" "$tmp" || fail "perf cross-check"
finish
