#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench gate --base on --cand synthetic results: regressions exit 1, A-vs-A exits 0,
# too few repeats or undecided rules (optional ones too) exit 3, bad input (a required rule
# matching nothing) exits 2, runs with lost events are left out and named;
# outputs are well formed; the rules a run's scenario names judge it
# without --rules.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/csv.sh
source tests/lib/csv.sh
synth=tests/fixtures/ci/synth.sh
# shellcheck disable=SC2317 # run through check
exits1() { ! "$@"; }
gate() {
	local rc=0
	"$sb" gate "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	echo "$rc"
}

r=$tmp/r
quiet="run_sd=0.02 iv_sd=0.05"
# shellcheck disable=SC2086 # $quiet is two words
bash "$synth" "$r" debian PREEMPT_SHORT 6 1 $quiet
bash "$synth" "$r" debian NO_PREEMPT_SHORT 4 2 delay=3
# shellcheck disable=SC2086
bash "$synth" "$r" debian PREEMPT_SHORT_B 6 3 $quiet
# shellcheck disable=SC2086
bash "$synth" "$r" debian NEAR 6 9 $quiet delay=1.15
# shellcheck disable=SC2086
bash "$synth" "$r" debian HACK 6 10 $quiet hackbench=1.075
bash "$synth" "$r" debian SLOW 4 4 loops=0.7 hackbench=1.5
bash "$synth" "$r" debian ONE 1 5 intervals_keep=0
bash "$synth" "$r" debian THREE 3 6
bash "$synth" "$r" debian NOISY 4 7 run_sd=0.6
bash "$synth" "$r" debian NOISY_B 4 8 run_sd=0.6

echo "== a clear latency regression exits 1"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/NO_PREEMPT_SHORT" \
	--json "$tmp/v.json" --markdown "$tmp/v.md" --junit "$tmp/v.xml" --csv "$tmp/v.csv")
check_eq "cyclic delay x3" 1 "$rc"
echo "== --csv: RFC 4180, a row per rule, the JSON's names, verdicts, notes and changes"
check_eq "every row ends CRLF" "$(wc -l <"$tmp/v.csv")" "$(grep -c $'\r$' "$tmp/v.csv")"
csv_tsv "$tmp/v.csv" >"$tmp/v.tsv"
check_eq "the header" "rule group metric unit base cand change_pct interval_lo_pct interval_hi_pct tolerance_pct tolerance_abs pass_bound_pct pass_bound_abs base_runs cand_runs required verdict note" \
	"$(head -1 "$tmp/v.tsv" | tr '\t' ' ')"
check_eq "18 cells a row" "" "$(awk -F'\t' 'NF != 18' "$tmp/v.tsv")"
check_eq "a row per rule" "$(jq '.rules | length' "$tmp/v.json")" "$(($(wc -l <"$tmp/v.tsv") - 1))"
check "a note with quotes was quoted" grep -q '"no time_s values for ""hackbench-pipe-short"" on either side"' "$tmp/v.csv"
check_eq "names, verdicts and notes as the JSON's" \
	"$(jq -r '.rules[] | [.name, .group, .metric, .verdict, (.note // "")] | @tsv' "$tmp/v.json")" \
	"$(tail -n +2 "$tmp/v.tsv" | cut -f1,2,3,17,18)"
check_eq "changes as the JSON's" "" "$(paste <(tail -n +2 "$tmp/v.tsv" | cut -f7) \
	<(jq -r '.rules[] | .change_pct // ""' "$tmp/v.json") |
	awk -F'\t' '$1 != $2 && ($1 == "" || $2 == "" || ($1 - $2) ^ 2 > 1e-6 * ($2 ^ 2 + 1))')"
cat "$tmp/out"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/v.json")
check_eq "JSON names the cyclic avg delay regression ($v)" regression "$v"
[[ $(jq -r .outcome "$tmp/v.json") == regression ]] || soft_fail "outcome"
[[ $(jq -r .schema "$tmp/v.json") == 1 ]] || soft_fail "schema"
[[ $(jq -r .method.alpha "$tmp/v.json") == 0.01 ]] || soft_fail "method.alpha in JSON"
jq -e '.rules[] | select(.name == "cyclic avg delay") | .not_ruled_out_pct > 0 and .p_regression < 0.01' \
	"$tmp/v.json" >/dev/null || soft_fail "per-rule figures in JSON"
