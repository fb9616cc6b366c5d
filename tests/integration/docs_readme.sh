#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# README.md stays a first screen (12 KB at most: the internals live in
# docs/) and every file it or docs/reading.md links to is there.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: README.md is 12 KB at most"
size=$(wc -c <README.md)
check "README.md: $size bytes" test "$size" -le 12288

echo "check: the files README.md and docs/reading.md link to exist"
for doc in README.md docs/reading.md; do
	dir=$(dirname "$doc")
	while read -r link; do
		check "$doc links to $link" test -e "$dir/$link"
	done < <(grep -o '](\([^)#]*\)' "$doc" | sed 's/^](//' | grep -v '^http' | sort -u)
done
finish
