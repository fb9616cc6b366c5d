#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench check's journal of looks, on synthetic runs already in place
# (two host-type kernels, so nothing boots and nothing runs): each look is
# recorded with its runs, levels and verdict; a failed run keeps its slot,
# is named and counted as lost, and is not made again; a resume replays
# the journal's looks to a byte-identical journal, also after losing its
# last looks; a journal the runs on disk, the rules file or the scenario
# no longer fit is refused (exit 2, file, field and value named).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
scenario=configs/merge-check.json
export SLICEBENCH_KERNELS=$tmp/k
for k in kA kB; do
	mkdir -p "$tmp/k/$k"
	echo '{"type": "host", "description": "a side of the journal test"}' >"$tmp/k/$k/kernel.json"
done
sha=$(sha256sum "$scenario" | cut -d' ' -f1)
rules=$(jq -r .rules "$scenario") # the rules the scenario names

# DIR MAX SEED_BASE SEED_CAND [synth key=value for the candidate...]:
# a check's run directory with every run of MAX rounds made.
made() {
	local d=$1 max=$2 sb_seed=$3 sc_seed=$4
	shift 4
	bash "$synth" "$d" kA default "$max" "$sb_seed"
	bash "$synth" "$d" kB default "$max" "$sc_seed" "$@"
	cp "$scenario" "$d/scenario.json"
	jq -n --arg sha "$sha" --argjson max "$max" '{schema: 1,
		scenario: {name: "merge-check", sha256: $sha},
		kernels: ["kA", "kB"], repeats: $max,
		runs: [range(1; $max + 1) as $r |
			(if $r % 2 == 1 then ["kA", "kB"] else ["kB", "kA"] end)[] |
			{kernel: ., feature_set: "default", repeat: $r}]}' >"$d/plan.json"
}
failed() { # RUN_DIR: the run failed
	jq '.status = "failed" | .failure = "synthetic failure"' "$1/manifest.json" >"$1/m"
	mv "$1/m" "$1/manifest.json"
}
run_check() { # DIR MAX [more options]: the exit code
	local d=$1 max=$2 rc=0
	shift 2
	"$sb" check --base kA --cand kB --scenario "$scenario" --max-repeats "$max" \
		--resume "$d" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	echo "$rc"
}
no_runs_made() {
	if grep -q ': running$' "$tmp/out"; then
		cat "$tmp/out"
		soft_fail "a run was made"
	fi
}

echo "== a regression, with a failed candidate run in round 2"
r1=$tmp/r1
made "$r1" 6 11 12 delay=3
failed "$r1/kB/default/2"
rc=$(run_check "$r1" 6 --json "$tmp/v1.json")
check_eq "regression found" 1 "$rc"
cat "$tmp/out"
no_runs_made
grep -q 'round 2: kB: failed before, not made again' "$tmp/out" || soft_fail "failed run not named"
grep -q '1 failed (counted as lost, not made again): kB/default/2' "$tmp/out" ||
	soft_fail "final line does not name the failed run"
j=$r1/check-journal.json
check_eq "one look" 1 "$(jq '.looks | length' "$j")"
check_eq "at round 5 (the candidate's 4th complete run)" 5 "$(jq '.looks[0].round' "$j")"
check_eq "failed run named" '["kB/default/2"]' "$(jq -c '.looks[0].failed_runs' "$j")"
check_eq "candidate runs" '["kB/default/1","kB/default/3","kB/default/4","kB/default/5"]' \
	"$(jq -c '.looks[0].cand_runs' "$j")"
check_eq "base runs" 5 "$(jq '.looks[0].base_runs | length' "$j")"
jq -e '.looks[0] | .outcome == "regression" and .exit_code == 1 and
	.alpha > 0 and .alpha < 0.01 and .pass_alpha > 0 and .pass_alpha < 0.05 and
	(.information - 2 * 5 * 4 / 9 / 6 | fabs) < 1e-12' "$j" >/dev/null ||
	soft_fail "look record: $(jq -c '.looks[0]' "$j")"
check_eq "the report is the journal's look" regression "$(jq -r .outcome "$tmp/v1.json")"
cp "$j" "$tmp/j1"
echo "== the same command replays the look, spends nothing again"
rc=$(run_check "$r1" 6)
check_eq "replayed regression" 1 "$rc"
check_eq "a regression is bad for git bisect run" 1 "$(run_check "$r1" 6 --bisect-exit)"
no_runs_made
grep -q '^look 1 at round 5: .*regression (replayed, as the journal says)' "$tmp/out" ||
	soft_fail "look not replayed: $(cat "$tmp/out")"