grep -q '<failure type="regression"' "$tmp/v.xml" || soft_fail "junit failure"
n=$(grep -c '<testcase ' "$tmp/v.xml")
check_eq "JUnit has one testcase per applicable rule ($n)" \
	"$(jq '[.rules[] | select(.verdict != "not applicable")] | length' "$tmp/v.json")" "$n"
na=$(jq '[.rules[] | select(.verdict == "not applicable")] | length' "$tmp/v.json")
check "JUnit counts the $na rules not applicable in one property" \
	grep -q "property name=\"not_applicable\" value=\"$na rules" "$tmp/v.xml"
if command -v xmllint >/dev/null; then xmllint --noout "$tmp/v.xml"; fi
grep -q '^### slicebench gate: regression' "$tmp/v.md" || soft_fail "markdown"
grep -q '^Method: Welch t .*<= 1%' "$tmp/v.md" || soft_fail "markdown method"
grep -q 'property name="method" value="Welch t' "$tmp/v.xml" || soft_fail "junit method"

echo "== a run's DIR/KERNEL/SET path is DIR:KERNEL/SET; -q after the command"
rc=$(gate --base "$r/debian/PREEMPT_SHORT" --cand "$r/debian/NO_PREEMPT_SHORT/" -q --json "$tmp/p.json")
check_eq "paths, delay x3" 1 "$rc"
check "the same verdicts as with DIR:KERNEL/SET" cmp -s <(jq -c .rules "$tmp/v.json") <(jq -c .rules "$tmp/p.json")

check "no figure in scientific notation" exits1 grep -qE '[0-9]e[+-][0-9]' "$tmp/out"

echo "== throughput regressions exit 1"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/SLOW" --json "$tmp/t.json")
check_eq "loops/s x0.7, hackbench x1.5" 1 "$rc"
for rule in "massive_intr throughput" "hackbench time"; do
	v=$(jq -r --arg n "$rule" '.rules[] | select(.name == $n) | .verdict' "$tmp/t.json")
	check_eq "$rule is a regression ($v)" regression "$v"
done

echo "== the same distributions pass"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a1.json")
check_eq "A vs A' (same distributions, other draws)" 0 "$rc"
cat "$tmp/out"
"$sb" gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a2.json" >/dev/null
check_eq "same inputs, same verdicts and intervals" "$(jq -c .rules "$tmp/a1.json")" \
	"$(jq -c .rules "$tmp/a2.json")"

echo "== a pass rules out the tolerance itself, on every rule with values"
# a rules file chosen for these runs keeps only the rules of their groups
jq '.rules[0] |= del(.min_effect_abs) |
	.rules |= map(select(.group | test("^(hackbench|stress-ng)-") | not))' \
	ci/gate.json >"$tmp/ratio.json"
rc=$(gate --rules "$tmp/ratio.json" --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/NEAR" --json "$tmp/near.json")
check_eq "cyclic avg delay +15 % (1.5x its tolerance) is no pass" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/near.json")
check_eq "cyclic avg delay +15 % is inconclusive ($v)" inconclusive "$v"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/HACK" --json "$tmp/hack.json")
check_eq "optional hackbench time +7.5 %, the required rules passing" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "hackbench time") | "\(.required) \(.verdict)"' "$tmp/hack.json")
check_eq "the optional rule is undecided ($v)" "false inconclusive" "$v"
v=$(jq -r '[.rules[] | select(.required) | .verdict] | unique | join(",")' "$tmp/hack.json")
check_eq "the required rules pass ($v)" pass "$v"

echo "== fewer than 4 runs a side never decide: exit 3, insufficient"
rc=$(gate --base "$r:debian/THREE" --cand "$r:debian/NO_PREEMPT_SHORT" --json "$tmp/three.json")
check_eq "3 against 4 runs, delay x3" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/three.json")
check_eq "cyclic avg delay is insufficient ($v)" "insufficient data" "$v"
grep -q 'a verdict needs 4 a side' "$tmp/out" || soft_fail "no reason given"
grep -q '^caution:   3 base and 4 candidate runs: a verdict needs 4 a side' "$tmp/out" || soft_fail "no caution"
jq -e '.cautions | length == 1' "$tmp/three.json" >/dev/null || soft_fail "no caution in JSON"
check "the caution comes first, before the table" test \
	"$(grep -n -m1 '^caution:' "$tmp/out" | cut -d: -f1)" -lt "$(grep -n -m1 '^RULE ' "$tmp/out" | cut -d: -f1)"
