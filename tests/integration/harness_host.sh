#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench run --kernel host end to end: a complete results tree recorded
# with perf, resume after a lost run, and bad input refused with exit 2.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: a host run of configs/smoke.json completes (exit 0)"
"$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" \
	>"$tmp/out1" 2>&1 || { cat "$tmp/out1"; fail "run exited $?"; }
unfold "$tmp/out1" >"$tmp/out1.joined" && mv "$tmp/out1.joined" "$tmp/out1"
root=$(readlink -f "$tmp/res/latest")
[[ -d $root ]] || fail "results/latest does not point at a run"
[[ $(basename "$root") =~ ^smoke-[0-9]{8}-[0-9]{6}$ ]] || fail "run-id $(basename "$root")"
cmp -s configs/smoke.json "$root/scenario.json" || fail "scenario.json is not a copy"

echo "check: plan.json interleaves the feature sets"
order=$(jq -r '.runs[] | "\(.kernel)/\(.feature_set)/\(.repeat)"' "$root/plan.json" | tr '\n' ' ')
[[ $order == "host/NO_PREEMPT_SHORT/1 host/PREEMPT_SHORT/1 " ]] || fail "plan order: $order"

for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	d=$root/host/$set/1
	echo "check: $set: manifest complete, perf.data, workload documents, window, schedstat"
	jq -e '.status == "complete" and .failure == null and .vm == null' "$d/manifest.json" >/dev/null ||
		fail "$d/manifest.json: $(jq -c '{status,failure}' "$d/manifest.json")"
	jq -e --arg s "$set" '.run.feature_set == $s and (.features.settable | type) == "boolean" and
		(.features.note | test("^host mode: ")) and .recorder.tool == "perf" and
		(.scenario.sha256 | length) == 64' "$d/manifest.json" >/dev/null ||
		fail "$d/manifest.json fields"
	[[ -s $d/perf.data ]] || fail "$d/perf.data missing or empty"
	for w in massive_intr mixload cyclic; do
		jq -e '.status == "ok"' "$d/workloads/$w.json" >/dev/null ||
			fail "$d/workloads/$w.json not ok"
	done
	jq -e '.end_mono_ns - .start_mono_ns == 2000000000' "$d/window.json" >/dev/null ||
		fail "window.json is not the 2 s window"
	jq -e '[.tasks[] | select(.workload == "massive_intr" and .comm == "massive_intr")] | length >= 3' \
		"$d/schedstat.json" >/dev/null || fail "schedstat.json lacks the massive_intr tasks"
	[[ -s $d/uname.txt && -s $d/features.txt ]] || fail "uname.txt/features.txt"
	echo "check: $set: only the workload (its pids and their forks) in the tables, the rest other"
	jq -e --slurpfile a "$d/agent.json" '
		[$a[0].workloads[].pid] as $roots |
		([.tasks[] | select(.pid as $p | $roots | index($p)) | .workload] | all) and
		([.groups[] | select(.workload)] | length >= 3) and
		([.groups[] | select(.workload | not) | .comm] | . == [] or . == ["other"]) and
		([.groups[] | select(.workload) | .comm] - ["massive_intr", "cyclic", "mixload"]
			| all(test("^(mix|browser|renderer|raster|io|compositor|main)"))) and
		([.tasks[] | select(.workload) | .task] | all(test("^(perf|slicebench):") | not)) and
		(.machine_noise.share_pct | type) == "number" and .machine_noise.share_pct >= 0 and
		.machine_noise.share_pct <= 100' "$d/table.json" >/dev/null ||
		fail "$d/table.json groups: $(jq -c '[.groups[] | {task, workload}], .machine_noise' "$d/table.json")"
	grep -q "^ machine noise: .* of the workload's CPUs" "$d/table.txt" || fail "$d/table.txt: no noise line"
	jq -e '.preflight | (.summary | startswith("machine: ")) and .cpus_online > 0 and
		(.loadavg | length) == 3 and .workload_cpus != "" and
		(.busy_before_start | length) > 0' "$d/manifest.json" >/dev/null ||
		fail "$d/manifest.json preflight: $(jq -c .preflight "$d/manifest.json")"
