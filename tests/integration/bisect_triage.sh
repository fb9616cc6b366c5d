#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The triage of slicebench bisect --features, without a VM or a build.
# check --cand-features, on synthetic runs already in place (two host-type
# kernels: nothing boots): the candidate's runs are those of its own set
# ("<set>.<feature>"), the plan has no others, the journal records the
# set, the guests' copy of the scenario has it, and a resume with another
# feature is refused; a bad list is exit 2.
# bisect: a finished log with its triage is continued into the mechanism
# ("flipping F removes the regression: the mechanism is F") and the first
# bad patch (exit 0); --triage-only stops after the triage (exit 0); a feature
# neither the scenario's set nor the bad end's features line says is on
# or off is exit 2 before any check; bad lists are exit 2.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
scenario=configs/merge-check.json
export SLICEBENCH_KERNELS=$tmp/k SLICEBENCH_CACHE=$tmp/cache
export SLICEBENCH_FEATURES_PATH=$tmp/features
echo "PLACE_LAG RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY DELAY_DEQUEUE" >"$SLICEBENCH_FEATURES_PATH"
for k in kA kB; do
	mkdir -p "$tmp/k/$k"
	echo '{"type": "host", "description": "a side of the triage test"}' >"$tmp/k/$k/kernel.json"
done
sha=$(sha256sum "$scenario" | cut -d' ' -f1)

echo "check: the candidate runs its own set, recorded in plan and journal"
d=$tmp/c1
bash "$synth" "$d" kA default 6 11
bash "$synth" "$d" kB default.NO_PREEMPT_SHORT 6 12 delay=3
cp "$scenario" "$d/scenario.json"
jq -n --arg sha "$sha" '{schema: 1, scenario: {name: "merge-check", sha256: $sha},
	kernels: ["kA", "kB"], repeats: 6,
	runs: [range(1; 7) as $r |
		(if $r % 2 == 1 then ["kA", "kB"] else ["kB", "kA"] end)[] |
		{kernel: ., feature_set: (if . == "kA" then "default" else "default.NO_PREEMPT_SHORT" end),
		 repeat: $r}]}' >"$d/plan.json"
# the runs are made, and the check stopped before its first look
jq -n --argjson n "$(jq '.rules | length' "$(jq -r .rules "$scenario")")" '{schema: 1,
	spending: "Lan-DeMets O'"'"'Brien-Fleming type, exact boundaries",
	base: "kA", cand: "kB", feature_set: "default", max_repeats: 6, min_runs: 4,
	rules: $n, alpha: 0.01, pass_error: 0.05,
	cand_feature_set: "default.NO_PREEMPT_SHORT", looks: []}' >"$d/check-journal.json"
check_run() { # [options]: check kA against kB resuming $d
	rc_of "$sb" check --base kA --cand kB --scenario "$scenario" --max-repeats 6 \
		--resume "$d" "$@" >"$tmp/out" 2>"$tmp/err"
}
check_run --cand-features NO_PREEMPT_SHORT
cat "$tmp/out" "$tmp/err"
check_eq "a regression" 1 "$rc"
check "no run made" test -z "$(grep ': running$' "$tmp/out")"
check_eq "journal: the candidate's set" default.NO_PREEMPT_SHORT \
	"$(jq -r .cand_feature_set "$d/check-journal.json")"
check_eq "journal: the base's set" default "$(jq -r .feature_set "$d/check-journal.json")"
check "candidate runs of its set" grep -q '"kB/default.NO_PREEMPT_SHORT/1"' "$d/check-journal.json"
check_eq "the guests' scenario has both sets" '[{"name":"default","features":[]},{"name":"default.NO_PREEMPT_SHORT","features":["NO_PREEMPT_SHORT"]}]' \
	"$(jq -c .feature_sets "$d/cand-scenario.json")"
check_eq "the rest as it was" "$(jq -c 'del(.feature_sets)' "$scenario")" \
	"$(jq -c 'del(.feature_sets)' "$d/cand-scenario.json")"

echo "check: a resume with another feature is refused"
check_run --cand-features NO_DELAY_DEQUEUE
check_eq "exit code" 2 "$rc"
cat "$tmp/err"
check "the plan differs" grep -q "$d" "$tmp/err"

echo "check: a bad --cand-features is exit 2, one line"
for bad in preempt "X,,Y" "" NO_ NO_NO_PREEMPT_SHORT; do
	check_run --cand-features "$bad"
	check_eq "exit code ($bad)" 2 "$rc"
	check "named" grep -q "^slicebench check: --cand-features: $bad " "$tmp/err"
	check_eq "one line" 1 "$(wc -l <"$tmp/err")"
done

demo=kernels/bisect-demo/patches
bscenario=configs/bisect.json
mkdir -p "$tmp/k/two/patches"
for p in 0001-panic-comment.patch 0003-sched-fair-PREEMPT_SHORT-default-off.patch; do
	ln -s "$PWD/$demo/$p" "$tmp/k/two/patches/$p"
	echo "$p" >>"$tmp/k/two/patches/series"
