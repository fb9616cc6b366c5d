#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The end of a run on canned VM results (tests/fixtures/ci/vm-smoke):
# `slicebench report` prints the seed-shaped tables, the summary, the words
# and the saturation warning, and writes report.html, judged by the rules
# the run's scenario names (else ci/gate.json). report.html opens with the
# verdict (cannot decide with 3 runs a side; regression and pass with a
# fourth run and rules that say so), has the summary as a table naming its
# statistic, the plots per task group with key groups first, each repeat's
# tables folded, relative links to every run's files and no long decimals.
# Debian's headless Chromium renders it: every image loads, the verdict is
# within the first 900 pixels, and its screenshot is far from a blank page's.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
cp -r tests/fixtures/ci/vm-smoke "$tmp/run"
echo stand-in >"$tmp/run/debian/NO_PREEMPT_SHORT/2/trace.dat" # the fixture keeps no trace
"$sb" report "$tmp/run" >"$tmp/out"
for want in '== debian / NO_PREEMPT_SHORT: 3 repeats' '  2 massive_intr:(3) ' \
	'  3 other:(' 'Summary, kernel debian' 'With PREEMPT_SHORT (against NO_PREEMPT_SHORT)' \
	'SATURATED' "report: $tmp/run/report.html"; do
	check "output has '$want'" grep -qF -- "$want" "$tmp/out"
done
check "no kernel thread in the tables" bash -c "! grep -qE '^  [0-9]+ kworker' '$tmp/out'"
check "report.html written" test -s "$tmp/run/report.html"
check "the default rules said first" bash -c "head -1 '$tmp/out' | grep -qx 'rules: ci/gate.json (the default)'"

# A run whose scenario names rules: its summary is judged by them.
cp -r "$tmp/run" "$tmp/named"
jq '.rules = "ci/gate-throughput.json"' "$tmp/run/scenario.json" >"$tmp/named/scenario.json"
"$sb" report "$tmp/named" >"$tmp/named.out"
check "the scenario's rules said" grep -qx 'rules: ci/gate-throughput.json (named by the scenario)' "$tmp/named.out"
check "the summary judged by them" grep -q "^(ci/gate-throughput.json, family-wise" "$tmp/named.out"
"$sb" report --rules ci/gate.json "$tmp/named" >"$tmp/named.out"
check "--rules overrides the scenario's" grep -qx 'rules: ci/gate.json (--rules)' "$tmp/named.out"
jq '.rules = "ci/no-such-gate.json"' "$tmp/run/scenario.json" >"$tmp/named/scenario.json"
expect_rc 2 "$sb" report "$tmp/named"
check "a missing rules file named in one line" grep -qx ".*named/scenario.json: rules: \"ci/no-such-gate.json\" is not a usable rules file: .*No such file or directory" "$tmp/err"

html=$tmp/run/report.html
verdict_of() { grep -o 'class="verdict [a-z]*" id="verdict"><h1>[A-Za-z ]*' "$1" | sed 's/.*<h1>//'; }
check_eq "3 runs a side: the banner says cannot decide" "Cannot decide" "$(verdict_of "$html")"
check "the banner comes before any table" bash -c "[[ \$(grep -bo 'id=\"verdict\"' '$html' | cut -d: -f1) -lt \$(grep -bo '<table' '$html' | head -1 | cut -d: -f1) ]]"
check "the banner holds the words" bash -c "tr '\n' ' ' <'$html' | grep -q 'the 500 us-slice cyclic tasks waited'"
check "the summary is an HTML table naming its statistic" \
	grep -q "<th>PREEMPT_SHORT: change (the means)</th>" "$html"
check "one statistic: the values are the means the change is of" \
	grep -q "<th>PREEMPT_SHORT ([0-9]* runs): mean \[min-max\] CoV</th>" "$html"
check "no second change beside it" bash -c "! grep -q 'change of the medians' '$html'"
check "a verdict cell is coloured" grep -q '<td class="l v-insufficient">insufficient data</td>' "$html"
order=$(grep -o '<h3>[a-z_]*</h3>' "$html" | tr -d '\n')
check "plot sections: cyclic, mixload, massive_intr first ($order)" \
	bash -c "[[ '$order' == '<h3>cyclic</h3><h3>mixload</h3><h3>massive_intr</h3>'* ]]"
