#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The control arm on the host: untraced_repeats adds unrecorded runs between
# the recorded rounds; they have no recording, no table, are not compared or
# gated, the progress names them the control arm, and the bench end prints
# one tracing cost line per feature set and workload group. Run units
# (--jobs) take which runs are control runs from plan.json.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

jq '.name = "control" | .duration = "1s" | .repeats = 2 | .untraced_repeats = 2' \
	configs/smoke.json >"$tmp/control.json"

echo "check: a host run with a control arm completes (exit 0)"
"$sb" run --kernel host --scenario "$tmp/control.json" --results "$tmp/res" \
	>"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "run exited $?"; }
unfold "$tmp/out" >"$tmp/out.joined" && mv "$tmp/out.joined" "$tmp/out"
root=$(readlink -f "$tmp/res/latest")

echo "check: plan.json puts the unrecorded rounds between the recorded ones"
order=$(jq -r '.runs[] | "\(.feature_set)/\(.repeat)\(if .untraced then "u" else "" end)"' \
	"$root/plan.json" | tr '\n' ' ')
[[ $order == "NO_PREEMPT_SHORT/1 PREEMPT_SHORT/1 NO_PREEMPT_SHORT/3u PREEMPT_SHORT/3u PREEMPT_SHORT/2 NO_PREEMPT_SHORT/2 PREEMPT_SHORT/4u NO_PREEMPT_SHORT/4u " ]] ||
	fail "plan order: $order"

for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	for rep in 3 4; do
		d=$root/host/$set/$rep
		echo "check: $set/$rep: complete, untraced, no recording, no table, no schedstat"
		jq -e '.status == "complete" and .run.untraced == true and .recorder.tool == "none"' \
			"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c '{status, run, recorder}' "$d/manifest.json")"
		[[ ! -e $d/perf.data && ! -e $d/table.json && ! -e $d/table.txt ]] ||
			fail "$d has a recording or a table"
		jq -e '.tasks == []' "$d/schedstat.json" >/dev/null || fail "$d sampled schedstat"
		jq -e '.status == "ok"' "$d/workloads/cyclic.json" >/dev/null || fail "$d: cyclic not ok"
	done
	jq -e '.run.untraced == null and .recorder.tool == "perf"' "$root/host/$set/1/manifest.json" \
		>/dev/null || fail "recorded run 1 of $set is marked untraced"
done

echo "check: the progress names a control-arm run as one, a recorded run not"
grep -q '/NO_PREEMPT_SHORT/3 (control arm, nothing recording): running' "$tmp/out" ||
	fail "control-arm run not labelled: $(grep -m1 'NO_PREEMPT_SHORT/3' "$tmp/out")"
! grep -q '/NO_PREEMPT_SHORT/1 (control arm' "$tmp/out" || fail "a recorded run labelled control arm"

echo "check: one tracing cost line per feature set and workload group"
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	for g in cyclic massive_intr mixload; do
		[[ $(grep -cE "^tracing cost: host / $set: $g \(2 recorded, 2 unrecorded runs\):( [a-z_0-9]+ (-|[-+][0-9.]+% \[[-+][0-9.]+%, >?[-+][0-9.]+%\]))+$" "$tmp/out") == 1 ]] ||
			fail "no tracing cost of $set/$g: $(grep 'tracing cost' "$tmp/out")"
	done
done
[[ $(grep -c "^tracing cost:" "$tmp/out") == 6 ]] || fail "tracing cost lines: $(grep 'tracing cost' "$tmp/out")"
! grep -q "repeat [34]" "$tmp/out" || fail "the bench end lists the control runs as runs without a table"

echo "check: the gate and compare read the recorded runs only"
rc=0
"$sb" gate --base "$root:host/NO_PREEMPT_SHORT" --cand "$root:host/PREEMPT_SHORT" --json "$tmp/v.json" \
	>/dev/null 2>&1 || rc=$?
((rc != 2 && rc != 4)) || fail "gate exited $rc"
jq -e '[.rules[] | select(.verdict != "not applicable") | .base, .cand |
	.runs + .lost_event_runs + .runs_without_value] | length > 0 and all(. == 2)' \
	"$tmp/v.json" >/dev/null || fail "gate counted other runs: $(jq -c '[.rules[] | {name, base, cand}]' "$tmp/v.json")"
"$sb" compare "$root" >"$tmp/cmp" 2>&1 || fail "compare exited $?: $(cat "$tmp/cmp")"
! grep -qi "untraced\|repeat [34]" "$tmp/cmp" || fail "compare shows control runs"

if (($(nproc) >= 2)); then
	echo "check: run units (--jobs 2) know their control runs from plan.json"
	jq '.untraced_repeats = 1' "$tmp/control.json" >"$tmp/units.json"
	"$sb" run --kernel host --scenario "$tmp/units.json" --results "$tmp/units" --jobs 2 \
		>"$tmp/out2" 2>&1 || fail "exit $?: $(tail "$tmp/out2")"
	unfold "$tmp/out2" >"$tmp/out2.joined" && mv "$tmp/out2.joined" "$tmp/out2"
	root=$(readlink -f "$tmp/units/latest")
	for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
		jq -e '.run.untraced == true and .recorder.tool == "none"' "$root/host/$set/3/manifest.json" \
			>/dev/null || fail "unit $set/3 was not a control run"
		jq -e '.run.untraced == null' "$root/host/$set/2/manifest.json" >/dev/null ||
			fail "unit $set/2 was a control run"
	done
	[[ $(grep -c "^tracing cost: host / .* (2 recorded, 1 unrecorded runs): " "$tmp/out2") == 6 ]] ||
		fail "tracing cost after the units: $(grep 'tracing cost' "$tmp/out2")"
fi
finish