cmp "$tmp/j1" "$j" || soft_fail "the journal changed on a replay"

echo "== several looks, and a resume after the last looks were lost"
r2=$tmp/r2
made "$r2" 8 21 22 run_sd=0.25
# the runs are made, and the check stopped before its first look
jq -n '{schema: 2, spending: "Lan-DeMets O'"'"'Brien-Fleming type, exact boundaries",
	base: "kA", cand: "kB", feature_set: "default", max_repeats: 8, min_runs: 4,
	rules: $n, alpha: 0.01, pass_error: 0.05, rules_sha256: $rsha,
	scenario_sha256: $sha, looks: []}' --argjson n "$(jq '.rules | length' "$rules")" \
	--arg rsha "$(sha256sum "$rules" | cut -d' ' -f1)" --arg sha "$sha" >"$r2/check-journal.json"
rc=$(run_check "$r2" 8)
cat "$tmp/out"
no_runs_made
j=$r2/check-journal.json
n=$(jq '.looks | length' "$j")
echo "exit $rc after $n looks"
((n >= 3)) || soft_fail "wanted 3 looks or more, got $n"
jq -e '[.looks[].information] | . == sort and (. | unique | length) == length' "$j" >/dev/null ||
	soft_fail "information does not grow look by look"
jq -e '[.looks[].alpha] | . == sort' "$j" >/dev/null || soft_fail "levels do not grow"
cp "$j" "$tmp/j2"
jq '.looks |= .[:1]' "$tmp/j2" >"$j"
rc2=$(run_check "$r2" 8)
check_eq "same exit code after the resume" "$rc" "$rc2"
no_runs_made
grep -q '^look 1 at round 4: .*(replayed, as the journal says)' "$tmp/out" || soft_fail "look 1 not replayed"
if grep -q '^look 2 .*replayed' "$tmp/out"; then soft_fail "look 2 claimed replayed"; fi
cmp "$tmp/j2" "$j" || {
	diff "$tmp/j2" "$j"
	soft_fail "the resumed journal is not byte-identical"
}

check_eq "this one cannot decide" 3 "$rc"
check_eq "cannot decide is skip for git bisect run" 125 "$(run_check "$r2" 8 --bisect-exit)"
check_eq "bad usage stops git bisect run" 255 "$(run_check "$r2" 8 --bisect-exit --max-repeats x)"
echo "== journals the runs or the rules no longer fit are refused"
jq '.looks[1].base_runs |= .[1:]' "$tmp/j2" >"$j"
rc=$(run_check "$r2" 8)
check_eq "a look over other runs" 2 "$rc"
grep -q 'check-journal.json: looks\[1\].base_runs: .*cannot be replayed' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
cp "$tmp/j2" "$j"
jq '.alpha = 0.02' "$rules" >"$tmp/rules.json"
rc=$(run_check "$r2" 8 --rules "$tmp/rules.json")
check_eq "other rules' alpha" 2 "$rc"
grep -q 'check-journal.json: alpha: 0.01: the journal was made with 0.01; this check has 0.02' "$tmp/err" ||
	soft_fail "$(cat "$tmp/err")"
echo "== 3: a journal resumed under other tolerances or another scenario is refused"
jq '(.rules[] | select(.group == "massive_intr") | .tolerance_pct) = 20' "$rules" >"$tmp/rules.json"
rc=$(run_check "$r2" 8 --rules "$tmp/rules.json")
check_eq "massive_intr tolerances 5 % -> 20 %, alpha and rule count the same" 2 "$rc"
check "the rules' hash named" grep -q \
	"check-journal.json: rules_sha256: \"$(sha256sum "$rules" | cut -d' ' -f1)\": the journal was made with" "$tmp/err"
jq '.scenario_sha256 = "0000"' "$tmp/j2" >"$j"
rc=$(run_check "$r2" 8)
check_eq "a journal of another scenario" 2 "$rc"
check "the scenario's hash named" grep -q \
	'check-journal.json: scenario_sha256: "0000": the journal was made with "0000"; this check has "'"$sha"'"' "$tmp/err"
cp "$tmp/j2" "$j"
rm -r "$r2/kB/default/3"
rc=$(run_check "$r2" 8)
check_eq "a run gone from a journaled look" 2 "$rc"
grep -q 'check-journal.json: looks\[0\]' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
cmp "$tmp/j2" "$j" || soft_fail "a refused replay changed the journal"
finish