check "plots two per row" grep -q 'grid-template-columns:1fr 1fr' "$html"
check "each repeat's tables folded" grep -q "<details><summary>Each repeat's delay table</summary>" "$html"
check "What ran is a table" grep -qF '<table class="ran">' "$html"
check "... marking the one differing feature on each side" bash -c \
	"grep -qF '<mark>NO_PREEMPT_SHORT</mark>' '$html' && grep -qF '<mark>PREEMPT_SHORT</mark>' '$html'"
check_eq "... and nothing else" 2 "$(grep -o '<mark>' "$html" | wc -l)"
check "... named above it" grep -qF '<p class="differs">Differs: features read.</p>' "$html"
check "no long decimals on the page" bash -c "! grep -qE '[0-9]\.[0-9]{5,}' '$html'"
links=$(grep -o 'href="[^"]*"' "$html" | sed 's/href="//; s/"$//')
check "links to each run's table.json, trace.dat and manifest.json" bash -c \
	"grep -qx 'debian/PREEMPT_SHORT/3/table.json' <<<'$links' && grep -qx 'debian/NO_PREEMPT_SHORT/1/manifest.json' <<<'$links' && grep -qx 'debian/NO_PREEMPT_SHORT/2/trace.dat' <<<'$links'"
missing=$(cd "$tmp/run" && while read -r l; do [[ -e $l ]] || echo "$l"; done <<<"$links")
check "no link to a trace a run does not have" bash -c "! grep -q 'NO_PREEMPT_SHORT/1/trace.dat' <<<'$links'"
check "every link is relative and its file exists (${missing:-all})" test -z "$missing"

