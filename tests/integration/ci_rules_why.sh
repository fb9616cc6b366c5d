#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The shipped rule files say why each rule is there (a "why" per rule) and
# gate no per-run maximum, which no affordable number of runs decides
# (docs/performance.md, "Runs a rule needs"; one may be shown as a
# report rule); a "why" that is not a string
# is bad input (exit 2, naming the key).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
# shellcheck disable=SC2317 # run through check
has_whys() { jq -e '[.rules[] | (.why | type == "string" and length > 40)] | all' "$1" >/dev/null; }
# shellcheck disable=SC2317
no_maxima() { jq -e '[.rules[] | select(.report | not) | .metric | IN("max_delay_ms", "latency_max_us")] | any | not' "$1" >/dev/null; }

for f in ci/gate.json ci/gate-merge.json ci/gate-throughput.json; do
	check "$f: every rule says why" has_whys "$f"
	check "$f: no per-run maximum gated" no_maxima "$f"
done

r=$tmp/r
bash "$synth" "$r" debian A 4 1
bash "$synth" "$r" debian B 4 2
for f in ci/gate.json ci/gate-merge.json; do
	rc=0
	"$sb" gate --rules "$f" --base "$r:debian/A" --cand "$r:debian/B" >/dev/null 2>"$tmp/err" || rc=$?
	check "$f loads (exit $rc, not 2: $(head -c 200 "$tmp/err"))" test "$rc" != 2
done
jq '.rules[0].why = 1' ci/gate.json >"$tmp/rules.json"
rc=0
"$sb" gate --rules "$tmp/rules.json" --base "$r:debian/A" --cand "$r:debian/B" >/dev/null 2>"$tmp/err" || rc=$?
check_eq "a why that is not a string: bad input" 2 "$rc"
check "said: $(cat "$tmp/err")" grep -q 'rules\[0\].why: .*not a string' "$tmp/err"
finish
