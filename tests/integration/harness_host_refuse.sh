#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host mode never compares feature sets under one and the same features:
# with a features file it cannot write (a stand-in, SLICEBENCH_FEATURES_PATH,
# missing or a directory: root may write any plain file) it refuses before
# any run with exit 4, naming the feature, the file and why; with
# --features-as-is it runs one set, filed as "as-found", sets nothing, and the
# notes, manifests and the bench end say "features as found, not set" (its
# regime line speaks of the host's CPUs, with no guest speed).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
orig="PLACE_LAG RUN_TO_PARITY PREEMPT_SHORT DELAY_DEQUEUE"
cat >"$tmp/s.json" <<JSON
{"name": "refuse", "duration": "200ms", "repeats": 1,
 "feature_sets": [{"name": "A", "features": ["NO_PREEMPT_SHORT"]},
                  {"name": "B", "features": ["PREEMPT_SHORT"]}],
 "workloads": [{"tool": "cyclic", "count": 1, "slice": "500us", "cpus": "0",
                "args": ["--interval", "1ms"]}]}
JSON

# refused WHAT WHY: the run exits 4 at once, says why, and writes nothing.
refused() {
	local rc=0 start end
	start=$(date +%s%N)
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res-$1" \
		>"$tmp/out" 2>&1 || rc=$?
	end=$(date +%s%N)
	((rc == 4)) || fail "$1: exit $rc: $(cat "$tmp/out")"
	grep -qF "$SLICEBENCH_FEATURES_PATH: cannot set feature NO_PREEMPT_SHORT for kernel host: $2" \
		"$tmp/out" || fail "$1: message: $(cat "$tmp/out")"
	((end - start < 1000000000)) || fail "$1: took $(((end - start) / 1000000)) ms"
	[[ ! -e $tmp/res-$1 ]] || fail "$1: a results directory was made"
	echo "ok: $1: exit 4, '$2', no results directory"
}

echo "check: a missing features file is refused"
export SLICEBENCH_FEATURES_PATH=$tmp/no-such-features
refused missing "the file is missing"

echo "check: an unwritable features file is refused"
export SLICEBENCH_FEATURES_PATH=$tmp/features-dir
mkdir "$SLICEBENCH_FEATURES_PATH"
refused unwritable "Is a directory"

echo "check: slicebench check refuses it the same way before any run"
rc=0
"$sb" check --base host --cand debian --scenario "$tmp/s.json" --feature-set A \
	--results "$tmp/res-check" >"$tmp/out" 2>&1 || rc=$?
((rc == 4)) || fail "check: exit $rc: $(cat "$tmp/out")"
grep -qF "slicebench check: $SLICEBENCH_FEATURES_PATH: cannot set feature NO_PREEMPT_SHORT for kernel host: Is a directory" \
	"$tmp/out" || fail "check: message: $(cat "$tmp/out")"
[[ ! -e $tmp/res-check ]] || fail "check: a results directory was made"
echo "ok: check: exit 4, no results directory"

# The kernel's own file, where root cannot write it (lockdown, as on the
# project's machines): debugfs is mounted for the check when absent, so the
# reason is the file's own, and unmounted again after it.
debugfs_state() { mount | grep -c ' /sys/kernel/debug type debugfs' || true; }
real_unsettable() {
	local was r=1
	was=$(debugfs_state)
	((was)) || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || return 1
	[[ -e /sys/kernel/debug/sched/features ]] &&
		! { : >>/sys/kernel/debug/sched/features; } 2>/dev/null && r=0
	((was)) || umount /sys/kernel/debug
	return $r
}
if ((EUID == 0)) && real_unsettable; then
	echo "check: the kernel's features file, debugfs mounted for the check only"
	before=$(debugfs_state)
	rc=0
	env -u SLICEBENCH_FEATURES_PATH "$sb" run --kernel host --scenario "$tmp/s.json" \
		--results "$tmp/res-real" >"$tmp/out" 2>&1 || rc=$?
	((rc == 4)) || fail "real: exit $rc: $(cat "$tmp/out")"
	grep -q "sched/features: cannot set feature NO_PREEMPT_SHORT for kernel host: " "$tmp/out" ||
		fail "real: message: $(cat "$tmp/out")"
	! grep -q "debugfs is not mounted" "$tmp/out" || fail "real: debugfs was not mounted"
	[[ $(debugfs_state) == "$before" ]] || fail "real: debugfs left $(debugfs_state) mounts, was $before"
	echo "ok: refused for the file's own reason, debugfs as it was ($before mounts)"
	env -u SLICEBENCH_FEATURES_PATH "$sb" run --kernel host --scenario "$tmp/s.json" \
		--results "$tmp/res-real-as-is" --features-as-is >"$tmp/out" 2>&1 ||
		fail "real --features-as-is: exit $?: $(cat "$tmp/out")"
	d=$(readlink -f "$tmp/res-real-as-is/latest")/host/as-found/1
	# read during the run through the debugfs mounted for it: the file's own error
	jq -e '.features.read_back | test("No such file") | not' "$d/agent.json" >/dev/null ||
		fail "real --features-as-is: $(jq -c .features "$d/agent.json")"
	[[ $(debugfs_state) == "$before" ]] || fail "real --features-as-is: debugfs left mounted"
	echo "ok: --features-as-is read the kernel's file through debugfs, then unmounted it"