# A fourth run a side lets the gate decide: regression, then pass. It is
# run 2 with its fractional figures 1 % up (the gate refuses a copy).
cp -r "$tmp/run" "$tmp/four"
for s in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	cp -r "$tmp/four/debian/$s/2" "$tmp/four/debian/$s/4"
	jq '.run.repeat = 4' "$tmp/run/debian/$s/2/manifest.json" >"$tmp/four/debian/$s/4/manifest.json"
	for f in "$tmp/four/debian/$s/4/table.json" "$tmp/four/debian/$s/4"/workloads/*.json; do
		jq 'walk(if type == "number" and . != floor then . * 1.01 else . end)' "$f" >"$f.x"
		mv "$f.x" "$f"
	done
done
# One statistic per claim: the summary's change is the gate's.
"$sb" gate --base "$tmp/four:debian/NO_PREEMPT_SHORT" --cand "$tmp/four:debian/PREEMPT_SHORT" >"$tmp/gate.out" || true
"$sb" report "$tmp/four" >"$tmp/four.out"
gate_pct=$(awk '/^cyclic avg delay /{for(i=1;i<=NF;i++)if($i~/%$/){print $i;exit}}' "$tmp/gate.out")
# the summary: the sides' values in one table, the change in the next
sum_pct=$(awk '$1=="cyclic"&&$2=="avg_delay_ms"&&$3~/%$/{print $3;exit}' "$tmp/four.out")
# and the words say the same means as the summary's values (one statistic)
sum_base=$(awk '$1=="cyclic"&&$2=="avg_delay_ms"&&$3~/^[0-9]/{print $3;exit}' "$tmp/four.out")
check "the words' base mean is the summary's ($sum_base)" \
	bash -c "tr '\n' ' ' <'$tmp/four.out' | grep -q 'averages $sum_base ->'"
check_eq "the summary's change of cyclic avg delay is the gate's" "${gate_pct:-none}" "${sum_pct:-missing}"
words_pct=$(printf '%.0f' "${gate_pct//[-%]/}")
check "the words say the same change ($words_pct %)" bash -c "tr '\n' ' ' <'$tmp/four.out' | grep -q 'tasks waited $words_pct% less'"
rules() { # rules DIRECTION: massive_intr runtime judged with a 1 % tolerance
	jq -n --arg d "$1" '{schema: 2, alpha: 0.01, pass_confidence: 0.95, min_runs: 4,
		rules: [{name: "runtime", metric: "runtime_ms", group: "massive_intr",
		direction: $d, tolerance_pct: 1, required: true}]}' >"$tmp/rules-$1.json"
}
rules higher # PREEMPT_SHORT ran massive_intr 8 % less: worse
"$sb" report --rules "$tmp/rules-higher.json" "$tmp/four" >/dev/null
check_eq "a regression: the banner says so" "Regression" "$(verdict_of "$tmp/four/report.html")"
check "in red" grep -q 'class="verdict regression"' "$tmp/four/report.html"
rules lower
"$sb" report --rules "$tmp/rules-lower.json" "$tmp/four" >/dev/null
check_eq "every rule passed: the banner says pass" "Pass" "$(verdict_of "$tmp/four/report.html")"

require chromium
browser() { # browser PROFILE ARGS... : Chromium headless, nothing from the network
	local profile=$1
	shift
	mkdir -p "$profile"
	timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$profile" --hide-scrollbars \
		--virtual-time-budget=10000 "$@" 2>>"$tmp/chromium.log"
}
url="file://$tmp/run/report.html"
browser "$tmp/p1" --dump-dom "$url" >"$tmp/dom.html"
images=$(grep -o 'data-images="loaded [0-9]*/[0-9]*"' "$tmp/dom.html" | grep -o '[0-9]*/[0-9]*' || true)
echo "images: ${images:-none}"
check "the page's script ran" test -n "$images"
check "every image loaded (${images:-?})" test -n "$images" -a "${images%/*}" = "${images#*/}"
check "there are images" test "${images#*/}" -gt 5 2>/dev/null
# report.html alone (a CI artifact): the plots are inside it
mkdir "$tmp/alone"
cp "$tmp/run/report.html" "$tmp/alone/"
browser "$tmp/p5" --dump-dom "file://$tmp/alone/report.html" >"$tmp/alone.html"
alone=$(grep -o 'data-images="loaded [0-9]*/[0-9]*"' "$tmp/alone.html" | grep -o '[0-9]*/[0-9]*' || true)
check "a copy alone in an empty directory loads every image (${alone:-?})" \
	test -n "$alone" -a "${alone%/*}" = "${alone#*/}" -a "${alone#*/}" = "${images#*/}"
browser "$tmp/p4" --window-size=1280,900 --dump-dom "$url" >"$tmp/dom900.html"
read -r word banner < <(grep -o 'data-verdict="[0-9]* [0-9]*"' "$tmp/dom900.html" | grep -o '[0-9]* [0-9]*' || echo "0 0")
echo "at 1280x900 the verdict's word ends at ${word} px, its banner at ${banner} px"
check "the verdict's word is within the first 900 pixels" test "$word" -gt 0 -a "$word" -le 900
check "the whole banner is within the first 900 pixels" test "$banner" -gt 0 -a "$banner" -le 900
read -r ran width < <(grep -o 'data-ran="[0-9]* [0-9]*"' "$tmp/dom900.html" | grep -o '[0-9]* [0-9]*' || echo "0 0")
check "What ran fits the page's width, no sideways scroll (${ran} of ${width} px)" test "$ran" -gt 0 -a "$ran" -le "$width"

browser "$tmp/p2" --window-size=1280,2400 --screenshot="$tmp/report.png" "$url" >/dev/null
browser "$tmp/p3" --window-size=1280,2400 --screenshot="$tmp/blank.png" \
	"data:text/html,<html><body></body></html>" >/dev/null
report=$(stat -c %s "$tmp/report.png" 2>/dev/null || echo 0)
blank=$(stat -c %s "$tmp/blank.png" 2>/dev/null || echo 0)
echo "screenshot: $report bytes; a blank page of the same size: $blank bytes"
check "screenshot is a PNG" test "$(head -c 8 "$tmp/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a
check "screenshot is not blank (over 20x a blank page's PNG)" test "$report" -gt $((20 * blank)) -a "$blank" -gt 0
finish
