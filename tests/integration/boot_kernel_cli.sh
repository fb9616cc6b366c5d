#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Integration test (no VM): slicebench kernel list/show/initramfs, descriptor
# errors, build/fetch errors that stop before anything is built, exit codes,
# initramfs layout and its reuse.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
init=tests/fixtures/boot/init-features.sh

echo "check: --help exits 0 and names every subcommand"
expect_rc 0 "$sb" kernel --help
for s in list show fetch build initramfs boot; do grep -q "kernel $s" "$tmp/out"; done

echo "check: list shows the shipped descriptors with their types"
expect_rc 0 "$sb" kernel list
for k in debian cfs host baseline patched regress-demo; do
	grep -qE "^$k +(debian|source|host) " "$tmp/out"
done

echo "check: an unknown kernel exits 2 and lists the available ones"
expect_rc 2 "$sb" kernel show no-such-kernel
grep -q "unknown kernel 'no-such-kernel'; available: baseline, bisect-demo, cfs, debian, host" "$tmp/err"

echo "check: show host reports the running kernel"
expect_rc 0 "$sb" kernel show host
jq -e --arg r "$(uname -r)" '.type == "host" and .release == $r and .image == ""' "$tmp/out" >/dev/null

echo "check: show of a source kernel resolves the shared fragment and the series"
expect_rc 0 "$sb" kernel show regress-demo
jq -e '.type == "source" and .machine == "pc" and (.fragment | endswith("common/config.fragment")) and (.series | endswith("regress-demo/patches/series"))' "$tmp/out" >/dev/null
"$sb" kernel show patched | jq -r .fragment | cmp - <(jq -r .fragment "$tmp/out")

echo "check: descriptor errors name the file and the key, exit 2"
mkdir -p "$tmp/k/typo" "$tmp/k/rpm"
echo '{"type": "debian", "package": "x", "packages": "y"}' >"$tmp/k/typo/kernel.json"
echo '{"type": "rpm"}' >"$tmp/k/rpm/kernel.json"
SLICEBENCH_KERNELS=$tmp/k expect_rc 2 "$sb" kernel show typo
grep -q "typo/kernel.json: packages: unknown key" "$tmp/err"
SLICEBENCH_KERNELS=$tmp/k expect_rc 2 "$sb" kernel show rpm
grep -q 'rpm/kernel.json: type: "rpm" is not a kernel type' "$tmp/err"

echo "check: a build or fetch that cannot start names the culprit: bad input exit 2, could not measure exit 4"
mkdir -p "$tmp/k/noseries" "$tmp/k/badpatch/patches" "$tmp/k/nofrag" "$tmp/k/notree" \
	"$tmp/k/nopkg" "$tmp/tree" "$tmp/nogcc"
echo CONFIG_SMP=y >"$tmp/frag"
echo missing.patch >"$tmp/k/badpatch/patches/series"
source_kernel() { # NAME TREE FRAGMENT [SERIES]
	jq -n --arg tree "$2" --arg frag "$3" --arg series "${4:-}" \
		'{type: "source", tree: $tree, fragment: $frag} +
		if $series == "" then {} else {series: $series} end' >"$tmp/k/$1/kernel.json"
}
source_kernel noseries "$tmp/tree" "$tmp/frag" no/series
source_kernel badpatch "$tmp/tree" "$tmp/frag" patches/series
source_kernel nofrag "$tmp/tree" "$tmp/no-frag"
source_kernel notree "$tmp/no-tree.tar.xz" "$tmp/frag"
echo '{"type": "debian", "package": "linux-image-slicebench-no-such-*"}' >"$tmp/k/nopkg/kernel.json"
export SLICEBENCH_KERNELS=$tmp/k SLICEBENCH_CACHE=$tmp/cache
expect_rc 2 "$sb" kernel build noseries
grep -qx "slicebench kernel: $tmp/k/noseries/no/series: cannot read the patch series" "$tmp/err"
expect_rc 2 "$sb" kernel build badpatch
grep -qx "slicebench kernel: $tmp/k/badpatch/patches/series: patch: $tmp/k/badpatch/patches/missing.patch: No such file or directory" "$tmp/err"
expect_rc 2 "$sb" kernel build nofrag
grep -qx "slicebench kernel: $tmp/no-frag: cannot read the config fragment" "$tmp/err"
expect_rc 4 "$sb" kernel build notree
grep -qx "slicebench kernel: kernel notree: source tree or tarball missing: $tmp/no-tree.tar.xz" "$tmp/err"
expect_rc 4 env PATH="$tmp/nogcc" "$sb" kernel build nofrag # no gcc
grep -qx "slicebench kernel: gcc --version failed: is gcc installed?" "$tmp/err"
expect_rc 4 "$sb" kernel fetch nopkg
grep -q "kernel nopkg: no installable package matches linux-image-slicebench-no-such-\\*" "$tmp/err"
[[ ! -e $tmp/cache/builds ]] || fail "a build started: $(ls "$tmp/cache/builds")"
unset SLICEBENCH_KERNELS SLICEBENCH_CACHE

