#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A pass that only a rule's floor gave says so (issue 55): synthetic runs at
# 30 % run spread, where 5 runs a side cannot bound a 10 % ratio, pass
# cyclic's average delay through a floor as large as its level, and the
# verdict says "passed by its floor" in the terminal, Markdown, JSON and
# JUnit (no <failure>), and the bench summary marks it "pass (floor)";
# with a floor of 2 % of the level the same runs cannot decide, and
# nothing says floor. The method line promises the rules' alpha.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
r=$tmp/r
bash tests/fixtures/ci/synth.sh "$r" debian BASE 5 11 run_sd=0.3 iv_sd=0.05
bash tests/fixtures/ci/synth.sh "$r" debian CAND 5 12 run_sd=0.3 iv_sd=0.05
# rules FLOOR: the cyclic avg delay rule alone, with that floor (ms)
rules() {
	jq --argjson f "$1" '.rules |= [.[] | select(.name == "cyclic avg delay")
		| .min_effect_abs = $f]' ci/gate-merge.json >"$tmp/rules.json"
}
gate() {
	rc_of "$sb" gate --rules "$tmp/rules.json" --base "$r:debian/BASE" \
		--cand "$r:debian/CAND" --markdown "$tmp/v.md" --json "$tmp/v.json" \
		--junit "$tmp/v.xml" >"$tmp/out" 2>"$tmp/err"
}

echo "== a floor as large as the level (0.05 ms)"
rules 0.05
gate
check_eq "pass" 0 "$rc"
words='passed by its floor: a change under 0.05 ms is no regression by this rule'
check "said on the rule's line" grep -q "^cyclic avg delay .*$words" "$tmp/out"
check "said in Markdown" grep -q "$words" "$tmp/v.md"
check_eq "JSON: pass_by_floor" true "$(jq '.rules[0].pass_by_floor' "$tmp/v.json")"
check "said in JUnit" grep -q "$words" "$tmp/v.xml"
check "JUnit: no failure or error on a pass" \
	bash -c "! grep -qE '<(failure|error)' '$tmp/v.xml'"
check "the method line promises alpha 1 %" \
	grep -q 'family-wise chance of a false regression <= 1%,' "$tmp/out"

check "the bench summary marks it" bash -c "'$sb' compare '$r' --rules '$tmp/rules.json' 2>&1 |
	grep -q '^cyclic *avg_delay_ms .* pass (floor)$'"

echo "== a floor of 2 % of the level (0.001 ms)"
rules 0.001
gate
check_eq "cannot decide" 3 "$rc"
check "no floor said" bash -c "! grep -q 'passed by its floor' '$tmp/out'"
check_eq "JSON: pass_by_floor" false "$(jq '.rules[0].pass_by_floor' "$tmp/v.json")"
finish
