#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every patch queue under kernels/ applies to the tree its descriptor names
# (the regressions the merge check is measured against among them), checked
# without a build: the files the patches touch, taken from the linux-source
# tarball, each series applied in order with patch -p1 in a scratch copy.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
tarball=/usr/src/linux-source-6.12.tar.xz
[[ -r $tarball ]] || skip "$tarball missing (make deps-test installs linux-source-6.12)"
mapfile -t descs < <(grep -l '"series"' kernels/*/kernel.json)
((${#descs[@]} >= 4)) || fail "only ${#descs[@]} kernels with a patch queue"
# the files every queue touches, from the tarball in one pass
mapfile -t files < <(for d in "${descs[@]}"; do
	dir=$(dirname "$d")
	while read -r p; do
		sed -n 's#^+++ b/\([^[:space:]]*\).*#\1#p' "$dir/patches/$p"
	done <"$dir/patches/series"
done | sort -u)
top=$({ tar tJf "$tarball" 2>/dev/null || true; } | head -1 | cut -d/ -f1)
tar xJf "$tarball" -C "$tmp" "${files[@]/#/$top/}"
for d in "${descs[@]}"; do
	dir=$(dirname "$d") name=$(basename "$(dirname "$d")")
	[[ $(jq -r .tree "$d") == "$tarball" ]] || continue
	rm -rf "$tmp/w" && cp -r "$tmp/$top" "$tmp/w"
	ok=1
	while read -r p; do
		patch -d "$tmp/w" -p1 --batch --forward --quiet -i "$PWD/$dir/patches/$p" \
			>"$tmp/out" 2>&1 || {
			ok=0
			cat "$tmp/out"
			soft_fail "$name: $p does not apply to $tarball"
		}
	done <"$dir/patches/series"
	((ok)) && echo "ok: $name: $(wc -l <"$dir/patches/series") patch(es) apply"
done
finish
