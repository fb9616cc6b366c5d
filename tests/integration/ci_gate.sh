#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench gate on synthetic results: regressions exit 1, A-vs-A exits 0,
# too few repeats or undecided rules exit 3, bad input (a required rule
# matching nothing) exits 2, runs with lost events are left out and named;
# outputs are well formed; the rules a run's scenario names judge it
# without --rules.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
gate() {
	local rc=0
	"$sb" gate "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	echo "$rc"
}

r=$tmp/r
bash "$synth" "$r" debian PREEMPT_SHORT 4 1
bash "$synth" "$r" debian NO_PREEMPT_SHORT 4 2 delay=3
bash "$synth" "$r" debian PREEMPT_SHORT_B 4 3
bash "$synth" "$r" debian SLOW 4 4 loops=0.7 hackbench=1.5
bash "$synth" "$r" debian ONE 1 5 intervals_keep=0
bash "$synth" "$r" debian THREE 3 6
bash "$synth" "$r" debian NOISY 4 7 run_sd=0.6
bash "$synth" "$r" debian NOISY_B 4 8 run_sd=0.6

echo "== a clear latency regression exits 1"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/NO_PREEMPT_SHORT" \
	--json "$tmp/v.json" --markdown "$tmp/v.md" --junit "$tmp/v.xml")
check_eq "cyclic delay x3" 1 "$rc"
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
check_eq "JUnit has one testcase per rule ($n)" "$(jq '.rules | length' ci/gate.json)" "$n"
if command -v xmllint >/dev/null; then xmllint --noout "$tmp/v.xml"; fi
grep -q '^### slicebench gate: regression' "$tmp/v.md" || soft_fail "markdown"
grep -q '^Method: Welch t .*<= 1%' "$tmp/v.md" || soft_fail "markdown method"
grep -q 'property name="method" value="Welch t' "$tmp/v.xml" || soft_fail "junit method"

echo "== throughput regressions exit 1"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/SLOW" --json "$tmp/t.json")
check_eq "loops/s x0.7, hackbench x1.5" 1 "$rc"
for rule in "massive_intr throughput" "hackbench time"; do
	v=$(jq -r --arg n "$rule" '.rules[] | select(.name == $n) | .verdict' "$tmp/t.json")
	check_eq "$rule is a regression ($v)" regression "$v"
done

echo "== the same distributions pass"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "A vs A (same runs)" 0 "$rc"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a1.json")
check_eq "A vs A' (same distributions, other draws)" 0 "$rc"
cat "$tmp/out"
"$sb" gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a2.json" >/dev/null
check_eq "same inputs, same verdicts and intervals" "$(jq -c .rules "$tmp/a1.json")" \
	"$(jq -c .rules "$tmp/a2.json")"

echo "== fewer than 4 runs a side never decide: exit 3, insufficient"
rc=$(gate "$r:debian/THREE" "$r:debian/NO_PREEMPT_SHORT" --json "$tmp/three.json")
check_eq "3 against 4 runs, delay x3" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/three.json")
check_eq "cyclic avg delay is insufficient ($v)" "insufficient data" "$v"
grep -q 'a verdict needs 4 a side' "$tmp/out" || soft_fail "no reason given"
grep -q '^caution:   3 base and 4 candidate runs: a verdict needs 4 a side' "$tmp/out" || soft_fail "no caution"
jq -e '.cautions | length == 1' "$tmp/three.json" >/dev/null || soft_fail "no caution in JSON"
[[ $(jq -r .outcome "$tmp/three.json") == "cannot decide" ]] || soft_fail "outcome"

echo "== no rule decided: exit 3, with the runs that would decide"
rc=$(gate "$r:debian/NOISY" "$r:debian/NOISY_B" --json "$tmp/noisy.json")
check_eq "run-to-run sd 0.6, 4 against 4" 3 "$rc"
cat "$tmp/out"
n=$(jq '[.rules[] | select(.verdict == "inconclusive" and .runs_needed != null)] | length' "$tmp/noisy.json")
[[ $n -ge 1 ]] || soft_fail "no inconclusive rule says how many runs would decide"
grep -q 'runs a side would' "$tmp/out" || soft_fail "runs needed not in the text"

echo "== a required rule that matches nothing is bad input"
jq '.rules[0].group = "cyclc"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B")
check_eq "required rule on group cyclc" 2 "$rc"
grep -q 'required rule "cyclic avg delay": no avg_delay_ms values for group "cyclc" in BASE (avg_delay_ms values there: .*cyclic' "$tmp/err" ||
	soft_fail "$(cat "$tmp/err")"
jq '.rules[0].group = "cyclc" | .rules[0].required = false' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B")
check_eq "the same rule optional: not applicable, the rest pass" 0 "$rc"

