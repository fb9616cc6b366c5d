#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# docs/config-formats.md is what format_docs prints from the reader's tables
# (scenario, gate rules, kernel descriptors), docs/formats.md what it makes of
# docs/formats.in.md and the rows of the outputs read back (envelope,
# manifest.json, table.json): a table or the prose changed without `make
# docs-formats` fails here. format_docs writes through -o and answers --help.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

fd=$bin_dir/format_docs
[[ -x $fd ]] || fail "$fd is not built (make all)"

echo "check: the checked-in reference is the generated one"
expect_rc 0 "$fd" -o "$tmp/formats.md"
diff -u docs/config-formats.md "$tmp/formats.md" >"$tmp/diff" ||
	fail "docs/config-formats.md is stale (make docs-formats): $(cat "$tmp/diff")"
echo "ok: docs/config-formats.md matches"

echo "check: the checked-in page of the outputs is the generated one"
expect_rc 0 "$fd" --prose docs/formats.in.md -o "$tmp/outputs.md"
diff -u docs/formats.md "$tmp/outputs.md" >"$tmp/diff" ||
	fail "docs/formats.md is stale (make docs-formats): $(cat "$tmp/diff")"
echo "ok: docs/formats.md matches"
for key in lost_events groups delay_hist_ns busy_pct feature_set sha256 hostname check_exit \
	command_line; do
	check "output key $key" grep -q "^| \`$key\` |" "$tmp/outputs.md"
done
check_eq "no marker left" 0 "$(grep -c '^<!-- rows: ' "$tmp/outputs.md")"
printf 'a\n<!-- rows: nope.json -->\n' >"$tmp/bad.in.md"
expect_rc 2 "$fd" --prose "$tmp/bad.in.md" -o "$tmp/bad.md"
check "an unknown format named with its line" grep -q 'bad.in.md: line 2: <!-- rows: nope.json -->: no such format' "$tmp/err"
[[ ! -e $tmp/bad.md ]] || soft_fail "nothing written on error"

echo "check: every key of every table is in it"
for key in duration feature_sets workloads buffer_kb memory_mb icount_shift \
	tolerance_pct pass_bound_abs min_runs package fragment custom_slices; do
	check "key $key" grep -q "^| \`$key\` |" "$tmp/formats.md"
done

echo "check: --help, and standard output by default"
expect_rc 0 "$fd" --help
check "usage" grep -q '^usage: format_docs' "$tmp/out"
expect_rc 0 "$fd"
check "stdout" cmp -s "$tmp/out" "$tmp/formats.md"
expect_rc 2 "$fd" --bogus
check "bad option" grep -q 'format_docs: unknown option "--bogus"' "$tmp/err"
finish
