#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench bisect without a VM or a build: bad usage is exit 2 with one
# line naming the option; a bisect log whose steps are all done is
# continued into its answer (first bad patch and subject, exit 0 as `git
# bisect run` ends; a range of candidates when steps were skipped, exit 3;
# a bad end that does not regress, exit 1: no regression; more checks than the error budget was split over, said);
# a log with a step out of turn, or with other settings, is refused (exit 2,
# the file and field named). Logs are written here as the bisection writes
# them, over 2- and 4-patch series of kernels/bisect-demo's patches.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
export SLICEBENCH_KERNELS=$tmp/k
demo=kernels/bisect-demo/patches
scenario=configs/bisect.json
mkdir -p "$tmp/k/two/patches" "$tmp/k/plain"
mkdir -p "$tmp/k/four/patches"
for p in 0001-panic-comment.patch 0003-sched-fair-PREEMPT_SHORT-default-off.patch; do
	ln -s "$PWD/$demo/$p" "$tmp/k/two/patches/$p"
	echo "$p" >>"$tmp/k/two/patches/series"
done
for p in "$demo"/000[1-4]-*.patch; do
	ln -s "$PWD/$p" "$tmp/k/four/patches/"
	basename "$p" >>"$tmp/k/four/patches/series"
done
jq -n --arg frag "$PWD/kernels/common/config.fragment" '{type: "source",
	tree: "/usr/src/linux-source-6.12.tar.xz", fragment: $frag}' >"$tmp/k/plain/kernel.json"
jq '. + {series: "patches/series"}' "$tmp/k/plain/kernel.json" >"$tmp/k/two/kernel.json"
cp "$tmp/k/two/kernel.json" "$tmp/k/four/kernel.json"

usage() { # regex args...: exit 2 and one line matching regex on stderr
	local want=$1
	shift
	expect_rc 2 "$sb" bisect "$@"
	check "usage: $want" grep -qE "^slicebench bisect: .*$want" "$tmp/err"
	check_eq "one line" 1 "$(wc -l <"$tmp/err")"
}
usage "--good, --bad and --scenario are required" --good two+0 --bad two
usage "--scenario: nope.json: cannot read" --good two+0 --bad two --scenario nope.json
usage "--bad: plain is no source kernel with a patch series" --good two+0 --bad plain --scenario "$scenario"
usage "--good: two\\+2: NAME\\+K of the bad end's series, K below" --good two+2 --bad two --scenario "$scenario"
usage "--bad: two\\+x: K of NAME\\+K is a patch count" --good two+0 --bad two+x --scenario "$scenario"
usage "--good: plain\\+0: NAME\\+K names a step of the bad end's series only" --good plain+0 --bad two --scenario "$scenario"
usage "--good: two:0: write the patch count as NAME\\+K: two\\+0$" --good two:0 --bad two --scenario "$scenario"
usage "--bad: two:1: write the patch count as NAME\\+K: two\\+1$" --good two+0 --bad two:1 --scenario "$scenario"
usage "--bad: two\\+-1: K of NAME\\+K is a patch count" --good two+0 --bad two+-1 --scenario "$scenario"
usage "unknown kernel 'nope'" --good nope --bad two --scenario "$scenario"

# log NAME STEPS_JSON: the log of `--good NAME+0 --bad NAME` with these
# steps, its settings as the bisection writes them.
log() {
	local dir=$tmp/r/bisect-$1 p n split=1 span=1 patches=()
	mkdir -p "$dir"
	while read -r p; do
		patches+=("$(jq -nc --arg f "$p" --arg s "$(sed -n 's/^Subject: \[PATCH\] //p' "$demo/$p")" \
			--arg h "$(sha256sum "$demo/$p" | cut -d' ' -f1)" '{file: $f, subject: $s, sha256: $h}')")
	done <"$tmp/k/$1/patches/series"
	n=${#patches[@]}
	while ((span < n)); do
		span=$((span * 2)) split=$((split + 1))
	done
	printf '%s\n' "${patches[@]}" | jq -s --arg k "$1" --argjson n "$n" --argjson split "$split" \
		--arg sc "$scenario" --arg scsha "$(sha256sum "$scenario" | cut -d' ' -f1)" \
		--argjson steps "$2" '{schema: 1, settings: {good: "\($k)+0", bad: $k,
		good_step: 0, bad_step: $n, scenario: $sc, scenario_sha256: $scsha,
		patches: ., error_split: $split, max_repeats: 0, accel: null},
		steps: $steps}' >"$dir/bisect-log.json"
}
step() { # NAME k verdict -> one step of a log
	jq -nc --arg n "$1" --argjson k "$2" --arg v "$3" '{step: $k, kernel: "\($n)-\($k)",
		verdict: $v, build_s: -1, check_exit: 0, base_runs: 4, cand_runs: 5,
		check_s: 60.5, interval: [0, 2]}'
}
bisect() { # NAME [options]
	local k=$1
	shift
	rc_of "$sb" bisect --good "$k+0" --bad "$k" --scenario "$scenario" --results "$tmp/r" "$@" \
		>"$tmp/out" 2>"$tmp/err"
}

echo "check: a finished log is continued into its answer: the first bad patch, exit 0"
log two "[$(step two 2 bad), $(step two 1 good)]"
bisect two
cat "$tmp/out"
check_eq "exit code" 0 "$rc"
check "continued" grep -q 'continuing .*: 2 step(s) done' "$tmp/out"
check "first bad" grep -qx 'first bad: 0003-sched-fair-PREEMPT_SHORT-default-off.patch (sched/fair: make PREEMPT_SHORT default off (known-bad demo))' "$tmp/out"
check "evidence rows" grep -qE '^  2 +1 +two-1 +good +4/5 +cached' "$tmp/out"
check "totals" grep -q '^total: 2 steps (expected 2), 18 runs' "$tmp/out"

echo "check: a skipped step leaves a range of candidates, exit 3"
log two "[$(step two 2 bad), $(step two 1 skip)]"
bisect two
check_eq "exit code, range" 3 "$rc"
check "range said" grep -q '^first bad: one of steps 1..2' "$tmp/out"
check "candidates named" grep -q '^  candidate: 0001-panic-comment.patch' "$tmp/out"

echo "check: skips beyond the split are said; the range names each candidate"
log four "[$(step four 4 bad), $(step four 2 skip), $(step four 1 good), $(step four 3 skip)]"
bisect four
check_eq "exit code, range of 3" 3 "$rc"
check "range" grep -q '^first bad: one of steps 2..4' "$tmp/out"
check "third candidate" grep -q '^  candidate: 0004-exit-comment.patch (exit: point to the task reaping path (comment only))' "$tmp/out"
check "budget note" grep -q '^note: skipped steps made the bisection take more checks than the 3' "$tmp/out"

echo "check: a bad end that does not regress: nothing to bisect, exit 1"
log two "[$(step two 2 good)]"
bisect two
check_eq "exit code, no regression" 1 "$rc"
check "said" grep -q '^the bad end (two) does not regress against the good end (two-0)' "$tmp/out"

echo "check: a step out of turn is refused, naming it"
log two "[$(step two 1 bad)]"
bisect two
check_eq "exit code, out of turn" 2 "$rc"
check "named" grep -q 'bisect-log.json: steps\[0\]: "step" is not the step the bisection tests next (2)' "$tmp/err"

echo "check: a log made with other settings is refused"
log two "[$(step two 2 bad), $(step two 1 good)]"
bisect two --max-repeats 6
check_eq "exit code, other settings" 2 "$rc"
check "named" grep -q 'bisect-log.json: settings: a bisection with other settings' "$tmp/err"
finish
