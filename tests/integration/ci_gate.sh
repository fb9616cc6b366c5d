#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench gate on synthetic results: regressions exit 1, A-vs-A exits 0,
# too few repeats or undecided rules exit 3, bad input (a required rule
# matching nothing) exits 2, runs with lost events are left out and named;
# outputs are well formed.
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
synth=tests/fixtures/ci/synth.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check NAME WANT_RC GOT_RC
	if [[ $2 == "$3" ]]; then
		echo "ok: $1 ($3)"
	else
		echo "FAIL: $1: wanted $2, got $3"
		fail=1
	fi
}
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
check "cyclic delay x3" 1 "$rc"
cat "$tmp/out"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/v.json")
check "JSON names the cyclic avg delay regression ($v)" regression "$v"
[[ $(jq -r .outcome "$tmp/v.json") == regression ]] || { echo "FAIL: outcome"; fail=1; }
[[ $(jq -r .schema "$tmp/v.json") == 1 ]] || { echo "FAIL: schema"; fail=1; }
[[ $(jq -r .method.alpha "$tmp/v.json") == 0.01 ]] || { echo "FAIL: method.alpha in JSON"; fail=1; }
jq -e '.rules[] | select(.name == "cyclic avg delay") | .not_ruled_out_pct > 0 and .p_regression < 0.01' \
	"$tmp/v.json" >/dev/null || { echo "FAIL: per-rule figures in JSON"; fail=1; }
grep -q '<failure type="regression"' "$tmp/v.xml" || { echo "FAIL: junit failure"; fail=1; }
n=$(grep -c '<testcase ' "$tmp/v.xml")
check "JUnit has one testcase per rule ($n)" "$(jq '.rules | length' ci/gate.json)" "$n"
if command -v xmllint >/dev/null; then xmllint --noout "$tmp/v.xml"; fi
grep -q '^### slicebench gate: regression' "$tmp/v.md" || { echo "FAIL: markdown"; fail=1; }
grep -q '^Method: Welch t .*<= 1%' "$tmp/v.md" || { echo "FAIL: markdown method"; fail=1; }
grep -q 'property name="method" value="Welch t' "$tmp/v.xml" || { echo "FAIL: junit method"; fail=1; }

echo "== throughput regressions exit 1"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/SLOW" --json "$tmp/t.json")
check "loops/s x0.7, hackbench x1.5" 1 "$rc"
for rule in "massive_intr throughput" "hackbench time"; do
	v=$(jq -r --arg n "$rule" '.rules[] | select(.name == $n) | .verdict' "$tmp/t.json")
	check "$rule is a regression ($v)" regression "$v"
done

echo "== the same distributions pass"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "A vs A (same runs)" 0 "$rc"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a1.json")
check "A vs A' (same distributions, other draws)" 0 "$rc"
cat "$tmp/out"
"$sb" gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B" --json "$tmp/a2.json" >/dev/null
if [[ $(jq -c .rules "$tmp/a1.json") == "$(jq -c .rules "$tmp/a2.json")" ]]; then
	echo "ok: same inputs, same verdicts and intervals"
else
	echo "FAIL: not deterministic"
	fail=1
fi

echo "== fewer than 4 runs a side never decide: exit 3, insufficient"
rc=$(gate "$r:debian/THREE" "$r:debian/NO_PREEMPT_SHORT" --json "$tmp/three.json")
check "3 against 4 runs, delay x3" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/three.json")
check "cyclic avg delay is insufficient ($v)" "insufficient data" "$v"
grep -q 'a verdict needs 4 a side' "$tmp/out" || { echo "FAIL: no reason given"; fail=1; }
grep -q '^caution:   3 base and 4 candidate runs: a verdict needs 4 a side' "$tmp/out" || { echo "FAIL: no caution"; fail=1; }
jq -e '.cautions | length == 1' "$tmp/three.json" >/dev/null || { echo "FAIL: no caution in JSON"; fail=1; }
[[ $(jq -r .outcome "$tmp/three.json") == "cannot decide" ]] || { echo "FAIL: outcome"; fail=1; }

echo "== no rule decided: exit 3, with the runs that would decide"
rc=$(gate "$r:debian/NOISY" "$r:debian/NOISY_B" --json "$tmp/noisy.json")
check "run-to-run sd 0.6, 4 against 4" 3 "$rc"
cat "$tmp/out"
n=$(jq '[.rules[] | select(.verdict == "inconclusive" and .runs_needed != null)] | length' "$tmp/noisy.json")
[[ $n -ge 1 ]] || { echo "FAIL: no inconclusive rule says how many runs would decide"; fail=1; }
grep -q 'runs a side would' "$tmp/out" || { echo "FAIL: runs needed not in the text"; fail=1; }

echo "== a required rule that matches nothing is bad input"
jq '.rules[0].group = "cyclc"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B")
check "required rule on group cyclc" 2 "$rc"
grep -q 'required rule "cyclic avg delay": no avg_delay_ms values for group "cyclc" in BASE (avg_delay_ms values there: .*cyclic' "$tmp/err" ||
	{ echo "FAIL: $(cat "$tmp/err")"; fail=1; }