done
jq -n --arg frag "$PWD/kernels/common/config.fragment" '{type: "source",
	tree: "/usr/src/linux-source-6.12.tar.xz", fragment: $frag,
	series: "patches/series"}' >"$tmp/k/two/kernel.json"

# log GOOD GOOD_STEP SPLIT STEPS TRIAGE: the log of `--good GOOD --bad two
# --features PREEMPT_SHORT`, its settings as the bisection writes them.
log() {
	local dir=$tmp/r/bisect-two p patches=()
	mkdir -p "$dir"
	while read -r p; do
		patches+=("$(jq -nc --arg f "$p" --arg s "$(sed -n 's/^Subject: \[PATCH\] //p' "$demo/$p")" \
			--arg h "$(sha256sum "$demo/$p" | cut -d' ' -f1)" '{file: $f, subject: $s, sha256: $h}')")
	done <"$tmp/k/two/patches/series"
	printf '%s\n' "${patches[@]}" | jq -s --arg good "$1" --argjson gs "$2" --argjson split "$3" \
		--arg sc "$bscenario" --arg scsha "$(sha256sum "$bscenario" | cut -d' ' -f1)" \
		--argjson steps "$4" --argjson triage "$5" '{schema: 1, settings: {good: $good,
		bad: "two", good_step: $gs, bad_step: 2, scenario: $sc, scenario_sha256: $scsha,
		patches: ., error_split: $split, max_repeats: 0, accel: null,
		features: ["PREEMPT_SHORT"]}, steps: $steps, triage: $triage}' >"$dir/bisect-log.json"
}
step() { # k verdict
	jq -nc --argjson k "$1" --arg v "$2" '{step: $k, kernel: "two-\($k)", verdict: $v,
		build_s: -1, check_exit: 0, base_runs: 4, cand_runs: 4, check_s: 60.5, interval: [0, 2]}'
}
flipped='[{"feature": "PREEMPT_SHORT", "setting": "PREEMPT_SHORT", "verdict": "removes",
	"check_exit": 0, "base_runs": 6, "cand_runs": 6, "check_s": 90.5}]'
bisect() { # GOOD [options]
	local good=$1
	shift
	rc_of "$sb" bisect --good "$good" --bad two --scenario "$bscenario" --results "$tmp/r" \
		--features PREEMPT_SHORT "$@" >"$tmp/out" 2>"$tmp/err"
}

echo "check: a finished log with its triage: the mechanism, then the first bad patch"
log two+0 0 3 "[$(step 2 bad), $(step 1 good)]" "$flipped"
bisect two+0
cat "$tmp/out" "$tmp/err"
check_eq "exit code" 0 "$rc"
check "mechanism" grep -qx 'triage: flipping PREEMPT_SHORT removes the regression: the mechanism is PREEMPT_SHORT' "$tmp/out"
check "first bad" grep -q '^first bad: 0003-sched-fair-PREEMPT_SHORT-default-off.patch' "$tmp/out"
check "triage runs counted" grep -q '^total: 2 steps (expected 2), 28 runs' "$tmp/out"

echo "check: --triage-only stops after the triage"
log two+0 0 3 "[$(step 2 bad)]" "$flipped"
bisect two+0 --triage-only
check_eq "exit code" 0 "$rc"
check "said" grep -q '^triage only: the bad end (two) regresses; the bisection was not run' "$tmp/out"
check "no step checked" test ! -e "$tmp/r/bisect-two/step-1"

echo "check: a feature nobody says is on or off: exit 2 before any check"
mkdir -p "$tmp/k/hostk"
echo '{"type": "host"}' >"$tmp/k/hostk/kernel.json"
rm -rf "$tmp/r/bisect-two"
log hostk -1 4 "[$(step 2 bad)]" "[]"
bisect hostk
cat "$tmp/err"
check_eq "exit code" 2 "$rc"
check "named" grep -q '^slicebench bisect: --features: PREEMPT_SHORT: the feature set "default" of configs/bisect.json leaves it alone' "$tmp/err"
check "no triage check" test ! -e "$tmp/r/bisect-two/triage-PREEMPT_SHORT"

echo "check: bad lists are exit 2, one line"
for bad in "preempt" "X,NO_X"; do
	bisect two+0 --features "$bad"
	check_eq "exit code ($bad)" 2 "$rc"
	check "named" grep -q "^slicebench bisect: --features: " "$tmp/err"
done
rc_of "$sb" bisect --good two+0 --bad two --scenario "$bscenario" --triage-only >"$tmp/out" 2>"$tmp/err"
check_eq "--triage-only alone" 2 "$rc"
check "said" grep -q -- '--triage-only needs --features' "$tmp/err"
finish