else
	echo "note: not root, or the kernel's features file is writable here: real refusal not tried"
fi

# as_is WHAT: --features-as-is runs one set, filed as "as-found" (nothing
# was set, so no set's name is true of it), and says so everywhere.
as_is() {
	local root d
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res-as-is-$1" \
		--features-as-is >"$tmp/out" 2>&1 || fail "$1: exit $?: $(cat "$tmp/out")"
	grep -q "features as found, not set; the runs are filed as feature set as-found (the scenario's sets do not run)" "$tmp/out" ||
		fail "$1: no note on screen: $(cat "$tmp/out")"
	grep -q "^note: host / as-found: host mode: features as found, not set" "$tmp/out" ||
		fail "$1: the bench end does not say so: $(cat "$tmp/out")"
	# a busy host makes it " SATURATED (...): host CPU busy ..."
	grep -qE "^ (SATURATED .*: )?host CPU busy" "$tmp/out" || fail "$1: no host regime line: $(cat "$tmp/out")"
	! grep -q "guest runs at" "$tmp/out" || fail "$1: a guest speed without a guest"
	root=$(readlink -f "$tmp/res-as-is-$1/latest")
	[[ $(jq -c '[.runs[] | .feature_set]' "$root/plan.json") == '["as-found"]' ]] ||
		fail "$1: plan: $(jq -c '[.runs[] | .feature_set]' "$root/plan.json")"
	d=$root/host/as-found/1
	jq -e '.status == "complete" and .features.settable == false and
		(.features.note | test("features as found, not set"))' "$d/manifest.json" >/dev/null ||
		fail "$1: manifest: $(jq -c '{status, features}' "$d/manifest.json")"
	# pinned on the host as in a guest: the preflight watched that CPU
	jq -e '.preflight.workload_cpus == "0" and
		[.preflight.busy_before_start[].cpu] == [0]' "$d/manifest.json" >/dev/null ||
		fail "$1: preflight: $(jq -c .preflight "$d/manifest.json")"
	echo "ok: $1: --features-as-is ran one set, filed as as-found, and says so"
}

echo "check: --features-as-is runs one set where features cannot be set"
as_is unwritable

echo "check: --features-as-is leaves a settable features file as it is"
export SLICEBENCH_FEATURES_PATH=$tmp/features
echo "$orig" >"$SLICEBENCH_FEATURES_PATH"
as_is settable
[[ $(cat "$SLICEBENCH_FEATURES_PATH") == "$orig" ]] ||
	fail "features changed: $(cat "$SLICEBENCH_FEATURES_PATH")"
echo "ok: the features file was not written"

echo "check: --features-as-is with separate unit processes is bad usage"
rc=0
"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res-jobs" \
	--features-as-is --jobs 1 >"$tmp/out" 2>&1 || rc=$?
((rc == 2)) || fail "--jobs: exit $rc: $(cat "$tmp/out")"
grep -q -- "--features-as-is goes with the local runner" "$tmp/out" ||
	fail "--jobs: message: $(cat "$tmp/out")"
echo "ok: exit 2"

echo "check: a settable features file runs both sets"
"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res-set" >"$tmp/out" 2>&1 ||
	fail "settable: exit $?: $(cat "$tmp/out")"
root=$(readlink -f "$tmp/res-set/latest")
[[ $(jq -c '[.runs[] | .feature_set]' "$root/plan.json") == '["A","B"]' ]] ||
	fail "settable: plan: $(jq -c '[.runs[] | .feature_set]' "$root/plan.json")"
echo "ok: both sets ran"
finish
