#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test (debian kernel, TCG): QEMU dies with slicebench. kill -9 of
# slicebench while its guest runs leaves no QEMU of that run 2 s later; the
# same command then resumes the run and completes it. A guest whose agent
# does not end powers itself off after sb.watchdog seconds (guest init's
# watchdog), even with no host left to kill it. About 55 s.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
cat >"$tmp/s.json" <<JSON
{"name": "vmkill", "duration": "20s",
 "feature_sets": [{"name": "as-is", "features": []}],
 "workloads": [{"tool": "cyclic", "count": 1}]}
JSON
res=$tmp/res

# qemu_of_run: pids of QEMU processes whose command line names $res.
qemu_of_run() {
	pgrep -f "qemu-system-x86_64.*$res" || true
}
cleanup() {
	local p
	for p in $(qemu_of_run); do kill -9 "$p"; done
}
at_exit cleanup

echo "check: kill -9 of slicebench while the guest runs"
"$sb" run --kernel debian --accel tcg --scenario "$tmp/s.json" --results "$res" \
	>"$tmp/run.out" 2>&1 &
pid=$!
for ((i = 0; i < 1200; i++)); do
	[[ -z $(qemu_of_run) ]] || break
	sleep 0.1
done
qemu=$(qemu_of_run)
[[ -n $qemu ]] || { cat "$tmp/run.out"; fail "no QEMU of the run within 120 s"; }
pidfile=$res/latest/debian/as-is/1.tmp/qemu.pid
for ((i = 0; i < 50; i++)); do
	[[ ! -s $pidfile ]] || break
	sleep 0.1
done
[[ -s $pidfile ]] || fail "no qemu.pid in the run's .tmp"
[[ $(cat "$pidfile") == "$qemu" ]] || fail "qemu.pid holds $(cat "$pidfile"), QEMU is $qemu"
echo "ok: QEMU $qemu runs, its pid in ${pidfile#"$tmp"/}"
sleep 2 # into the guest's boot
kill9_leaves_none "$pid" qemu_of_run "QEMU of the run"

echo "check: the same command resumes the run and completes it"
expect 0 'resuming: ' timeout 300 "$sb" run --kernel debian --accel tcg \
	--scenario "$tmp/s.json" --results "$res"
n=$(complete_runs "$res/latest" | wc -l)
((n == 1)) || fail "$n complete runs, want 1"
[[ -z $(find "$res" -name '*.tmp') ]] || fail "temp run directories left"
echo "check: the kernel's own feature list is kept for the checks before a boot"
cache=${SLICEBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/slicebench}
# keyed by the image's content, not by the kernel's name
kept=$cache/features/$(sha256sum "$("$sb" kernel show debian | jq -r .image)" | cut -d' ' -f1).json
jq -e '.features | test("(^| )(NO_)?PREEMPT_SHORT( |$)")' "$kept" >/dev/null ||
	fail "no feature list in $kept"
echo "ok: $(jq -r .features "$kept" | wc -w) features of debian's image kept"

echo "check: the guest watchdog powers off a guest that runs too long"
# A 20 s window under an 8 s watchdog; the host's limit (60 s) stays far.
expect 4 '"detail": "SLICEBENCH: error guest watchdog: no end after 8s' \
	"$sb" kernel boot debian --init harness/guest/init --scenario "$tmp/s.json" \
	--accel tcg --timeout 60s --append "sb.featureset=as-is sb.seed=1 sb.watchdog=8"
grep -q '"outcome": "guest_failed"' "$tmp/out" || fail "not a guest failure: $(cat "$tmp/out")"
finish
