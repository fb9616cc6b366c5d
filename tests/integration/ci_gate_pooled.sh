#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Pooled and report rules through slicebench gate (issue 40): on synthetic
# runs, a pooled p99 reads every run's delay histogram merged, so a tail
# moved in the histograms alone regresses it (exit 1) while the runs' own
# values stay; runs without histograms cannot decide it (exit 3, the file
# named); a report rule's regression is shown and never gates (exit 0).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/synth_gate.sh
source "$(dirname "$0")/../lib/synth_gate.sh"
synth_pair 6
cand=$tmp/c/debian/CAND
jq '.rules |= map(select(.name == "cyclic avg delay" or .name == "cyclic p99 delay"
	or .name == "cyclic max delay"))' ci/gate.json >"$tmp/rules.json"
check_eq "the rules: one pooled, one report" "1 1" \
	"$(jq -r '"\([.rules[] | select(.pooled)] | length) \([.rules[] | select(.report)] | length)"' "$tmp/rules.json")"

verdict() {
	jq -r --arg n "$1" '.rules[] | select(.name == $n) | .verdict' "$tmp/v.json"
}

echo "== the untouched pair passes, the pooled rule by Welch t on the pool"
fresh
gate "$tmp/rules.json" "" --json "$tmp/v.json"
check_eq "A vs A'" 0 "$rc"
check_eq "pooled p99: pass" pass "$(verdict "cyclic p99 delay")"
check "its test said" jq -e '.rules[] | select(.name == "cyclic p99 delay") | .test == "pooled, Welch t"' "$tmp/v.json"

echo "== the tail moved in the histograms alone: the pooled p99 regresses"
fresh
edit '(.groups[] | select(.comm == "cyclic") | .delay_hist_ns.buckets[-1]) |= [.[0] * 3, .[1] * 3 + 2, .[2]]' \
	"$cand"/*/table.json
gate "$tmp/rules.json" "" --json "$tmp/v.json"
check_eq "top bucket 3x later in every candidate run" 1 "$rc"
check_eq "pooled p99: regression" regression "$(verdict "cyclic p99 delay")"
check_eq "the runs' average unchanged: pass" pass "$(verdict "cyclic avg delay")"
check "about 3x said" jq -e '.rules[] | select(.name == "cyclic p99 delay") | .ratio > 2.5 and .ratio < 3.5' "$tmp/v.json"
check "the verdict line names it" grep -q '^verdict: Regression.*cyclic p99 delay' "$tmp/out"
# the summary's values are the statistic the change is of: the pooled p99s
rc_of "$sb" compare "$tmp/c" --rules "$tmp/rules.json" >"$tmp/cmp" 2>&1
check_eq "compare" 0 "$rc"
# the summary: the sides' values in one table, the change in the next
row=$(grep -E '^cyclic +delay_p99_ms +[0-9]' "$tmp/cmp" | head -1 || true)
chg=$(grep -E '^cyclic +delay_p99_ms +[-+][0-9]' "$tmp/cmp" | head -1 || true)
check "the pooled row's values give its change ($row; $chg)" awk -v row="$row" -v c="$chg" 'BEGIN {
	split(row, f, " +"); split(c, g, " +"); chg = g[3]; sub(/%/, "", chg); chg += 0
	d = 100 * (f[6] / f[3] - 1) - chg
	exit !(chg > 150 && d < 1.5 && d > -1.5) }'

echo "== runs without histograms: nothing to pool, cannot decide"
fresh
edit 'del(.groups[].delay_hist_ns)' "$cand"/3/table.json
gate "$tmp/rules.json" "" --json "$tmp/v.json"
check_eq "run 3 of the candidate without delay_hist_ns" 3 "$rc"
check_eq "pooled p99: inconclusive" inconclusive "$(verdict "cyclic p99 delay")"
check "the file named" grep -q "cyclic p99 delay .*$cand/3/table.json has no delay_hist_ns for \"cyclic\": nothing to pool" "$tmp/out"

echo "== a report rule's regression is shown, never gates"
fresh
edit '(.groups[] | select(.comm == "cyclic") | .max_delay_ms) *= 3' "$cand"/*/table.json
gate "$tmp/rules.json" "" --json "$tmp/v.json"
check_eq "max delay 3x in every candidate run" 0 "$rc"
check_eq "max delay: regression, shown" regression "$(verdict "cyclic max delay")"
check "said report only" grep -q '^cyclic max delay .*regression (report only, never gates)' "$tmp/out"
check "the verdict line passes without it" grep -q '^verdict: Pass' "$tmp/out"
check "not among the verdict line's rules" bash -c "! grep '^verdict:' '$tmp/out' | grep -q 'max delay'"
finish
