#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench bisect without a VM or a build: bad usage is exit 2 with one
# line naming the option; a bisect log whose steps are all done is
# continued into its answer (first bad patch and subject, exit 1; a range
# of candidates when steps were skipped, exit 3; a bad end that does not
# regress, exit 3); a log with a step out of turn, or with other settings,
# is refused (exit 2, the file and field named). Logs are written here as
# the bisection writes them, over a 2-patch series of kernels/bisect-demo.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
export SLICEBENCH_KERNELS=$tmp/k
demo=kernels/bisect-demo/patches
scenario=configs/bisect.json
mkdir -p "$tmp/k/two/patches" "$tmp/k/plain"
for p in 0001-panic-comment.patch 0003-sched-fair-PREEMPT_SHORT-default-off.patch; do
	ln -s "$PWD/$demo/$p" "$tmp/k/two/patches/$p"
	echo "$p" >>"$tmp/k/two/patches/series"
done
jq -n --arg frag "$PWD/kernels/common/config.fragment" '{type: "source",
	tree: "/usr/src/linux-source-6.12.tar.xz", fragment: $frag}' >"$tmp/k/plain/kernel.json"
jq '. + {series: "patches/series"}' "$tmp/k/plain/kernel.json" >"$tmp/k/two/kernel.json"

usage() { # regex args...: exit 2 and one line matching regex on stderr
	local want=$1
	shift
	expect_rc 2 "$sb" bisect "$@"
	check "usage: $want" grep -qE "^slicebench bisect: .*$want" "$tmp/err"
	check_eq "one line" 1 "$(wc -l <"$tmp/err")"
}
usage "--good, --bad and --scenario are required" --good two:0 --bad two
usage "--scenario: nope.json: cannot read" --good two:0 --bad two --scenario nope.json
usage "--bad: plain is no source kernel with a patch series" --good two:0 --bad plain --scenario "$scenario"
usage "--good: two:2: NAME:K of the bad end's series, K below" --good two:2 --bad two --scenario "$scenario"
usage "--bad: two:x: K of NAME:K is a patch count" --good two:0 --bad two:x --scenario "$scenario"
usage "--good: plain:0: NAME:K names a step of the bad end's series only" --good plain:0 --bad two --scenario "$scenario"
usage "unknown kernel 'nope'" --good nope --bad two --scenario "$scenario"

# log STEPS_JSON: the log of `--good two:0 --bad two` with these steps.
log() {
	local dir=$tmp/r/bisect-two
	mkdir -p "$dir"
	jq -n --arg sc "$scenario" --arg scsha "$(sha256sum "$scenario" | cut -d' ' -f1)" \
		--arg s1 "$(sha256sum "$demo/0001-panic-comment.patch" | cut -d' ' -f1)" \
		--arg s3 "$(sha256sum "$demo/0003-sched-fair-PREEMPT_SHORT-default-off.patch" | cut -d' ' -f1)" \
		--argjson steps "$1" '{schema: 1, settings: {good: "two:0", bad: "two",
		good_step: 0, bad_step: 2, scenario: $sc, scenario_sha256: $scsha,
		patches: [{file: "0001-panic-comment.patch",
		subject: "panic: say where the panic notifiers live (comment only)", sha256: $s1},
		{file: "0003-sched-fair-PREEMPT_SHORT-default-off.patch",
		subject: "sched/fair: make PREEMPT_SHORT default off (known-bad demo)", sha256: $s3}],
		error_split: 2, max_repeats: 0, accel: null}, steps: $steps}' >"$dir/bisect-log.json"
}
step() { # k verdict -> one step of a log
	jq -nc --argjson k "$1" --arg v "$2" '{step: $k, kernel: "two-\($k)", verdict: $v,
		build_s: -1, check_exit: 0, base_runs: 4, cand_runs: 5, check_s: 60.5,
		interval: [0, 2]}'
}
bisect() { rc_of "$sb" bisect --good two:0 --bad two --scenario "$scenario" --results "$tmp/r" "$@" >"$tmp/out" 2>"$tmp/err"; }

echo "check: a finished log is continued into its answer: the first bad patch, exit 1"
log "[$(step 2 bad), $(step 1 good)]"
bisect
cat "$tmp/out"
check_eq "exit code" 1 "$rc"
check "continued" grep -q 'continuing .*: 2 step(s) done' "$tmp/out"
check "first bad" grep -qx 'first bad: 0003-sched-fair-PREEMPT_SHORT-default-off.patch (sched/fair: make PREEMPT_SHORT default off (known-bad demo))' "$tmp/out"
check "evidence rows" grep -qE '^  2 +1 +two-1 +good +4/5 +cached' "$tmp/out"
check "totals" grep -q '^total: 2 steps (expected 2), 18 runs' "$tmp/out"

echo "check: a skipped step leaves a range of candidates, exit 3"
log "[$(step 2 bad), $(step 1 skip)]"
bisect
check_eq "exit code, range" 3 "$rc"
check "range said" grep -q '^first bad: one of steps 1..2' "$tmp/out"
check "candidates named" grep -q '^  candidate: 0001-panic-comment.patch' "$tmp/out"

echo "check: a bad end that does not regress: nothing to bisect, exit 3"
log "[$(step 2 good)]"
bisect
check_eq "exit code, no regression" 3 "$rc"
check "said" grep -q '^the bad end (two) does not regress against the good end (two-0)' "$tmp/out"

echo "check: a step out of turn is refused, naming it"
log "[$(step 1 bad)]"
bisect
check_eq "exit code, out of turn" 2 "$rc"
check "named" grep -q 'bisect-log.json: steps\[0\]: "step" is not the step the bisection tests next (2)' "$tmp/err"

echo "check: a log made with other settings is refused"
log "[$(step 2 bad), $(step 1 good)]"
bisect --max-repeats 6
check_eq "exit code, other settings" 2 "$rc"
check "named" grep -q 'bisect-log.json: settings: a bisection with other settings' "$tmp/err"
finish