echo "== runs with lost events are left out of the delay rules and named"
cp -r "$r" "$tmp/lost"
t=$tmp/lost/debian/NO_PREEMPT_SHORT/2/table.json
jq '.lost_events = 37' "$t" >"$t.x" && mv "$t.x" "$t"
rc=$(gate "$tmp/lost:debian/PREEMPT_SHORT" "$tmp/lost:debian/NO_PREEMPT_SHORT" --json "$tmp/lost.json")
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
rc=$(gate "$tmp/named:debian/PREEMPT_SHORT" "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "the throughput rules require stress-ng groups these runs lack" 2 "$rc"
check "the scenario's rules said" grep -qx 'rules: ci/gate-throughput.json (named by the scenario)' "$tmp/out"
grep -q 'required rule "stress-ng pipe ops/s, short slice": no pipe_ops_per_s values' "$tmp/err" ||
	soft_fail "$(cat "$tmp/err")"
rc=$(gate --rules ci/gate.json "$tmp/named:debian/PREEMPT_SHORT" "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "--rules overrides the scenario's" 0 "$rc"
check "--rules said" grep -qx 'rules: ci/gate.json (--rules)' "$tmp/out"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "BASE and CAND scenarios naming different rules" 2 "$rc"
check "the disagreement named" grep -q 'named/scenario.json: rules: "ci/gate-throughput.json" differs from .*: pass --rules' "$tmp/err"
jq '.rules = "ci/no-such-gate.json"' "$r/scenario.json" >"$tmp/named/scenario.json"
rc=$(gate "$tmp/named:debian/PREEMPT_SHORT" "$tmp/named:debian/PREEMPT_SHORT_B")
check_eq "a scenario naming a missing rules file" 2 "$rc"
check_eq "one line naming file, field and value" 1 "$(grep -c 'named/scenario.json: rules: "ci/no-such-gate.json" is not a usable rules file: .*No such file' "$tmp/err")"

echo "== too few repeats exit 3"
rc=$(gate "$r:debian/ONE" "$r:debian/ONE")
check_eq "1 repeat, no intervals" 3 "$rc"
grep -q 'insufficient data' "$tmp/out" || soft_fail "no 'insufficient data'"

echo "== bad input exits 2"
rc=$(gate "$r:nosuch/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "missing kernel" 2 "$rc"
grep -q 'kernels there: debian' "$tmp/err" || soft_fail "message: $(cat "$tmp/err")"
rc=$(gate "$r:debian/NOSUCH" "$r:debian/PREEMPT_SHORT")
check_eq "missing feature set" 2 "$rc"
rc=$(gate "$r" "$r:debian/PREEMPT_SHORT")
check_eq "ambiguous BASE" 2 "$rc"
grep -q 'PREEMPT_SHORT' "$tmp/err" && cat "$tmp/err"
jq '.rules[0].metric = "avg_dleay_ms"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "unknown rule metric" 2 "$rc"
grep -q 'rules\[0\].metric: "avg_dleay_ms" is not a metric' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
jq '.rules[1].tolerance_pct = "ten"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "non-numeric tolerance" 2 "$rc"
cp -r "$r" "$tmp/bad"
head -c 200 "$r/debian/PREEMPT_SHORT/2/table.json" >"$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
rc=$(gate "$tmp/bad:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "truncated table.json" 2 "$rc"
grep -q 'PREEMPT_SHORT/2/table.json: line' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
cat "$tmp/err"
jq '.result.loops_per_s = "fast"' "$r/debian/PREEMPT_SHORT/1/workloads/massive_intr.json" \
	>"$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x"
cp "$r/debian/PREEMPT_SHORT/2/table.json" "$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
mv "$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x" "$tmp/bad/debian/PREEMPT_SHORT/2/workloads/massive_intr.json"
rc=$(gate "$tmp/bad:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "string where a number belongs" 2 "$rc"
grep -q 'massive_intr.json: result.loops_per_s: "fast" is not a number' "$tmp/err" || soft_fail "$(cat "$tmp/err")"
rc=$(gate "$r:debian/PREEMPT_SHORT")
check_eq "one argument" 2 "$rc"
rc=$(gate --resamples 100 "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "unknown option" 2 "$rc"
jq '.alpha = 0.5' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check_eq "alpha out of range" 2 "$rc"
grep -q 'alpha: 0.5: must be a number in' "$tmp/err" || soft_fail "$(cat "$tmp/err")"

echo "== incomplete runs do not count"
cp -r "$r/debian/ONE" "$r/debian/HALF"
jq '.status = "failed"' "$r/debian/ONE/1/manifest.json" >"$r/debian/HALF/1/manifest.json"
rc=$(gate "$r:debian/HALF" "$r:debian/PREEMPT_SHORT")
check_eq "only a failed run" 3 "$rc"
finish