echo "check: build refuses a non-source kernel; bad options exit 2"
expect_rc 2 "$sb" kernel build host
expect_rc 2 "$sb" kernel boot debian
grep -q -- "--init FILE is required" "$tmp/err"
expect_rc 2 "$sb" kernel boot debian --init "$init" --cpus 0
expect_rc 2 "$sb" kernel boot debian --init "$init" --timeout 5xs
expect_rc 2 "$sb" kernel boot debian --init "$init" --numa 1-0:512
grep -q -- '--numa: "1-0:512" is not CPUS:MB' "$tmp/err"
expect_rc 2 "$sb" kernel boot debian --init "$init" --memory 10
grep -q -- '--memory: "10" is out of range \[64, 65536\]' "$tmp/err"
expect_rc 2 "$sb" kernel show "$tmp/not-a-kernel"
printf 'not a kernel' >"$tmp/fake"
expect_rc 2 "$sb" kernel show "$tmp/fake"
grep -q "not an x86 bzImage" "$tmp/err"

echo "check: the initramfs holds init, busybox links, tools, libraries, scenario, nodes"
echo '{"name": "t"}' >"$tmp/scenario.json"
expect_rc 0 "$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" \
	--initrd-out "$tmp/a.cpio"
cpio -itv --quiet -F "$tmp/a.cpio" >"$tmp/list"
for f in init bin/busybox usr/bin/trace-cmd usr/bin/cyclictest usr/bin/hackbench \
	lib64/ld-linux-x86-64.so.2 lib/x86_64-linux-gnu/libtracefs.so.1 \
	etc/slicebench/scenario.json; do
	grep -qE " $f\$" "$tmp/list" || fail "missing $f"
done
grep -qE '^-rwxr-xr-x .* init$' "$tmp/list"
grep -qE ' bin/sh -> /bin/busybox$' "$tmp/list"
grep -qE '^crw------- .* dev/console$' "$tmp/list"
grep -qE '^crw-rw-rw- .* dev/null$' "$tmp/list"
grep -q ' usr/bin/perf$' "$tmp/list" && exit 1
mkdir "$tmp/x"
cpio -id --quiet --no-absolute-filenames -D "$tmp/x" -F "$tmp/a.cpio" 2>/dev/null || true
cmp "$tmp/x/etc/slicebench/scenario.json" "$tmp/scenario.json"
cmp "$tmp/x/init" "$init"

echo "check: an unchanged initramfs is reused, a changed input rebuilds it"
before=$(stat -c %Y.%y "$tmp/a.cpio")
sleep 1
"$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") == "$before" ]]
touch "$tmp/scenario.json"
"$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") != "$before" ]]
before=$(stat -c %Y.%y "$tmp/a.cpio")
"$sb" kernel initramfs host --init "$init" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") != "$before" ]]

echo "check: with --with-perf, perf and its libraries are in"
expect_rc 0 "$sb" kernel initramfs host --init "$init" --with-perf --initrd-out "$tmp/p.cpio"
cpio -it --quiet -F "$tmp/p.cpio" >"$tmp/plist"
grep -qx usr/bin/perf "$tmp/plist"

echo "check: a missing program is exit 4 naming it; a missing agent too when required"
mkdir "$tmp/bin"
for f in /usr/bin/*; do [[ ${f##*/} == busybox ]] || ln -s "$f" "$tmp/bin/"; done
PATH=$tmp/bin expect_rc 4 "$sb" kernel initramfs host --init "$init" --initrd-out "$tmp/b.cpio"
grep -q "busybox not found" "$tmp/err"
mkdir "$tmp/empty"
expect_rc 4 "$sb" kernel initramfs host --init "$init" --bin-dir "$tmp/empty" \
	--require-agent --initrd-out "$tmp/c.cpio"
grep -q "sbguest missing" "$tmp/err"
expect_rc 2 "$sb" kernel initramfs host --init "$tmp/no-init" --initrd-out "$tmp/d.cpio"
finish
