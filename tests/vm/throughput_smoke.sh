#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# configs/throughput-smoke.json on the debian kernel under TCG: hackbench and
# stress-ng run in the guest under their slices through slicectl, their own
# figures arrive parsed into the workload documents (result and metrics),
# the DELAY_DEQUEUE features read back as requested, compare shows the
# throughput metrics side by side, and the end summary and the gate are
# judged by the rules the scenario names (ci/gate-throughput.json).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: configs/throughput-smoke.json on debian under TCG completes"
"$sb" run --kernel debian --scenario configs/throughput-smoke.json \
	--accel tcg --results "$tmp/res" >"$tmp/out" 2>&1 ||
	{
		cat "$tmp/out"
		fail "run exited $?"
	}
root=$(readlink -f "$tmp/res/latest")
for set in DELAY_DEQUEUE NO_DELAY_DEQUEUE; do
	d=$root/debian/$set/1
	jq -e '.status == "complete"' "$d/manifest.json" >/dev/null ||
		fail "$d/manifest.json: $(jq -c '{status,failure}' "$d/manifest.json")"
	tr ' ' '\n' <"$d/features.txt" | grep -qx "$set" ||
		fail "$set run reads back: $(cat "$d/features.txt")"
	echo "check: $set: hackbench's time in each hackbench document"
	for w in hackbench-pipe-short hackbench-pipe-long \
		hackbench-socket-short hackbench-socket-long; do
		jq -e '.tool == "hackbench" and .status == "ok" and
		  .result.time_s > 0 and .result.tasks == 8 and
		  .result.messages_per_sender == 300 and
		  .metrics.time_s.value == .result.time_s and
		  .metrics.time_s.better == "lower"' \
			"$d/workloads/$w.json" >/dev/null ||
			fail "$d/workloads/$w.json: $(jq -c . "$d/workloads/$w.json")"
		grep -q "^Time: " "$d/workloads/$w.out" || fail "$w.out has no Time line"
	done
	echo "check: $set: stress-ng's bogo-ops/s per stressor"
	for w in stress-ng-short stress-ng-long; do
		jq -e '.tool == "stress-ng" and .status == "ok" and
		  (.result.stressors | keys) == ["pipe", "switch"] and
		  all(.result.stressors[]; .bogo_ops > 0 and
		      .bogo_ops_per_s_real > 0 and .bogo_ops_per_s_usr_sys > 0) and
		  .metrics.pipe_ops_per_s.value ==
		    .result.stressors.pipe.bogo_ops_per_s_real and
		  .metrics.pipe_ops_per_s.better == "higher" and
		  .metrics.switch_ops_per_s.value > 0' \
			"$d/workloads/$w.json" >/dev/null ||
			fail "$d/workloads/$w.json: $(jq -c . "$d/workloads/$w.json")"
		grep -q '^\.\.\.$' "$d/workloads/$w.yaml" || fail "$w.yaml incomplete"
	done
	echo "check: $set: the tools ran under slicectl with their slices"
	grep -q 'slicectl' "$d/workloads/stress-ng-short.log" &&
		fail "slicectl complained: $(cat "$d/workloads/stress-ng-short.log")"
	jq -e '[.tasks[] | select(.workload == "stress-ng-short")] | length >= 3' \
		"$d/schedstat.json" >/dev/null || fail "no stress-ng-short tasks sampled"
done

echo "check: compare shows the throughput metrics of both feature sets"
"$sb" compare "$root" >"$tmp/cmp" 2>&1 || fail "compare exited $?: $(cat "$tmp/cmp")"
for m in "hackbench-pipe-short +time_s" "stress-ng-short +pipe_ops_per_s" \
	"stress-ng-long +switch_ops_per_s"; do
	grep -Eq "$m" "$tmp/cmp" || fail "compare lacks \"$m\": $(cat "$tmp/cmp")"
done
echo "check: the end summary is judged by the rules the scenario names"
grep -qx 'rules: ci/gate-throughput.json (named by the scenario)' "$tmp/out" ||
	fail "run output does not name the scenario's rules: $(head -5 "$tmp/out")"
echo "check: the throughput rules find their groups on both sides without --rules (1 run: exit 3)"
rc=0
"$sb" gate --base "$root:debian/DELAY_DEQUEUE" --cand "$root:debian/NO_DELAY_DEQUEUE" \
	>"$tmp/gate" 2>&1 || rc=$?
((rc == 3)) || fail "gate exit $rc, want 3: $(cat "$tmp/gate")"
grep -qx 'rules: ci/gate-throughput.json (named by the scenario)' "$tmp/gate" ||
	fail "gate does not name the scenario's rules: $(cat "$tmp/gate")"
(($(grep -c 'insufficient data' "$tmp/gate") == 6)) ||
	fail "not 6 rules short of runs: $(cat "$tmp/gate")"
echo "throughput smoke: all checks passed"