jq '.rules[0].group = "cyclc" | .rules[0].required = false' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT_B")
check "the same rule optional: not applicable, the rest pass" 0 "$rc"

echo "== runs with lost events are left out of the delay rules and named"
cp -r "$r" "$tmp/lost"
t=$tmp/lost/debian/NO_PREEMPT_SHORT/2/table.json
jq '.lost_events = 37' "$t" >"$t.x" && mv "$t.x" "$t"
rc=$(gate "$tmp/lost:debian/PREEMPT_SHORT" "$tmp/lost:debian/NO_PREEMPT_SHORT" --json "$tmp/lost.json")
check "the workload's own latency still regresses" 1 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | "\(.verdict) \(.cand.runs) \(.cand.lost_event_runs)"' "$tmp/lost.json")
check "3 runs left for the delay rules: no verdict on them" "insufficient data 3 1" "$v"
grep -q '^excluded from the delay rules (lost events): cand debian/NO_PREEMPT_SHORT/2 (37 lost events)' "$tmp/out" ||
	{ echo "FAIL: the excluded run is not named: $(head -5 "$tmp/out")"; fail=1; }
[[ $(jq -r '.excluded_runs[0].lost_events' "$tmp/lost.json") == 37 ]] || { echo "FAIL: excluded_runs in JSON"; fail=1; }
v=$(jq -r '.rules[] | select(.name == "massive_intr throughput") | .cand.runs' "$tmp/lost.json")
check "a workload's own figure keeps the run ($v runs)" 4 "$v"

echo "== too few repeats exit 3"
rc=$(gate "$r:debian/ONE" "$r:debian/ONE")
check "1 repeat, no intervals" 3 "$rc"
grep -q 'insufficient data' "$tmp/out" || { echo "FAIL: no 'insufficient data'"; fail=1; }

echo "== bad input exits 2"
rc=$(gate "$r:nosuch/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "missing kernel" 2 "$rc"
grep -q 'kernels there: debian' "$tmp/err" || { echo "FAIL: message: $(cat "$tmp/err")"; fail=1; }
rc=$(gate "$r:debian/NOSUCH" "$r:debian/PREEMPT_SHORT")
check "missing feature set" 2 "$rc"
rc=$(gate "$r" "$r:debian/PREEMPT_SHORT")
check "ambiguous BASE" 2 "$rc"
grep -q 'PREEMPT_SHORT' "$tmp/err" && cat "$tmp/err"
jq '.rules[0].metric = "avg_dleay_ms"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "unknown rule metric" 2 "$rc"
grep -q 'rules\[0\].metric: "avg_dleay_ms" is not a metric' "$tmp/err" || { echo "FAIL: $(cat "$tmp/err")"; fail=1; }
jq '.rules[1].tolerance_pct = "ten"' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "non-numeric tolerance" 2 "$rc"
cp -r "$r" "$tmp/bad"
head -c 200 "$r/debian/PREEMPT_SHORT/2/table.json" >"$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
rc=$(gate "$tmp/bad:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "truncated table.json" 2 "$rc"
grep -q 'PREEMPT_SHORT/2/table.json: line' "$tmp/err" || { echo "FAIL: $(cat "$tmp/err")"; fail=1; }
cat "$tmp/err"
jq '.result.loops_per_s = "fast"' "$r/debian/PREEMPT_SHORT/1/workloads/massive_intr.json" \
	>"$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x"
cp "$r/debian/PREEMPT_SHORT/2/table.json" "$tmp/bad/debian/PREEMPT_SHORT/2/table.json"
mv "$tmp/bad/debian/PREEMPT_SHORT/2/table.json.x" "$tmp/bad/debian/PREEMPT_SHORT/2/workloads/massive_intr.json"
rc=$(gate "$tmp/bad:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "string where a number belongs" 2 "$rc"
grep -q 'massive_intr.json: result.loops_per_s: "fast" is not a number' "$tmp/err" || { echo "FAIL: $(cat "$tmp/err")"; fail=1; }
rc=$(gate "$r:debian/PREEMPT_SHORT")
check "one argument" 2 "$rc"
rc=$(gate --resamples 100 "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "unknown option" 2 "$rc"
jq '.alpha = 0.5' ci/gate.json >"$tmp/rules.json"
rc=$(gate --rules "$tmp/rules.json" "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "alpha out of range" 2 "$rc"
grep -q 'alpha: must be a number in' "$tmp/err" || { echo "FAIL: $(cat "$tmp/err")"; fail=1; }

echo "== incomplete runs do not count"
cp -r "$r/debian/ONE" "$r/debian/HALF"
jq '.status = "failed"' "$r/debian/ONE/1/manifest.json" >"$r/debian/HALF/1/manifest.json"
rc=$(gate "$r:debian/HALF" "$r:debian/PREEMPT_SHORT")
check "only a failed run" 3 "$rc"
exit $fail
