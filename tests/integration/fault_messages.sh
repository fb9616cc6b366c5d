#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Inputs of table, compare and the rules that used to give unclear
# messages or none: each exits 2 with one line naming the file or option,
# the value and what to do. table: a directory (naming the trace inside a
# run directory), a FIFO, a device, --since/--until outside the trace's
# window (naming the window); compare: --groups naming no group (listing
# those there are); a scenario's rules path outside the checkout, refused
# before it is read (a FIFO nobody writes would hang a read); a value out
# of range in a rules file, quoted with its range. A scenario or rules
# file saved with a UTF-8 byte-order mark is read (it was "'[' or '{'
# expected near '<invisible>'").
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
need xz jq
xz -dc tests/fixtures/analyzer/guest_peer/perf.data.xz >"$tmp/p.data"
window='9\.004776 \.\. 12\.592041 s'

echo "check: table on a directory, a FIFO, a device"
mkdir -p "$tmp/empty" "$tmp/run"
cp "$tmp/p.data" "$tmp/run/perf.data"
expect 2 "^slicebench table: $tmp/empty: is a directory: give a trace.dat or perf.data file" \
	"$sb" table "$tmp/empty"
expect 2 "^slicebench table: $tmp/run: is a directory: give its trace, $tmp/run/perf.data" \
	"$sb" table "$tmp/run"
mkfifo "$tmp/fifo"
expect 2 "^slicebench table: $tmp/fifo: is a FIFO, not a file: .*save it to a file first" \
	timeout 20 "$sb" table "$tmp/fifo"
expect 2 "^slicebench table: /dev/null: is a device, not a file" "$sb" table /dev/null

echo "check: table --since/--until outside the trace's window names the window"
expect 2 "^slicebench table: $tmp/p.data: --since 100\.000000 s is outside the trace's window $window" \
	"$sb" table "$tmp/p.data" --since 100
expect 2 "^slicebench table: $tmp/p.data: --until 1\.000000 s is outside the trace's window $window" \
	"$sb" table "$tmp/p.data" --until 1 --json -
expect 0 "window 10\.000000 \.\. 11\.000000 s" "$sb" table "$tmp/p.data" --since 10 --until 11

echo "check: compare --groups naming no group lists the groups there are"
bash tests/fixtures/ci/synth.sh "$tmp/r" debian A 3 1 >/dev/null
bash tests/fixtures/ci/synth.sh "$tmp/r" debian B 3 2 >/dev/null
expect 2 '^slicebench compare: --groups: "nosuch" is not a task group or workload of these results; they are: .*cyclic' \
	"$sb" compare "$tmp/r" --groups cyclic,nosuch
expect 0 'cyclic' "$sb" compare "$tmp/r" --groups cyclic

echo "check: a scenario's rules outside the checkout are refused before they are read"
mkfifo "$tmp/rules_fifo"
up=$(printf '../%.0s' {1..16})
printf '{"name": "esc", "duration": "200ms", "rules": "%s", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic"}]}' \
	"$up${tmp#/}/rules_fifo" >"$tmp/esc.json"
expect 2 "esc.json: rules: \"(\.\./)+.*rules_fifo\" is outside the checkout: name a file under it without \.\." \
	timeout 20 "$sb" run --kernel host --scenario "$tmp/esc.json" --results "$tmp/res"
[[ ! -e $tmp/res ]] || fail "a results directory was made"
expect 2 'rules: "\.\./etc/passwd" is outside the checkout' \
	"$sb" plan <(sed 's|"rules": "[^"]*"|"rules": "../etc/passwd"|' "$tmp/esc.json") --kernel host

echo "check: a rules value out of range is quoted with the range"
jq '.rules[0].tolerance_pct = -5' ci/gate.json >"$tmp/rules.json"
expect 2 "^slicebench gate: $tmp/rules.json: rules\[0\]\.tolerance_pct: -5: must be a number in \[" \
	"$sb" gate --rules "$tmp/rules.json" --base "$tmp/r:debian/A" --cand "$tmp/r:debian/B"
jq '.schema = 7' ci/gate.json >"$tmp/rules.json"
expect 2 "$tmp/rules.json: schema: 7: must be 2" \
	"$sb" gate --rules "$tmp/rules.json" --base "$tmp/r:debian/A" --cand "$tmp/r:debian/B"

echo "check: a UTF-8 byte-order mark before a scenario or rules file is skipped"
{ printf '\xef\xbb\xbf'; cat "$tmp/esc.json"; } | sed 's|"rules": "[^"]*", ||' >"$tmp/bom.json"
expect 0 'host	A	1' "$sb" plan "$tmp/bom.json" --kernel host
# (without the rules of groups these runs lack: a chosen rules file names none)
{
	printf '\xef\xbb\xbf'
	jq '.rules |= map(select(.group | test("^(hackbench|stress-ng)-") | not))' ci/gate.json
} >"$tmp/bom_rules.json"
# three repeats a side cannot decide (exit 3), but the rules were read
expect 3 '^verdict: Cannot decide' "$sb" gate --rules "$tmp/bom_rules.json" --base "$tmp/r:debian/A" --cand "$tmp/r:debian/B"
finish
