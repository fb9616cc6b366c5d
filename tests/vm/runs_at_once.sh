#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test (debian kernel, virtual time): runs at once (harness/matrix.c,
# run_one_child), each in a child of its own, as many as the host has CPUs
# for and at least two: three runs complete, the second started before the
# first ended; kill -9 of slicebench while two guests run leaves no process
# of the matrix (children, QEMU) 2 s later, and the same command resumes
# and completes the matrix. That a run measures the same at once as alone
# is tests/vm/restore_virtual.sh's. About 2 min.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
jq '.duration = "1s" | .repeats = 3' configs/merge-check.json >"$tmp/sc.json"
res=$tmp/res
# ours: slicebench, its children and QEMU all name the results directory
ours() { pgrep -f -- "$res" || true; }
cleanup() {
	local p
	for p in $(ours); do kill -9 "$p"; done
}
at_exit cleanup

echo "check: three runs, two or more at once"
expect 0 '\(3 runs, 0 failed\)' timeout 600 "$sb" run --kernel debian \
	--scenario "$tmp/sc.json" --accel virtual --results "$tmp/a"
grep -qE '^[23] runs at once: in virtual time each measures the same as alone$' "$tmp/out" ||
	fail "no line saying the runs at once"
n=$(complete_runs "$tmp/a/latest" | wc -l)
((n == 3)) || fail "$n complete runs, want 3"
order=$(grep -oE '^\[[0-9]/3\] [^ ]*: (running|complete)' "$tmp/out" | tr '\n' ',')
[[ $order == "[1/3] debian/default/1: running,[2/3] debian/default/2: running,"* ]] ||
	fail "run 2 did not start beside run 1: $order"
for r in 1 2 3; do
	d=$(readlink -f "$tmp/a/latest")/debian/default/$r
	jq -e '.status == "complete" and .vm.accel == "virtual"' "$d/manifest.json" >/dev/null ||
		fail "run $r: $(jq -c '{status, failure}' "$d/manifest.json")"
	[[ -s $d/table.txt ]] || fail "run $r: no table.txt"
done
echo "ok: $order"

echo "check: kill -9 of slicebench while two runs are going on"
"$sb" run --kernel debian --scenario "$tmp/sc.json" --accel virtual \
	--results "$res" >"$tmp/run.out" 2>&1 &
pid=$!
for ((i = 0; i < 3000; i++)); do
	grep -q '\[2/3\] debian/default/2: running' "$tmp/run.out" && break
	sleep 0.1
done
grep -q '\[2/3\] debian/default/2: running' "$tmp/run.out" ||
	{ cat "$tmp/run.out"; fail "run 2 never started"; }
kill9_leaves_none "$pid" ours "process of the matrix"

echo "check: the same command resumes the matrix and completes it"
expect 0 'resuming: ' timeout 600 "$sb" run --kernel debian --scenario "$tmp/sc.json" \
	--accel virtual --results "$res"
n=$(complete_runs "$res/latest" | wc -l)
((n == 3)) || fail "$n complete runs after the resume, want 3"
[[ -z $(find "$res" -name '*.tmp') ]] || fail "temp run directories left"
finish