check "no interval of a side without a verdict" exits1 grep -qE '\[-100%, -100%\]' "$tmp/out"
[[ $(jq -r .outcome "$tmp/three.json") == "cannot decide" ]] || soft_fail "outcome"

echo "== no rule decided: exit 3, with the runs that would decide"
rc=$(gate --base "$r:debian/NOISY" --cand "$r:debian/NOISY_B" --json "$tmp/noisy.json" --junit "$tmp/noisy.xml")
check_eq "run-to-run sd 0.6, 4 against 4" 3 "$rc"
check "JUnit: undecided rules are errors, never skips" \
	grep -q '<error type="cannot decide"' "$tmp/noisy.xml"
check "JUnit: no skipped test case" exits1 grep -q '<skipped' "$tmp/noisy.xml"
check "JUnit: the suite counts the errors" grep -qE 'errors="[1-9][0-9]*" skipped="0"' "$tmp/noisy.xml"
cat "$tmp/out"
n=$(jq '[.rules[] | select(.verdict == "inconclusive" and .runs_needed != null)] | length' "$tmp/noisy.json")
[[ $n -ge 1 ]] || soft_fail "no inconclusive rule says how many runs would decide"
grep -q 'runs a side would' "$tmp/out" || soft_fail "runs needed not in the text"

