#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench gate --junit reads red exactly when the gate's exit code is not 0:
# a pass, a pass whose report-only rule regressed (shown, never gates), a
# regression and a gate that cannot decide, on synthetic results.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh

r=$tmp/r
quiet="run_sd=0.02 iv_sd=0.05"
# shellcheck disable=SC2086 # $quiet is two words
bash "$synth" "$r" debian A 6 1 $quiet
# shellcheck disable=SC2086
bash "$synth" "$r" debian A2 6 3 $quiet
# shellcheck disable=SC2086
bash "$synth" "$r" debian SLOWER 6 2 $quiet delay=3
bash "$synth" "$r" debian NOISY 4 7 run_sd=0.6
bash "$synth" "$r" debian NOISY_B 4 8 run_sd=0.6
# massive_intr's runtime gates and passes; cyclic's delay, report only, triples
cat >"$tmp/rules_report.json" <<'JSON'
{"schema": 2, "alpha": 0.01, "pass_confidence": 0.95, "min_runs": 4, "rules": [
 {"name": "runtime", "metric": "runtime_ms", "group": "massive_intr", "direction": "higher",
  "tolerance_pct": 5, "required": true},
 {"name": "delay", "metric": "avg_delay_ms", "group": "cyclic", "direction": "lower",
  "tolerance_pct": 10, "report": true}]}
JSON

# junit NAME WANT_RC [gate options...]: the gate's exit code and its JUnit's counts
junit() {
	local name=$1 want=$2 rc=0 x=$tmp/$1.xml
	shift 2
	"$sb" gate "$@" --junit "$x" --json "$tmp/$name.json" >"$tmp/out" 2>&1 || rc=$?
	check_eq "$name: exit code" "$want" "$rc"
	if command -v xmllint >/dev/null; then
		check "$name: well-formed XML" xmllint --noout "$x"
	fi
	local bad
	bad=$(grep -cE '<(failure|error) ' "$x" || true)
	if ((rc == 0)); then
		check_eq "$name: no <failure> or <error> when the gate exits 0" 0 "$bad"
		check "$name: the suite counts none" grep -q 'failures="0" errors="0"' "$x"
	else
		check "$name: a red case when the gate exits $rc" test "$bad" -gt 0
	fi
	check_eq "$name: the outcome property is the JSON's" \
		"$(jq -r .outcome "$tmp/$name.json")" \
		"$(sed -nE 's/.*<property name="outcome" value="([^"]*)".*/\1/p' "$x")"
}

echo "== pass"
junit pass 0 --base "$r:debian/A" --cand "$r:debian/A2"
echo "== pass, a report-only rule regressed"
junit report 0 --rules "$tmp/rules_report.json" --base "$r:debian/A" --cand "$r:debian/SLOWER"
check_eq "the report rule's verdict is a regression" regression \
	"$(jq -r '.rules[] | select(.name == "delay") | .verdict' "$tmp/report.json")"
check "its case says so in <system-out>" \
	grep -q '<system-out>regression (report only, never gates)' "$tmp/report.xml"
echo "== regression"
junit regression 1 --base "$r:debian/A" --cand "$r:debian/SLOWER"
check "a <failure> of type regression" grep -q '<failure type="regression"' "$tmp/regression.xml"
echo "== cannot decide"
junit undecided 3 --base "$r:debian/NOISY" --cand "$r:debian/NOISY_B"
check "an <error> of type cannot decide" grep -q '<error type="cannot decide"' "$tmp/undecided.xml"
echo "== cannot decide, no rule that gates (report rules only): one error case"
jq '.rules |= map(select(.report))' "$tmp/rules_report.json" >"$tmp/rules_none.json"
junit none 3 --rules "$tmp/rules_none.json" --base "$r:debian/A" --cand "$r:debian/SLOWER"
check "the outcome case" grep -q 'name="outcome"' "$tmp/none.xml"
finish