done
echo "check: the host's calibration loop timed once for both runs of the command"
host_loop=$(jq -s '[.[].calibration.host_loop_ns] | unique' "$root"/host/*/1/manifest.json)
jq -e 'length == 1 and .[0] > 0' <<<"$host_loop" >/dev/null ||
	fail "host_loop_ns differs between runs or is missing: $host_loop"
# the bench end's tables: workload groups and other:(N) only
jq -r '.groups[] | select(.workload) | .comm' "$root"/host/*/1/table.json | sort -u >"$tmp/wl"
echo other >>"$tmp/wl"
grep -E '^  [0-9]+ [^ ]+:\([0-9]+\)' "$tmp/out1" | sed -E 's/^  [0-9]+ ([^ ]+):\(.*/\1/' | sort -u >"$tmp/shown"
[[ -s $tmp/shown ]] || fail "no bench end table rows: $(cat "$tmp/out1")"
! grep -vxFf "$tmp/wl" "$tmp/shown" || fail "bench end shows groups outside the workload"
grep -q "machine noise [0-9.]*% of the workload's CPUs" "$tmp/out1" || fail "no machine noise in the regime line"
[[ $(grep -c "^  host: machine: .*, [0-9]* CPUs\?, SMT .*; workload CPUs .* busy" "$tmp/out1") == 2 ]] ||
	fail "no preflight line at each run's start"
grep -q "^preflight, host: machine: " "$tmp/out1" || fail "no preflight at the top of the end"
pre=$(grep -n "^preflight, this host: machine: " "$tmp/out1" | head -1 | cut -d: -f1)
first=$(grep -n '^\[1/[0-9]*\] ' "$tmp/out1" | head -1 | cut -d: -f1)
[[ -n $pre && -n $first && $pre -lt $first ]] ||
	fail "the host's preflight is not said before the first run (line ${pre:-none}, first run at ${first:-none})"
grep -q "^tracing cost: not measured (no control arm" "$tmp/out1" ||
	fail "no line saying the tracing cost was not measured"
repeats=$(jq .repeats configs/smoke.json)
r_s=$( ((repeats == 1)) && echo repeat || echo repeats)
grep -q "^caution: $repeats $r_s a side: the gate needs 4 for a verdict" "$tmp/out1" ||
	fail "no caution at the start about $repeats $r_s a side"
echo "check: a cross-check line per workload group: trace, schedstat, sched_wakeup, cyclic's own latency"
for g in cyclic massive_intr; do
	[[ $(grep -c "^cross-check: $g: trace [0-9.]* ms, schedstat [0-9.]* ms (trace/schedstat [0-9.]*" "$tmp/out1") == 2 ]] ||
		fail "no cross-check of $g per feature set: $(grep cross-check "$tmp/out1")"
done
[[ $(grep -c "^cross-check: cyclic: .*, own latency [0-9.]* ms (trace/own [0-9.]*)$" "$tmp/out1") == 2 ]] ||
	fail "cyclic's own latency missing: $(grep cross-check "$tmp/out1")"
jq -e '[.groups[] | select(.workload) | .sum_delay_wakeup_ms | type] | all(. == "number")' \
	"$root/host/PREEMPT_SHORT/1/table.json" >/dev/null || fail "table.json lacks sum_delay_wakeup_ms"
jq -e '[.tasks[] | .sampled_at_mono_ns | type] | all(. == "number")' \
	"$root/host/PREEMPT_SHORT/1/schedstat.json" >/dev/null || fail "schedstat.json lacks sampled_at_mono_ns"
if [[ -n $(find "$root" -name '*.tmp') ]]; then
	fail "temp run directories left behind"
fi

echo "check: after a lost run the same command resumes the same run-id"
rm "$root/host/PREEMPT_SHORT/1/manifest.json"
mv "$root/host/PREEMPT_SHORT/1" "$root/host/PREEMPT_SHORT/1.tmp"
"$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" \
	>"$tmp/out2" 2>&1 || { cat "$tmp/out2"; fail "resume exited $?"; }
grep -q "^resuming: .*1 of 2 runs still to do" "$tmp/out2" || fail "no resume notice"
grep -q "host/NO_PREEMPT_SHORT/1: complete, skipped" "$tmp/out2" || fail "complete run not skipped"
[[ $(readlink -f "$tmp/res/latest") == "$root" ]] || fail "resume made a new run-id"
jq -e '.status == "complete"' "$root/host/PREEMPT_SHORT/1/manifest.json" >/dev/null ||
	fail "resumed run not complete"
[[ ! -e $root/host/PREEMPT_SHORT/1.tmp ]] || fail "stale temp dir kept"

echo "check: bad input exits 2 with file, path and value"
rc=0
"$sb" run --kernel host --scenario tests/fixtures/scenarios/bad_duration_string.json \
	--results "$tmp/res" >"$tmp/out3" 2>&1 || rc=$?
((rc == 2)) || fail "bad scenario exited $rc"
grep -q 'bad_duration_string.json: workloads\[2\].slice: "5xs" is not a duration' "$tmp/out3" ||
	fail "message: $(cat "$tmp/out3")"
rc=0
"$sb" run --kernel no-such-kernel --scenario configs/smoke.json >"$tmp/out4" 2>&1 || rc=$?
((rc == 2)) || fail "unknown kernel exited $rc"
rc=0
"$sb" run --kernel host --scenario configs/smoke.json --accel warp >"$tmp/out5" 2>&1 || rc=$?
((rc == 2)) || fail "bad --accel exited $rc"
"$sb" run --help | grep -- "--resume RUN_DIR" >/dev/null || fail "--help"
finish
