#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A pooled ratio rule through slicebench gate and compare (issue 40):
# ci/gate.json's mixload deadline misses is a side's late frames over all
# its frames, every run's workloads/mixload.json counts summed, so its
# summary values are those shares (not the mean of the runs' shares), a
# run of many frames weighs as many, three times the misses regress (exit
# 1), and runs without the counts cannot decide it (exit 3, the file named).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
r=$tmp/r
bash "$synth" "$r" debian BASE 6 1 run_sd=0.01 iv_sd=0.05
bash "$synth" "$r" debian CAND 6 2 run_sd=0.01 iv_sd=0.05
jq '.rules |= map(select(.name == "mixload deadline misses"))' ci/gate.json >"$tmp/rules.json"
check_eq "the rule is pooled in ci/gate.json" true "$(jq -r '.rules[0].pooled' "$tmp/rules.json")"

gate() {
	rc_of "$sb" gate --rules "$tmp/rules.json" --base "$tmp/c:debian/BASE" --cand "$tmp/c:debian/CAND" \
		--json "$tmp/v.json" >"$tmp/out" 2>"$tmp/err"
}
# counts SET MUL [RUN FRAMES]: run k of SET misses MUL * (15 + k) of 300
# frames (RUN: FRAMES frames, missing 10 of them), the share to match
counts() {
	local set=$1 mul=$2 k f m n
	for ((k = 1; k <= 6; k++)); do
		f=$tmp/c/debian/$set/$k/workloads/mixload.json
		n=300 m=$((mul * (15 + k)))
		[[ $k == "${3:-}" ]] && n=$4 m=10
		jq --argjson n "$n" --argjson m "$m" \
			'.result.frames = $n | .result.deadline_misses = $m |
			 .result.deadline_miss_pct = 100 * $m / $n' "$f" >"$f.x" && mv "$f.x" "$f"
	done
}
# the share of SET's runs pooled, to 3 decimals, from the files themselves
pooled() {
	jq -s '100 * (map(.result.deadline_misses) | add) / (map(.result.frames) | add) * 1000 | round / 1000' \
		"$tmp"/c/debian/"$1"/*/workloads/mixload.json
}
# the summary's value of SET's column (BASE 4th field, CAND 7th) by compare
summary() {
	rc_of "$sb" compare "$tmp/c" --rules "$tmp/rules.json" >"$tmp/cmp" 2>&1
	grep -E '^mixload +deadline_miss_pct +[0-9]' "$tmp/cmp" | head -1 | awk -v f="$1" '{ print $f + 0 }'
}
fresh() {
	rm -rf "$tmp/c" && cp -r "$r" "$tmp/c"
}

echo "== equal sides pass; the summary's values are the pooled shares"
fresh
counts BASE 1
counts CAND 1
gate
check_eq "A vs A" 0 "$rc"
check "its test said" jq -e '.rules[0] | .test == "pooled, Welch t" and .verdict == "pass"' "$tmp/v.json"
check_eq "BASE's pooled share: 111 of 1800 frames" 6.167 "$(pooled BASE)"
check "the gate's base mean is it" jq -e '.rules[0].base.mean * 1000 | round == 6167' "$tmp/v.json"
check_eq "compare's BASE value" 6.167 "$(summary 3)"

echo "== a run of ten times the frames weighs ten times"
fresh
counts BASE 1
counts CAND 1 2 3000
gate
want=$(pooled CAND)
check_eq "CAND pooled: 10 + 94 of 4500 frames" 2.311 "$want"
check_eq "compare's CAND value is the pooled share, not the runs' mean share" "$want" "$(summary 6)"
check "the gate's cand mean is it" jq -e '.rules[0].cand.mean * 1000 | round == 2311' "$tmp/v.json"

echo "== three times the misses: a regression"
fresh
counts BASE 1
counts CAND 3
gate
check_eq "exit 1" 1 "$rc"
check "regression, about 3x" jq -e '.rules[0] | .verdict == "regression" and .ratio > 2.9 and .ratio < 3.1' "$tmp/v.json"
check "the verdict line names it" grep -q '^verdict: Regression.*mixload deadline misses' "$tmp/out"

echo "== a run without the counts: nothing to pool, cannot decide"
fresh
counts BASE 1
counts CAND 1
f=$tmp/c/debian/CAND/4/workloads/mixload.json
jq 'del(.result.frames)' "$f" >"$f.x" && mv "$f.x" "$f"
gate
check_eq "exit 3" 3 "$rc"
check "the run and counts named" jq -e '.rules[0].note | test("CAND/4/workloads/mixload.json has no counts deadline_misses of frames")' "$tmp/v.json"
finish
