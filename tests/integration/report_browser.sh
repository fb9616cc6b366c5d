#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The end of a run on canned VM results (tests/fixtures/ci/vm-smoke):
# `slicebench report` prints the seed-shaped tables, the summary, the words
# and the saturation warning, and writes report.html, judged by the rules
# the run's scenario names (else ci/gate.json); Debian's headless
# Chromium renders it: every image loads, and its screenshot is far from a
# blank page's.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
cp -r tests/fixtures/ci/vm-smoke "$tmp/run"
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
check "the summary judged by them" grep -q "the gate's (ci/gate-throughput.json, family-wise" "$tmp/named.out"
"$sb" report --rules ci/gate.json "$tmp/named" >"$tmp/named.out"
check "--rules overrides the scenario's" grep -qx 'rules: ci/gate.json (--rules)' "$tmp/named.out"
jq '.rules = "ci/no-such-gate.json"' "$tmp/run/scenario.json" >"$tmp/named/scenario.json"
expect_rc 2 "$sb" report "$tmp/named"
check "a missing rules file named in one line" grep -qx ".*named/scenario.json: rules: \"ci/no-such-gate.json\" is not a usable rules file: .*No such file or directory" "$tmp/err"

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

browser "$tmp/p2" --window-size=1280,2400 --screenshot="$tmp/report.png" "$url" >/dev/null
browser "$tmp/p3" --window-size=1280,2400 --screenshot="$tmp/blank.png" \
	"data:text/html,<html><body></body></html>" >/dev/null
report=$(stat -c %s "$tmp/report.png" 2>/dev/null || echo 0)
blank=$(stat -c %s "$tmp/blank.png" 2>/dev/null || echo 0)
echo "screenshot: $report bytes; a blank page of the same size: $blank bytes"
check "screenshot is a PNG" test "$(head -c 8 "$tmp/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a
check "screenshot is not blank (over 20x a blank page's PNG)" test "$report" -gt $((20 * blank)) -a "$blank" -gt 0
finish
