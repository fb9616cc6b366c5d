#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test: source kernels. Broken inputs fail naming the culprit; baseline,
# regress-demo and patched build (or come from the cache) and boot our test
# init: features toggle, regress-demo starts with NO_PREEMPT_SHORT, patched
# shows its boot message.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
init=tests/fixtures/boot/init-features.sh

# broken NAME FRAGMENT [SERIES] REGEX: a source kernel NAME of the 6.12 tree
# with FRAGMENT (and patch SERIES) fails to build with exit 2, naming the
# culprit (REGEX on stderr).
broken() {
	local dir=$tmp/k/$1 series=
	(($# == 4)) && series=$3
	mkdir -p "$dir"
	jq -n --arg frag "$2" --arg series "$series" '{type: "source",
		tree: "/usr/src/linux-source-6.12.tar.xz", fragment: $frag} +
		if $series == "" then {} else {series: $series} end' >"$dir/kernel.json"
	SLICEBENCH_KERNELS=$tmp/k rc_of "$sb" kernel build "$1" >/dev/null 2>"$tmp/err"
	cat "$tmp/err"
	[[ $rc == 2 ]] || fail "$1: exit $rc, want 2"
	grep -q "${!#}" "$tmp/err" || fail "$1: no /${!#}/ in the message"
}

echo "check: a fragment option that cannot survive olddefconfig is named, exit 2"
cp kernels/common/config.fragment "$tmp/frag"
echo "CONFIG_SLICEBENCH_NO_SUCH_OPTION=y" >>"$tmp/frag"
broken badfrag "$tmp/frag" "did not survive olddefconfig: CONFIG_SLICEBENCH_NO_SUCH_OPTION"

echo "check: a patch that does not apply is named, exit 2"
mkdir -p "$tmp/k/badpatch/patches"
sed 's/PREEMPT_SHORT, true/PREEMPT_SHORT, maybe/; s/PREEMPT_SHORT, false/PREEMPT_SHORT, never/' \
	kernels/regress-demo/patches/0001-*.patch >"$tmp/k/badpatch/patches/0001-broken.patch"
echo 0001-broken.patch >"$tmp/k/badpatch/patches/series"
broken badpatch "$PWD/kernels/common/config.fragment" patches/series \
	"patch does not apply: .*0001-broken.patch"

boot() { # kernel -> results unpacked in $tmp/<kernel>/
	"$sb" kernel build "$1" >"$tmp/$1.info"
	jq -e '.image != "" and (.release | startswith("6.12"))' "$tmp/$1.info" >/dev/null
	"$sb" kernel boot "$1" --init "$init" --timeout 180s --accel tcg \
		--results-out "$tmp/$1.tar" --initrd-out "$tmp/$1.cpio" >"$tmp/$1.json"
	jq . "$tmp/$1.json"
	jq -e '.outcome == "ok"' "$tmp/$1.json" >/dev/null
	mkdir "$tmp/$1"
	tar xf "$tmp/$1.tar" -C "$tmp/$1"
}

echo "check: baseline boots, PREEMPT_SHORT on by default, toggling works"
boot baseline
grep -qw PREEMPT_SHORT "$tmp/baseline/features-before.txt"
grep -qw NO_PREEMPT_SHORT "$tmp/baseline/features-after.txt"
grep -q "slicebench example patch queue" "$tmp/baseline/dmesg.txt" && exit 1

echo "check: a second build is a cache hit (same image, no new build)"
log=$(jq -r .build_log "$tmp/baseline.info")
lines=$(wc -l <"$log")
"$sb" kernel build baseline | jq -e --arg img "$(jq -r .image "$tmp/baseline.info")" '.image == $img' >/dev/null
[[ $(wc -l <"$log") == "$lines" ]]

echo "check: regress-demo starts with NO_PREEMPT_SHORT (its patch is in)"
boot regress-demo
grep -qw NO_PREEMPT_SHORT "$tmp/regress-demo/features-before.txt"

echo "check: patched carries its harmless patch and keeps PREEMPT_SHORT"
boot patched
grep -q "slicebench example patch queue" "$tmp/patched/dmesg.txt"
grep -qw PREEMPT_SHORT "$tmp/patched/features-before.txt"
grep -qw NO_PREEMPT_SHORT "$tmp/patched/features-before.txt" && exit 1
finish
