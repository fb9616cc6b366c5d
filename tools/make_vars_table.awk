# SPDX-License-Identifier: GPL-2.0
# make help's table of variables: rows of NAME<TAB>TARGETS<TAB>MEANING,
# the meaning wrapped at word boundaries so no line passes 100 columns.
BEGIN { indent = 2 + 17 + 32; width = 100 - indent }
{
	line = sprintf("  %-16s %-31s ", $1, $2)
	n = split($3, w, " ")
	cur = ""
	for (i = 1; i <= n; i++) {
		if (cur != "" && length(cur) + 1 + length(w[i]) > width) {
			print line cur
			line = sprintf("%" indent "s", "")
			cur = w[i]
		} else {
			cur = cur == "" ? w[i] : cur " " w[i]
		}
	}
	print line cur
}
