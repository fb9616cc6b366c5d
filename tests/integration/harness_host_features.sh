#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host mode sets the scheduler features where it can: with a stand-in for
# /sys/kernel/debug/sched/features (SLICEBENCH_FEATURES_PATH, a plain file
# that host mode writes as the kernel's file behaves; the real one is
# locked down here), each run's set is written and read back, and the
# original set is back afterwards: after a complete matrix, after a
# workload crash, after one Ctrl-C (slicebench stops) and after two (it is
# killed: a guard process restores them).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
orig="PLACE_LAG RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY DELAY_DEQUEUE"
export SLICEBENCH_FEATURES_PATH=$tmp/features
echo "$orig" >"$SLICEBENCH_FEATURES_PATH"

# host_scenario FILE DURATION [EXTRA_WORKLOAD_JSON]
host_scenario() {
	cat >"$1" <<JSON
{"name": "feat", "duration": "$2", "repeats": 1,
 "feature_sets": [{"name": "A", "features": ["NO_PREEMPT_SHORT"]},
                  {"name": "B", "features": ["NO_PREEMPT_SHORT", "NO_DELAY_DEQUEUE"]}],
 "workloads": [{"tool": "cyclic", "count": 1, "slice": "500us",
                "args": ["--interval", "1ms"]}${3:+, $3}]}
JSON
}

restored() { # what
	local now
	now=$(cat "$SLICEBENCH_FEATURES_PATH")
	[[ $now == "$orig" ]] || fail "$1: features are '$now', want '$orig'"
	echo "ok: $1: the original set is back"
}

echo "check: each run's set is written and read back"
host_scenario "$tmp/s.json" 200ms
expect 0 'runs complete|complete' "$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
root=$(readlink -f "$tmp/res/latest")/host
jq -e '.features.settable == true and
	.features.read_back == "PLACE_LAG RUN_TO_PARITY NO_PREEMPT_SHORT NO_NEXT_BUDDY DELAY_DEQUEUE"' \
	"$root/A/1/manifest.json" >/dev/null || fail "A: $(jq -c .features "$root/A/1/manifest.json")"
jq -e '.features.read_back == "PLACE_LAG RUN_TO_PARITY NO_PREEMPT_SHORT NO_NEXT_BUDDY NO_DELAY_DEQUEUE"' \
	"$root/B/1/manifest.json" >/dev/null || fail "B: $(jq -c .features "$root/B/1/manifest.json")"
restored "a complete matrix"

echo "check: a workload crash"
host_scenario "$tmp/crash.json" 200ms \
	'{"name": "crasher", "tool": "sh", "args": ["-c", "kill -SEGV $$"]}'
expect 4 'failed' "$sb" run --kernel host --scenario "$tmp/crash.json" --results "$tmp/res-crash"
restored "a workload crash"

# sigint_run N: N Ctrl-C (SIGINT) once run A has set its features.
sigint_run() {
	local res=$tmp/res-int$1 pid i rc=0
	host_scenario "$tmp/long.json" 3s
	"$sb" run --kernel host --scenario "$tmp/long.json" --results "$res" >"$tmp/out" 2>&1 &
	pid=$!
	for ((i = 0; i < 300; i++)); do
		grep -q NO_PREEMPT_SHORT "$SLICEBENCH_FEATURES_PATH" && break
		sleep 0.05
	done
	grep -q NO_PREEMPT_SHORT "$SLICEBENCH_FEATURES_PATH" || fail "run A never set its features"
	for ((i = 0; i < $1; i++)); do
		kill -INT "$pid"
		sleep 0.2
	done
	wait "$pid" || rc=$?
	echo "ok: $1 x SIGINT: exit $rc"
	for ((i = 0; i < 100; i++)); do # the guard may still be at it
		[[ $(cat "$SLICEBENCH_FEATURES_PATH") == "$orig" ]] && break
		sleep 0.05
	done
}
echo "check: one Ctrl-C mid-run"
sigint_run 1
restored "one Ctrl-C"
echo "check: two Ctrl-C mid-run (slicebench killed)"
sigint_run 2
restored "two Ctrl-C"
finish
