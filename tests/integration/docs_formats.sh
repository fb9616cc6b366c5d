#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# docs/config-formats.md is what format_docs prints from the reader's tables
# (scenario, gate rules, kernel descriptors): a table changed without `make
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
