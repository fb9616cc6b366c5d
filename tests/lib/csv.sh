# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Reading the CSV outputs (gate --csv, compare --csv) in tests, as any
# RFC 4180 reader would: sourced after tests/lib/common.sh.

# csv_tsv FILE: RFC 4180 CSV (no newline inside a cell) as tab-separated cells
csv_tsv() {
	tr -d '\r' <"$1" | awk '{
		out = ""; f = ""; q = 0
		for (i = 1; i <= length($0); i++) {
			c = substr($0, i, 1)
			if (q && c == "\"" && substr($0, i + 1, 1) == "\"") { f = f c; i++ }
			else if (c == "\"") q = !q
			else if (!q && c == ",") { out = out f "\t"; f = "" }
			else f = f c
		}
		print out f
	}'
}
