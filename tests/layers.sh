#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The arrows of the C sources' include graph point down: a file includes
# only its own room and the rooms of lower layers, and no files include
# each other round a cycle (a .c and its .h are one node: the .c's calls
# are the header's arrows). tests/ and fuzz/ may use anything and are left
# out. Prints each upward include and each cycle; exit 1 on any, else 0.
#
# Usage: tests/layers.sh [ROOT]   (ROOT: the repository, by default this one)
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

# Layers, lowest first: "RANK PREFIX..."; the longest prefix matching a
# path names its room. Rooms of one rank are siblings: neither includes
# the other. A command (any cmd_*.c) is above every library room.
layers='
0 common/
1 workloads/toolout/
2 workloads/registry/
3 workloads/lib/
4 workloads/ analyzer/
5 ci/
6 harness/boot/
7 harness/
8 harness/scale/ merge/
9 harness/guest/ tools/ perf/ cmd_
'
# "FILE INCLUDED" for every quoted include
# (a made-up tree of tests/integration/layers.sh may lack some rooms).
edges() {
	local d rooms=()
	for d in common workloads analyzer ci harness merge perf tools; do
		[[ -d $d ]] && rooms+=("$d")
	done
	find "${rooms[@]}" -name '*.[ch]' \
		-exec grep -H '^#include "' {} + |
		sed -E 's/^([^:]*):#include "([^"]*)".*/\1 \2/'
}

# Upward includes: the room and rank of both ends, longest prefix first.
upward() {
	awk -v layers="$layers" '
	BEGIN {
		n = split(layers, line, "\n")
		for (i = 1; i <= n; i++) {
			k = split(line[i], f, " ")
			for (j = 2; j <= k; j++)
				rank[f[j]] = f[1]
		}
	}
	function room(path, base, best, p) {
		base = path
		sub(/.*\//, "", base)
		if (base ~ /^cmd_.*\.c$/)
			return "cmd_"
		best = ""
		for (p in rank)
			if (p != "cmd_" && index(path, p) == 1 &&
			    length(p) > length(best))
				best = p
		return best
	}
	{
		a = room($1); b = room($2)
		if (a == "" || b == "")
			printf "%s includes %s: %s is in no layer\n", $1, $2,
				a == "" ? $1 : $2
		else if (a != b && rank[b] + 0 >= rank[a] + 0)
			printf "%s includes %s: %s (layer %d) is not above %s (layer %d)\n",
				$1, $2, a, rank[a], b, rank[b]
	}'
}

# Node edges: paths without .c/.h (a file and its header are one node).
nodes() {
	sed -E 's/\.[ch]( |$)/\1/g' | awk '$1 != $2' | sort -u
}

list=$(edges)
bad=0
up=$(upward <<<"$list")
if [[ -n $up ]]; then
	echo "layers: an include against the layers:"
	awk '{ print "  " $0 }' <<<"$up"
	bad=1
fi
loops=$(nodes <<<"$list" | tsort 2>&1 >/dev/null || true)
if [[ -n $loops ]]; then
	echo "layers: files that include each other round a loop:"
	sed -e 's/^tsort: .*input contains a loop:$/  loop:/' \
		-e 's/^tsort: /    /' <<<"$loops"
	bad=1
fi
((bad == 0)) && echo "layers: ok ($(wc -l <<<"$list") includes)"
exit "$bad"
