#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench gate on synthetic results: regressions exit 1, A-vs-A exits 0,
# too few repeats exit 3, bad input exits 2; outputs are well formed.
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

echo "== a clear latency regression exits 1"
rc=$(gate "$r:debian/PREEMPT_SHORT" "$r:debian/NO_PREEMPT_SHORT" \
	--json "$tmp/v.json" --markdown "$tmp/v.md" --junit "$tmp/v.xml")
check "cyclic delay x3" 1 "$rc"
cat "$tmp/out"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/v.json")
check "JSON names the cyclic avg delay regression ($v)" regression "$v"
[[ $(jq -r .outcome "$tmp/v.json") == regression ]] || { echo "FAIL: outcome"; fail=1; }
[[ $(jq -r .schema "$tmp/v.json") == 1 ]] || { echo "FAIL: schema"; fail=1; }
grep -q '<failure type="regression"' "$tmp/v.xml" || { echo "FAIL: junit failure"; fail=1; }
n=$(grep -c '<testcase ' "$tmp/v.xml")
check "JUnit has one testcase per rule ($n)" "$(jq '.rules | length' ci/gate.json)" "$n"
if command -v xmllint >/dev/null; then xmllint --noout "$tmp/v.xml"; fi
grep -q '^### slicebench gate: regression' "$tmp/v.md" || { echo "FAIL: markdown"; fail=1; }

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
	echo "ok: same seed, same verdicts and intervals"
else
	echo "FAIL: not deterministic"
	fail=1
fi

echo "== fewer runs than a 95% verdict needs are said to be so"
if grep -q '^caution:' "$tmp/out"; then
	echo "FAIL: a caution for 4 and 4 runs (1 order in 70)"
	fail=1
fi
rc=$(gate "$r:debian/THREE" "$r:debian/PREEMPT_SHORT" --markdown "$tmp/three.md")
grep -q '^caution:   3 base and 4 candidate runs: .* 1 time in 35, more often than a 95% interval allows' "$tmp/out" ||
	{ echo "FAIL: no caution for 3 and 4 runs: $(cat "$tmp/out")"; fail=1; }
grep -q '^Caution: 3 base and 4 candidate runs' "$tmp/three.md" ||
	{ echo "FAIL: no caution in the Markdown"; fail=1; }

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
rc=$(gate --seed x "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT")
check "bad --seed" 2 "$rc"

echo "== incomplete runs do not count"
cp -r "$r/debian/ONE" "$r/debian/HALF"
jq '.status = "failed"' "$r/debian/ONE/1/manifest.json" >"$r/debian/HALF/1/manifest.json"
rc=$(gate "$r:debian/HALF" "$r:debian/PREEMPT_SHORT")
check "only a failed run" 3 "$rc"
exit $fail
