#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# docs/cli.md is every command's --help as tools/cli_docs.sh prints it from
# the built programs: an option row changed without `make docs-cli` fails
# here. Every command and generator answers --help with the one help row
# and refuses an unknown option with a first line naming it (exit 2).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: the checked-in page is the generated one"
bash tools/cli_docs.sh "$bin_dir" >"$tmp/cli.md" || fail "tools/cli_docs.sh failed"
diff -u docs/cli.md "$tmp/cli.md" >"$tmp/diff" ||
	fail "docs/cli.md is stale (make docs-cli): $(cat "$tmp/diff")"
echo "ok: docs/cli.md matches"

echo "check: one --help row, in every command's help"
sections=$(grep -c '^## ' "$tmp/cli.md")
# the front end's own usage lists commands, not options
check_eq "help rows" "$((sections - 1))" \
	"$(grep -cE '^  -h, --help +show this help and exit$' "$tmp/cli.md")"

# (some print their usage or help after that line)
echo "check: an unknown option: one line naming it, exit 2"
for cmd in run plan merge table compare gate check bisect report "kernel boot x" "kernel add x"; do
	# shellcheck disable=SC2086 # the subcommand's words
	expect_rc 2 "$sb" $cmd --bogus
	check "$cmd" grep -q "^slicebench ${cmd%% *}.*: unknown option \"--bogus\"$" "$tmp/err"
done
for prog in cyclic massive_intr mixload slicectl spin_example sbguest format_docs; do
	expect_rc 2 "$bin_dir/$prog" --bogus
	check_eq "$prog" "$prog: unknown option \"--bogus\"" "$(head -n1 "$tmp/err")"
done
finish
