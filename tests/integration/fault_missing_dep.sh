#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Missing dependencies: with a PATH that hides QEMU, cyclictest (copied into
# the guest) or perf (the host recorder), every run fails naming the
# program, the matrix exits 3, and a completed run already in the results
# root is untouched. The VM cases use a fake bzImage: nothing ever boots.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh

# PATH-like directory with every program of $PATH except those matching GLOB.
path_without() {
	local glob=$1 dir d f
	dir=$tmp/path-${glob//[^a-z]/}
	mkdir -p "$dir"
	IFS=: read -r -a dirs <<<"$PATH"
	for d in "${dirs[@]}"; do
		for f in "$d"/*; do
			[[ -x $f && ! -d $f ]] || continue
			# shellcheck disable=SC2053 # GLOB is a pattern on purpose
			[[ ${f##*/} == $glob || -e $dir/${f##*/} ]] || ln -s "$f" "$dir/${f##*/}"
		done
	done
	echo "$dir"
}

fake=$tmp/bzImage
fake_bzimage "$fake" 6.12.0-fake

scenario "$tmp/s.json" dep 2 1
expect 0 'complete' "$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
before=$(tree_sum "$tmp/res")

# cyclictest is packed into the guest only for a scenario that runs it
scenario "$tmp/s-ct.json" dep 2 1 \
	'[{"tool": "cyclictest", "count": 1, "slice": "500us", "args": ["-i", "1000"]}]'

missing() { # GLOB KERNEL REGEX [SCENARIO]: every run fails naming the program, exit 4
	local p m
	p=$(path_without "$1")
	expect 4 "$3" env PATH="$p" "$sb" run --kernel "$2" --scenario "${4:-$tmp/s.json}" \
		--results "$tmp/res" --new
	for m in "$(readlink -f "$tmp/res/latest")"/*/*/1/manifest.json; do
		jq -e --arg re "$3" '.status == "failed" and (.failure | test($re))' "$m" >/dev/null ||
			fail "$m: $(jq -c '{status, failure}' "$m")"
	done
}

echo "check: QEMU not on PATH: exit 4 naming qemu-system-x86_64"
missing 'qemu-system-*' "$fake" 'qemu-system-x86_64: No such file or directory'
echo "check: cyclictest not on PATH: exit 4 naming cyclictest"
missing 'cyclictest' "$fake" 'cyclictest not found' "$tmp/s-ct.json"
echo "check: perf not on PATH (host recorder): exit 4 naming perf"
missing 'perf' host 'cannot start perf'

echo "check: the completed run from before is still there and unchanged"
orig=$(find "$tmp/res" -maxdepth 1 -name 'dep-*' | sort | head -n 1)
mkdir "$tmp/check" && cp -a "$orig" "$tmp/check/"
[[ $(tree_sum "$tmp/check") == "$before" ]] || fail "the first run's files changed"
finish
