#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench bisect over a git range, without a VM or a build, on a small
# git repository of text commits with a merged side branch: the steps are
# the first-parent commits of good..bad (the side branch's commit is none
# of them) with the good end at position 0; a finished log is continued
# into its answer, the commit and subject of the step it names; a log of
# another commit list (the bad end's branch moved on) is refused; bad
# revisions are exit 2 naming them (no such commit, good not an ancestor
# of bad, an empty range, a kernel that is no plain source tree). A step's
# kernel (a descriptor at a commit) is checked out in a clone the cache
# owns, one per tree, the user's HEAD untouched; the build itself then
# fails, this tree having no kernel Makefile (exit 4).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
need git
export SLICEBENCH_KERNELS=$tmp/k SLICEBENCH_CACHE=$tmp/cache GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
scenario=configs/bisect.json
repo=$tmp/repo
g() { git -C "$repo" "$@"; }
commit() { # SUBJECT [FILE]: a commit adding a line to FILE; its id in $id
	echo "$1" >>"$repo/${2:-notes.txt}"
	g add "${2:-notes.txt}"
	g commit -q -m "$1"
	id=$(g rev-parse HEAD)
}
mkdir -p "$repo" "$tmp/k/gitk" "$tmp/k/series/patches"
g init -q -b main
ids=() subjects=()
for s in "base" "sched: one" "sched: two"; do
	commit "$s"
	ids+=("$id") subjects+=("$s")
done
g checkout -q -b side "${ids[1]}"
commit "side: not on the first-parent path" side.txt
side=$id
g checkout -q main
g merge -q --no-ff -m "Merge branch 'side'" side
ids+=("$(g rev-parse HEAD)") subjects+=("Merge branch 'side'")
for s in "sched: three" "sched: four"; do
	commit "$s"
	ids+=("$id") subjects+=("$s")
done
jq -n --arg tree "$repo" --arg frag "$PWD/kernels/common/config.fragment" \
	'{type: "source", tree: $tree, fragment: $frag}' >"$tmp/k/gitk/kernel.json"
echo 0001-x.patch >"$tmp/k/series/patches/series"
cp kernels/bisect-demo/patches/0001-panic-comment.patch "$tmp/k/series/patches/0001-x.patch"
mkdir -p "$tmp/k/running" && echo '{"type": "host"}' >"$tmp/k/running/kernel.json"
jq '. + {series: "patches/series"}' "$tmp/k/gitk/kernel.json" >"$tmp/k/series/kernel.json"

bisect() { # GOOD BAD [options]
	local good=$1 bad=$2
	shift 2
	rc_of "$sb" bisect --kernel gitk --good "$good" --bad "$bad" --scenario "$scenario" \
		--results "$tmp/r" "$@" >"$tmp/out" 2>"$tmp/err"
}
usage() { # regex GOOD BAD [options]: exit 2, one line on stderr matching regex
	local want=$1
	shift
	bisect "$@"
	check_eq "exit code ($want)" 2 "$rc"
	check "says: $want" grep -qE "^slicebench bisect: .*$want" "$tmp/err"
	check_eq "one line" 1 "$(wc -l <"$tmp/err")"
}

echo "check: revisions that do not make a range are bad usage, named"
usage "--good: nope: no such commit" nope main
usage "--bad: v9: no such commit" "${ids[0]}" v9
usage "--good: ${ids[2]}: is not an ancestor of --bad side" "${ids[2]}" side
usage "--bad: main: no commit after --good main" main main
usage "--kernel: series is no source kernel without a series" "${ids[0]}" main --kernel series
usage "--kernel: running is no source kernel" "${ids[0]}" main --kernel running

