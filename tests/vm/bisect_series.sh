#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test: `slicebench bisect` over a 4-patch series (the first four of
# kernels/bisect-demo, the third is regress-demo's PREEMPT_SHORT change):
# the bad end is checked first, then steps 2 and 3; it names the third
# patch and exits 0. Re-running continues from the log (nothing is run
# again); other settings on the same log are bad usage; a patch that does
# not apply is named (exit 2) and its step is not built (the exit 1 of a bad
# end that does not regress is tested without a VM in
# tests/integration/bisect_log.sh). Step kernels are built in place and
# share the cache with make bisect-demo (same keys).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
[[ -r /usr/src/linux-source-6.12.tar.xz ]] || skip "no linux-source-6.12"

mkdir -p "$tmp/k/bisect4/patches"
for p in kernels/bisect-demo/patches/000[1-4]-*.patch; do
	ln -s "$PWD/$p" "$tmp/k/bisect4/patches/"
	basename "$p" >>"$tmp/k/bisect4/patches/series"
done
jq -n --arg frag "$PWD/kernels/common/config.fragment" '{type: "source",
	tree: "/usr/src/linux-source-6.12.tar.xz", fragment: $frag,
	series: "patches/series"}' >"$tmp/k/bisect4/kernel.json"
bisect() { # results-root good bad [options] -> exit code in rc; output in $tmp/out
	local results=$1 good=$2 bad=$3
	shift 3
	SLICEBENCH_KERNELS=$tmp/k rc_of "$sb" bisect --good "$good" --bad "$bad" \
		--scenario configs/bisect.json \
		--results "$tmp/$results" "$@" >"$tmp/out" 2>&1
}
log=$tmp/r/bisect-bisect4/bisect-log.json

echo "check: a patch of the series that does not apply is named, exit 2"
mkdir -p "$tmp/k/broken/patches"
ln -s "$PWD/kernels/bisect-demo/patches/0001-panic-comment.patch" "$tmp/k/broken/patches/"
sed 's/PREEMPT_SHORT, true/PREEMPT_SHORT, maybe/' kernels/bisect-demo/patches/0003-*.patch \
	>"$tmp/k/broken/patches/0002-broken.patch"
printf '%s\n' 0001-panic-comment.patch 0002-broken.patch >"$tmp/k/broken/patches/series"
cp "$tmp/k/bisect4/kernel.json" "$tmp/k/broken/kernel.json"
bisect rb broken+0 broken
check_eq "exit code, broken patch" 2 "$rc"
check "named" grep -q '/0002-broken.patch: patch 2 of kernel broken.s series does not apply after the 1 before it' "$tmp/out"

echo "check: bisecting 4 patches names the third, after steps 4, 2, 3"
bisect r bisect4+0 bisect4
grep -E '^(bisect|step|  [0-9]+ patch|  bisect4|  check:|evidence|total|first bad)' "$tmp/out"
check_eq "exit code" 0 "$rc"
check "first bad named" grep -q '^first bad: 0003-sched-fair-PREEMPT_SHORT-default-off.patch (sched/fair: make PREEMPT_SHORT default off' "$tmp/out"
check_eq "steps" "[4,2,3]" "$(jq -c '[.steps[].step]' "$log")"
check_eq "verdicts" '["bad","good","bad"]' "$(jq -c '[.steps[].verdict]' "$log")"
check "error budget said" grep -q 'each check spending 1/3 of the rules' "$tmp/out"
check "a step's check spends 1/3" grep -q '^check: alpha and pass error split over 3 checks: alpha 0.333%, pass error 1.67% here' \
	"$tmp/r/bisect-bisect4/step-4/check.log"
check "build time said" grep -qE 'bisect4-[0-9] \([0-9] patches\): (built in [0-9]+ s|cached build)' "$tmp/out"

echo "check: re-running continues from the log and runs nothing again"
bisect r bisect4+0 bisect4
check_eq "exit code again" 0 "$rc"
check "continued" grep -q 'continuing .*3 step(s) done' "$tmp/out"
check "no check run again" bash -c "! grep -q '^  check' '$tmp/out'"

echo "check: other settings on the same log are bad usage"
bisect r bisect4+0 bisect4 --max-repeats 9
check_eq "exit code, other settings" 2 "$rc"
check "settings named" grep -q 'bisect-log.json: settings: a bisection with other settings' "$tmp/out"

finish