echo "== a rule of a chosen rules file whose group is on neither side is bad input"
for req in true false; do
	jq --argjson q $req '.rules[0].group = "cyclc" | .rules[0].required = $q |
		.rules |= map(select(.group | test("^(hackbench|stress-ng)-") | not))' \
		ci/gate.json >"$tmp/rules.json"
	rc=$(gate --rules "$tmp/rules.json" --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT_B")
	check_eq "rule on group cyclc, required $req" 2 "$rc"
	check "the file, the rule and the group named" grep -q \
		"$tmp/rules.json: rules\[0\].group: \"cyclc\" (rule \"cyclic avg delay\") is on neither side" "$tmp/err"
done

echo "== runs with lost events are left out of the delay rules and named"
cp -r "$r" "$tmp/lost"
t=$tmp/lost/debian/NO_PREEMPT_SHORT/2/table.json
jq '.lost_events = 37' "$t" >"$t.x" && mv "$t.x" "$t"
rc=$(gate --base "$tmp/lost:debian/PREEMPT_SHORT" --cand "$tmp/lost:debian/NO_PREEMPT_SHORT" --json "$tmp/lost.json")
check_eq "the workload's own latency still regresses" 1 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | "\(.verdict) \(.cand.runs) \(.cand.lost_event_runs)"' "$tmp/lost.json")
check_eq "3 runs left for the delay rules: no verdict on them" "insufficient data 3 1" "$v"
grep -q '^excluded from the delay rules (lost events): cand debian/NO_PREEMPT_SHORT/2 (37 lost events)' "$tmp/out" ||
	soft_fail "the excluded run is not named: $(head -5 "$tmp/out")"
[[ $(jq -r '.excluded_runs[0].lost_events' "$tmp/lost.json") == 37 ]] || soft_fail "excluded_runs in JSON"
v=$(jq -r '.rules[] | select(.name == "massive_intr throughput") | .cand.runs' "$tmp/lost.json")
check_eq "a workload's own figure keeps the run ($v runs)" 4 "$v"

echo "== a run whose scenario names rules is judged by them without --rules"
check "the default rules said" grep -qx 'rules: ci/gate.json (the default)' "$tmp/out"
cp -r "$r" "$tmp/named"
jq '.rules = "ci/gate-throughput.json"' "$r/scenario.json" >"$tmp/named/scenario.json"
rc=$(gate --base "$tmp/named:debian/PREEMPT_SHORT" --cand "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "the throughput rules name groups these runs lack" 2 "$rc"
check "the scenario's rules said" grep -qx 'rules: ci/gate-throughput.json (named by the scenario)' "$tmp/out"
grep -q 'ci/gate-throughput.json: rules\[0\].group: "hackbench-pipe-short" (rule "hackbench pipe time, short slice") is on neither side' "$tmp/err" ||
	soft_fail "$(cat "$tmp/err")"
rc=$(gate --rules ci/gate.json --base "$tmp/named:debian/PREEMPT_SHORT" --cand "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "--rules overrides the scenario's (ci/gate.json's optional rules may name groups a scenario lacks)" 0 "$rc"
check "--rules said" grep -qx 'rules: ci/gate.json (--rules)' "$tmp/out"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "BASE and CAND scenarios naming different rules" 2 "$rc"
check "the disagreement named" grep -q 'named/scenario.json: rules: "ci/gate-throughput.json" differs from .*: pass --rules' "$tmp/err"
jq '.rules = "ci/no-such-gate.json"' "$r/scenario.json" >"$tmp/named/scenario.json"
rc=$(gate --base "$tmp/named:debian/PREEMPT_SHORT" --cand "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "a scenario naming a missing rules file" 2 "$rc"
check_eq "one line naming file, field and value" 1 "$(grep -c 'named/scenario.json: rules: "ci/no-such-gate.json" is not a usable rules file: .*No such file' "$tmp/err")"

echo "== too few repeats exit 3"
rc=$(gate --base "$r:debian/ONE" --cand "$r:debian/THREE")
check_eq "1 against 3 repeats" 3 "$rc"
grep -q 'insufficient data' "$tmp/out" || soft_fail "no 'insufficient data'"

echo "== bad input exits 2"
rc=$(gate --base "$r:nosuch/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "missing kernel" 2 "$rc"
grep -q 'kernels there: debian' "$tmp/err" || soft_fail "message: $(cat "$tmp/err")"
rc=$(gate --base "$r:debian/NOSUCH" --cand "$r:debian/PREEMPT_SHORT")
check_eq "missing feature set" 2 "$rc"
check "the sets there listed" grep -q 'feature sets of kernel debian there: PREEMPT_SHORT, NO_PREEMPT_SHORT' "$tmp/err"
mkdir -p "$tmp/empty/debian/X"
rc=$(gate --base "$tmp/empty" --cand "$r:debian/PREEMPT_SHORT")
check_eq "no runs at all" 4 "$rc"
check "the spec forms named" grep -q 'expected DIR\[:kernel\[/feature-set\]\], or a run.s DIR/KERNEL\[/FEATURE-SET\]' "$tmp/err"
rc=$(gate --base "$r" --cand "$r:debian/PREEMPT_SHORT")
check_eq "ambiguous BASE" 2 "$rc"
grep -q 'PREEMPT_SHORT' "$tmp/err" && cat "$tmp/err"
jq '.rules[0].metric = "avg_dleay_ms"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "unknown rule metric" 2 "$rc"
grep -q 'rules\[0\].metric: "avg_dleay_ms" is not a metric' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
jq '.rules[1].tolerance_pct = "ten"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "non-numeric tolerance" 2 "$rc"
cp -r "$r" "$tmp/bad"
head -c 200 "$r/debian/PREEMPT_SHORT/2/table.json" >"$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
rc=$(gate --base "$tmp/bad:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "truncated table.json" 2 "$rc"
grep -q 'PREEMPT_SHORT/2/table.json: line' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
cat "$tmp/err"
jq '.result.loops_per_s = "fast"' "$r/debian/PREEMPT_SHORT/1/workloads/massive_intr.json" \
	>"$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x"
cp "$r/debian/PREEMPT_SHORT/2/table.json" "$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
mv "$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x" "$tmp/bad/debian/PREEMPT_SHORT/2/workloads/massive_intr.json"
rc=$(gate --base "$tmp/bad:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "string where a number belongs" 2 "$rc"
grep -q 'massive_intr.json: result.loops_per_s: "fast" is not a number' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
rc=$(gate --base "$r:debian/PREEMPT_SHORT")
check_eq "no --cand" 2 "$rc"
check "no --cand said" grep -q '^slicebench gate: needs --base and --cand$' "$tmp/err"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/NO_PREEMPT_SHORT")
check_eq "the sides as operands" 2 "$rc"
check_eq "operands refused in one line naming the options" \
	"slicebench gate: $r:debian/PREEMPT_SHORT: name the sides as --base $r:debian/PREEMPT_SHORT --cand $r:debian/NO_PREEMPT_SHORT" \
	"$(cat "$tmp/err")"
rc=$(gate --resamples 100 --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "unknown option" 2 "$rc"
jq '.alpha = 0.5' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "alpha out of range" 2 "$rc"
grep -q 'alpha: 0.5: must be a number in' "$tmp/err" || soft_fail "$(cat "$tmp/err")"

echo "== runs made in rounds (base, candidate alternately) are paired by round"
rm -rf "$tmp/e" && cp -r "$r" "$tmp/e"
# rounds() SET SLOT: run k's manifest starts at second 2k + SLOT
rounds() {
	local k m
	for ((k = 1; k <= 6; k++)); do
		m=$tmp/e/debian/$1/$k/manifest.json
		jq --arg t "$(printf '2026-12-05T10:00:%02d.000Z' $((2 * k + $2)))" \
			'.start_time = $t' "$m" >"$m.x" && mv "$m.x" "$m"
	done
}
rounds PREEMPT_SHORT 0
rounds PREEMPT_SHORT_B 1
rc=$(gate --base "$tmp/e:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B" \
	--json "$tmp/p.json" --markdown "$tmp/p.md" --junit "$tmp/p.xml")
check_eq "interleaved A vs A'" 0 "$rc"
check "the text says paired" grep -q '^method:    paired t on the log differences of each round' "$tmp/out"
check "the Markdown says paired" grep -q '^Method: paired t' "$tmp/p.md"
check "the JUnit says paired" grep -q 'property name="method" value="paired t' "$tmp/p.xml"
v=$(jq -r '[.rules[] | select(.test != null and (.pooled | not)) | .test] | unique | join(",")' "$tmp/p.json")
check_eq "every tested rule of run values paired in the JSON" "paired t" "$v"
v=$(jq -r '[.rules[] | select(.pooled) | "\(.name): \(.test) \(.verdict)"] | join(",")' "$tmp/p.json")
check_eq "the pooled rules: paired t on their rounds resampled, passed" "cyclic p99 delay: pooled, paired t pass,mixload deadline misses: pooled, paired t pass" "$v"
check "the text says pooled" grep -q '^method: .*; pooled rules: paired t on the log of the change of the statistic of all runs of a side pooled, its variance from resampling the rounds' "$tmp/out"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .p_permutation <= 0.025' "$tmp/p.json")
check_eq "the sign-flip check confirms the pass" true "$v"
"$sb" gate --base "$tmp/e:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B" --json "$tmp/p2.json" >/dev/null
check_eq "same inputs, same numbers (seeded draws)" "$(jq -c .rules "$tmp/p.json")" "$(jq -c .rules "$tmp/p2.json")"
rounds PREEMPT_SHORT_B 20
rc=$(gate --base "$tmp/e:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B" --json "$tmp/p.json")
check "runs in two blocks: Welch" grep -q '^method:    Welch t' "$tmp/out"
v=$(jq -r '[.rules[] | select(.test != null and (.pooled | not)) | .test] | unique | join(",")' "$tmp/p.json")
check_eq "every tested rule of run values Welch in the JSON" "Welch t" "$v"

echo "== impossible inputs exit 2, naming file, field and value"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT")
check_eq "the same runs on both sides" 2 "$rc"
check "the same runs named" grep -q 'are the same runs (.*/r:debian/PREEMPT_SHORT)' "$tmp/err"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$r/.:debian/PREEMPT_SHORT")
check_eq "the same runs by another path" 2 "$rc"
# edit(FILE JQ): FILE of a fresh copy of the results, rewritten by JQ
edit() {
	rm -rf "$tmp/e" && cp -r "$r" "$tmp/e"
	jq "$2" "$tmp/e/$1" >"$tmp/e/$1.x" && mv "$tmp/e/$1.x" "$tmp/e/$1"
}
for c in "table.json|.groups[0].avg_delay_ms = -0.5|groups\[0\].avg_delay_ms: -0.5: must be a number in \[0, 1e+18\]" \
	"table.json|.groups[1].runtime_ms = 1e308|groups\[1\].runtime_ms: 1e[+]*308: must be a number in" \
	"table.json|.lost_events = -1|lost_events: -1: must be an integer of at least 0" \
	"table.json|.schema = 99|schema: 99: must be 1" \
	"manifest.json|.status = \"done\"|status: \"done\" is not one of" \
	"workloads/massive_intr.json|.result.work_units_per_s = 0|result.work_units_per_s: 0 is zero" \
	"workloads/hackbench.json|.result.time_s = -1|result.time_s: -1 is negative" \
	"manifest.json|.run.kernel = \"baseline\"|run.kernel: \"baseline\" is not the directory's kernel \"debian\"" \
	"manifest.json|.run.feature_set = \"NO_PREEMPT_SHORT\"|run.feature_set: \"NO_PREEMPT_SHORT\" is not" \
	"manifest.json|.run.repeat = 5|run.repeat: 5 is not the directory's repeat 3"; do
	IFS='|' read -r file prog want <<<"$c"
	edit "debian/PREEMPT_SHORT_B/3/$file" "$prog"
	rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B")
	check_eq "$file: $prog" 2 "$rc"
	check "one line naming $file, field and value" \
		grep -qx "slicebench gate: $tmp/e/debian/PREEMPT_SHORT_B/3/$file: $want.*" "$tmp/err"
done
# A host task switched in just before the trace stops is never charged, and
# a wait shorter than the trace clock's step reads as 0: both are real tables.
edit "debian/PREEMPT_SHORT_B/3/table.json" \
	'.groups += [{task: "kworker/0:0:(1)", comm: "kworker/0:0", tasks: 1, runtime_ms: 0,
	  switches: 1, delays: 1, avg_delay_ms: 0, max_delay_ms: 0, sum_delay_ms: 0}]'
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B")
check "a group with zero runtime and a zero delay is read" test "$rc" != 2
rm -rf "$tmp/e" && cp -r "$r" "$tmp/e"
for d in "$tmp"/e/debian/PREEMPT_SHORT*/*/; do
	h=aaaa
	[[ $d == */PREEMPT_SHORT_B/* ]] && h=bbbb
	[[ $d == */PREEMPT_SHORT_B/4/ ]] && h=cccc
	jq --arg h "$h" '.scenario = {name: "synthetic", sha256: $h}' "$d/manifest.json" >"$d/m.x"
	mv "$d/m.x" "$d/manifest.json"
done
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B")
check_eq "one side's runs of two scenarios" 2 "$rc"
check "the two scenarios named" grep -q 'PREEMPT_SHORT_B/4/manifest.json: scenario.sha256: "cccc" is not .*PREEMPT_SHORT_B/1/manifest.json.s "bbbb"' "$tmp/err"
jq '.scenario.sha256 = "bbbb"' "$tmp/e/debian/PREEMPT_SHORT_B/4/manifest.json" >"$tmp/m.x"
mv "$tmp/m.x" "$tmp/e/debian/PREEMPT_SHORT_B/4/manifest.json"
rc=$(gate --base "$tmp/e:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B")
check_eq "the sides ran two scenarios" 2 "$rc"
check "said, with what to do" grep -q 'scenario.sha256: "bbbb" is not BASE.s "aaaa" .*pass --rules' "$tmp/err"
rc=$(gate --rules ci/gate.json --base "$tmp/e:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B")
check_eq "two scenarios under rules given: gated" 0 "$rc"
check "with a warning" grep -q 'warning: .*the sides ran different scenarios, gated under the rules given' "$tmp/err"

echo "== a complete run without a file a rule needs: named, counted as lost"
rm -rf "$tmp/e" && cp -r "$r" "$tmp/e"
rm "$tmp/e/debian/PREEMPT_SHORT_B/2/table.json"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B" --json "$tmp/miss.json")
check_eq "1 of 6 runs without table.json: still decided" 0 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | "\(.cand.runs) \(.cand.runs_without_value)"' "$tmp/miss.json")
check_eq "counted (runs, without a value)" "5 1" "$v"
check "the file named" grep -q 'cyclic avg delay.*avg_delay_ms runs without a value: 0 base, 1 candidate (.*/PREEMPT_SHORT_B/2/table.json is missing)' "$tmp/out"
rm "$tmp/e/debian/PREEMPT_SHORT_B/4/table.json"
rc=$(gate --base "$r:debian/PREEMPT_SHORT" --cand "$tmp/e:debian/PREEMPT_SHORT_B" --json "$tmp/miss.json")
check_eq "2 of 6 lost against none: cannot decide" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/miss.json")
check_eq "cyclic avg delay undecided ($v)" inconclusive "$v"
check "why said" grep -q 'the sides lost 0% and 33% of their runs' "$tmp/out"

echo "== incomplete runs do not count"
cp -r "$r/debian/ONE" "$r/debian/HALF"
jq '.status = "failed"' "$r/debian/ONE/1/manifest.json" >"$r/debian/HALF/1/manifest.json"
rc=$(gate --base "$r:debian/HALF" --cand "$r:debian/PREEMPT_SHORT")
check_eq "only a failed run: could not measure" 4 "$rc"
finish