# log STEPS_JSON: the log of `--good ids[0] --bad main` with these steps,
# its settings as the bisection writes them; the commits are those this
# test made, the side branch's left out.
log() {
	local dir=$tmp/r/bisect-gitk i
	mkdir -p "$dir"
	for i in "${!ids[@]}"; do
		jq -nc --arg c "${ids[$i]}" --arg s "${subjects[$i]}" '{commit: $c, subject: $s}'
	done | jq -s --arg good "${ids[0]}" --arg tree "$repo" --arg sc "$scenario" \
		--arg scsha "$(sha256sum "$scenario" | cut -d' ' -f1)" --argjson steps "$1" \
		'{schema: 1, settings: {good: $good, bad: "main", good_step: 0,
		bad_step: (length - 1), scenario: $sc, scenario_sha256: $scsha,
		commits: ., error_split: 4, max_repeats: 0, accel: null,
		kernel: "gitk", tree: $tree}, steps: $steps}' >"$dir/bisect-log.json"
}
step() { # k verdict -> one step of a log
	jq -nc --argjson k "$1" --arg v "$2" --arg c "${ids[$1]}" '{step: $k,
		kernel: "gitk-\($c[0:12])", verdict: $v, build_s: -1, check_exit: 0,
		base_runs: 4, cand_runs: 4, check_s: 30.5, interval: [0, 5]}'
}

echo "check: a finished log is continued into its answer: the merge commit, exit 0"
log "[$(step 5 bad), $(step 2 good), $(step 3 bad)]"
bisect "${ids[0]}" main
cat "$tmp/out" "$tmp/err"
check_eq "exit code" 0 "$rc"
check "range said" grep -q '^bisect: gitk (steps 1..5 of 5 first-parent commits) against gitk-'"${ids[0]:0:12}" "$tmp/out"
check "continued" grep -q 'continuing .*: 3 step(s) done' "$tmp/out"
check "first bad" grep -qx "first bad: ${ids[3]} Merge branch 'side'" "$tmp/out"
check "evidence row" grep -qE "^  2 +2 +gitk-${ids[2]:0:12} +good +4/4 +cached" "$tmp/out"
check "no side commit" test "$(grep -c "${side}" "$tmp/r/bisect-gitk/bisect-log.json")" = 0

echo "check: a skipped step leaves a range of commits, each named"
log "[$(step 5 bad), $(step 2 good), $(step 3 skip), $(step 4 bad)]"
bisect "${ids[0]}" main
check_eq "exit code, range" 3 "$rc"
check "range" grep -q '^first bad: one of steps 3..4' "$tmp/out"
check "candidate" grep -qx "  candidate: ${ids[4]} sched: three" "$tmp/out"

echo "check: the bad end's branch moved on: another commit list, refused"
log "[$(step 5 bad), $(step 2 good), $(step 3 bad)]"
commit "sched: five"
bisect "${ids[0]}" main
check_eq "exit code, other commits" 2 "$rc"
check "named" grep -q 'bisect-log.json: settings: a bisection with other settings' "$tmp/err"
check "user's HEAD kept" test "$(g rev-parse HEAD)" = "$id"

echo "check: a step's kernel is checked out in the cache's clone, at its commit"
for k in 1 2; do
	jq --arg c "${ids[$k]:0:10}" '. + {commit: $c}' "$tmp/k/gitk/kernel.json" >"$tmp/k/step$k.json"
	mkdir -p "$tmp/k/step$k" && mv "$tmp/k/step$k.json" "$tmp/k/step$k/kernel.json"
	expect_rc 4 "$sb" kernel build "step$k"
	check "make was reached" grep -q "make tinyconfig failed" "$tmp/err"
	clone=$(echo "$tmp"/cache/builds/*.git-work/src)
	check_eq "clone at commit $k" "${ids[$k]}" "$(git -C "$clone" rev-parse HEAD)"
done
check_eq "one clone for the tree" 1 "$(find "$tmp/cache/builds" -maxdepth 1 -name '*.git-work' | wc -l)"
check "user's HEAD still kept" test "$(g rev-parse HEAD)" = "$id"
check "user's tree clean" test -z "$(g status --porcelain)"
jq '. + {commit: "nope", series: "x"}' "$tmp/k/gitk/kernel.json" >"$tmp/k/step1/kernel.json"
expect_rc 2 "$sb" kernel build step1
check "commit and series" grep -q 'commit: nope: and series exclude each other' "$tmp/err"
jq '. + {commit: "nope"}' "$tmp/k/gitk/kernel.json" >"$tmp/k/step1/kernel.json"
expect_rc 2 "$sb" kernel build step1
check "no such commit" grep -q 'commit: nope: no such commit in the git tree' "$tmp/err"
finish
