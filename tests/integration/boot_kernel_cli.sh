#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Integration test (no VM): slicebench kernel list/show/initramfs/add,
# descriptor errors, build/fetch errors that stop before anything is built,
# exit codes, initramfs layout and its reuse, images of one's own named
# with --kernel NAME=PATH up to the plan.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
init=tests/fixtures/boot/init-features.sh

echo "check: --help exits 0 and names every subcommand"
expect_rc 0 "$sb" kernel --help
for s in list show fetch build add initramfs boot; do grep -q "kernel $s" "$tmp/out"; done

echo "check: list shows the shipped descriptors with their types"
expect_rc 0 "$sb" kernel list
for k in debian cfs host baseline patched regress-demo; do
	grep -qE "^$k +(debian|source|host) " "$tmp/out"
done

echo "check: an unknown kernel exits 2 and lists the available ones"
expect_rc 2 "$sb" kernel show no-such-kernel
grep -q "unknown kernel 'no-such-kernel'; available: baseline, bisect-demo, cfs, debian, host" "$tmp/err"
check "no guess for a name far from every kernel" bash -c "! grep -q 'did you mean' '$tmp/err'"
expect_rc 2 "$sb" kernel show debain
check "a slip: the nearest named" grep -q "unknown kernel 'debain'; .*; did you mean debian?$" "$tmp/err"

echo "check: show host reports the running kernel"
expect_rc 0 "$sb" kernel show host
jq -e --arg r "$(uname -r)" '.type == "host" and .release == $r and .image == ""' "$tmp/out" >/dev/null
echo "check: show prints the project's envelope around the facts"
jq -e '.schema == 1 and .tool == "slicebench-kernel" and .status == "ok" and
	.command_line == ["kernel", "show", "host"] and .name == "host" and
	(.start_time | type) == "string" and (.version | type) == "string"' "$tmp/out" >/dev/null ||
	fail "no envelope: $(jq -c . "$tmp/out")"

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
grep -q -- '--memory: "10" is out of range \[128, 1048576\]' "$tmp/err"
expect_rc 2 "$sb" kernel show "$tmp/not-a-kernel"
printf 'not a kernel' >"$tmp/fake"
expect_rc 2 "$sb" kernel show "$tmp/fake"
grep -q "not an x86 bzImage" "$tmp/err"

fake_bzimage "$tmp/one.bzImage" 6.12.1-one
fake_bzimage "$tmp/two.bzImage" 6.12.2-two

echo "check: kernel add writes a descriptor the reader takes, once; refusals exit 2 and leave nothing"
expect_rc 0 "$sb" kernel add --help
for o in bzimage tree series config fragment description; do grep -q -- "--$o " "$tmp/out"; done
mkdir -p "$tmp/own"
cp -r kernels/common "$tmp/own/"
export SLICEBENCH_KERNELS=$tmp/own
expect_rc 0 "$sb" kernel add mine --bzimage "$tmp/one.bzImage" --description "my image"
grep -qx "$tmp/own/mine/kernel.json" "$tmp/out"
jq -e --arg i "$tmp/one.bzImage" '. == {type: "path", description: "my image", image: $i}' \
	"$tmp/own/mine/kernel.json" >/dev/null
expect_rc 0 "$sb" kernel show mine
jq -e '.type == "path" and .release == "6.12.1-one"' "$tmp/out" >/dev/null
expect_rc 2 "$sb" kernel add mine --bzimage "$tmp/two.bzImage"
grep -qx "slicebench kernel add: $tmp/own/mine/kernel.json: exists; remove it or pick another NAME" "$tmp/err"
jq -e '.description == "my image"' "$tmp/own/mine/kernel.json" >/dev/null
printf 'CONFIG_SMP=y\n' >"$tmp/full.config"
expect_rc 0 "$sb" kernel add tree --tree "$tmp/tree" --config "$tmp/full.config"
expect_rc 0 "$sb" kernel show tree
jq -e --arg c "$tmp/full.config" '.type == "source" and .config == $c and .fragment == ""' "$tmp/out" >/dev/null
expect_rc 0 "$sb" kernel add plain --tree "$tmp/tree"
jq -e --arg f "$tmp/own/common/config.fragment" '.fragment == $f' "$tmp/own/plain/kernel.json" >/dev/null
expect_rc 2 "$sb" kernel add both --tree "$tmp/tree" --config "$tmp/full.config" --fragment "$tmp/frag"
grep -qx "slicebench kernel add: $tmp/own/both/kernel.json: config: and fragment exclude each other (a full .config, or tinyconfig + a fragment): keep one" "$tmp/err"
expect_rc 2 "$sb" kernel add bad --bzimage "$tmp/full.config"
grep -q -- "--bzimage: $tmp/full.config: not a readable x86 bzImage" "$tmp/err"
expect_rc 2 "$sb" kernel add bad --tree "$tmp/tree" --bzimage "$tmp/one.bzImage"
expect_rc 2 "$sb" kernel add bad
expect_rc 2 "$sb" kernel add 'a;b' --bzimage "$tmp/one.bzImage"
expect_rc 2 "$sb" kernel add bad --bzimage "$tmp/one.bzImage" --series x
[[ ! -e $tmp/own/both && ! -e $tmp/own/bad ]] || fail "a refused add left $(ls "$tmp/own")"
echo "check: before a run, a kernel not ready whose backend's tools are missing is exit 4 naming the tool"
echo '{"name": "own", "duration": "100ms", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic"}]}' >"$tmp/own.json"
SLICEBENCH_CACHE=$tmp/cache PATH=$tmp/nogcc expect_rc 4 "$sb" plan "$tmp/own.json" --kernel plain
grep -qx "slicebench plan: kernel plain (type source) is not ready and making it needs make, which is not on PATH (make deps)" "$tmp/err"
unset SLICEBENCH_KERNELS

echo "check: --kernel a=P1,b=P2 plans two images of one's own under their names"
expect_rc 0 "$sb" plan "$tmp/own.json" --kernel "a=$tmp/one.bzImage,b=$tmp/two.bzImage"
[[ $(cut -f1 "$tmp/out") == $'a/A/1\nb/A/1' ]] || fail "plan: $(cat "$tmp/out")"
expect_rc 2 "$sb" plan "$tmp/own.json" --kernel "$tmp/one.bzImage,$tmp/two.bzImage"
grep -q -- "--kernel: path given twice (images: name each, as a=PATH1,b=PATH2)" "$tmp/err"
expect_rc 2 "$sb" plan "$tmp/own.json" --kernel "a=$tmp/one.bzImage,a=$tmp/two.bzImage"
grep -q -- "--kernel: a given twice" "$tmp/err"
expect_rc 2 "$sb" run --kernel "a=$tmp/no-image" --scenario "$tmp/own.json" --results "$tmp/res"
grep -qx "slicebench run: --kernel: $tmp/no-image: not a readable image file" "$tmp/err"
echo "check: through make (SLICEBENCH_VIA_MAKE), the message names KERNEL"
SLICEBENCH_VIA_MAKE=kernel=KERNEL expect_rc 2 "$sb" run --kernel "a=$tmp/no-image" \
	--scenario "$tmp/own.json" --results "$tmp/res"
grep -qx "slicebench run: KERNEL: $tmp/no-image: not a readable image file" "$tmp/err"
make -s -n bench KERNEL="a=$tmp/one.bzImage,b=$tmp/two.bzImage" >"$tmp/make" 2>&1
grep -q -- "--kernel \"a=$tmp/one.bzImage,b=$tmp/two.bzImage\"" "$tmp/make"
grep -q "SLICEBENCH_VIA_MAKE=kernel=KERNEL" "$tmp/make"
[[ ! -e $tmp/res ]] || fail "a refused run wrote $(ls "$tmp/res")"

echo "check: the initramfs holds init, busybox links, tools, libraries, scenario, nodes"
echo '{"name": "t"}' >"$tmp/scenario.json"
expect_rc 0 "$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" \
	--initrd-out "$tmp/a.cpio"
cpio -itv --quiet -F "$tmp/a.cpio" >"$tmp/list"
for f in init bin/busybox usr/bin/cyclictest usr/bin/hackbench \
	lib64/ld-linux-x86-64.so.2 lib/x86_64-linux-gnu/libnuma.so.1 \
	etc/slicebench/scenario.json; do
	grep -qE " $f\$" "$tmp/list" || fail "missing $f"
done
! grep -q trace-cmd "$tmp/list" || fail "trace-cmd packed: the agent records through tracefs"
grep -qE '^-rwxr-xr-x .* init$' "$tmp/list"
grep -qE ' bin/sh -> /bin/busybox$' "$tmp/list"
grep -qE '^crw------- .* dev/console$' "$tmp/list"
grep -qE '^crw-rw-rw- .* dev/null$' "$tmp/list"
grep -q ' usr/bin/perf$' "$tmp/list" && exit 1
mkdir "$tmp/x"
cpio -id --quiet --no-absolute-filenames -D "$tmp/x" -F "$tmp/a.cpio" 2>/dev/null || true
cmp "$tmp/x/etc/slicebench/scenario.json" "$tmp/scenario.json"
cmp "$tmp/x/init" "$init"

echo "check: an unchanged initramfs is reused (an input touched too), a changed input rebuilds it"
before=$(stat -c %Y.%y "$tmp/a.cpio")
sleep 1
"$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") == "$before" ]] || fail "an unchanged initramfs was rebuilt"
touch "$tmp/scenario.json"
"$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") == "$before" ]] || fail "a touched input rebuilt the initramfs"
printf '\n' >>"$tmp/scenario.json"
"$sb" kernel initramfs host --init "$init" --scenario "$tmp/scenario.json" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") != "$before" ]] || fail "a changed scenario did not rebuild the initramfs"
before=$(stat -c %Y.%y "$tmp/a.cpio")
"$sb" kernel initramfs host --init "$init" --initrd-out "$tmp/a.cpio" >/dev/null
[[ $(stat -c %Y.%y "$tmp/a.cpio") != "$before" ]]

echo "check: --initrd-out - writes the archive to standard output, the outcome to stderr"
"$sb" kernel initramfs host --init "$init" --initrd-out "$tmp/f.cpio" >/dev/null
"$sb" kernel initramfs host --init "$init" --initrd-out - >"$tmp/s.cpio" 2>"$tmp/s.err"
cmp -s "$tmp/s.cpio" "$tmp/f.cpio" || fail "the archive on standard output is not the one written to a file"
jq -e '.initramfs == "-" and .bytes > 0' "$tmp/s.err" >/dev/null || fail "outcome on stderr: $(cat "$tmp/s.err")"
echo "check: initramfs prints the project's envelope around its outcome"
jq -e --arg i "$init" '.schema == 1 and .tool == "slicebench-kernel" and .status == "ok" and
	.command_line == ["kernel", "initramfs", "host", "--init", $i, "--initrd-out", "-"] and
	(.start_time | type) == "string" and (.end_time | type) == "string"' "$tmp/s.err" >/dev/null ||
	fail "no envelope: $(jq -c . "$tmp/s.err")"
expect_rc 2 "$sb" kernel boot host --init "$init" --console - --results-out -
grep -q -- "--console: -: --results-out names it too: standard output takes one output" "$tmp/err"

echo "check: without --initrd-out, the cache names an archive by its content: two inits, two archives"
cp "$init" "$tmp/init-b.sh"
echo ": other" >>"$tmp/init-b.sh"
export SLICEBENCH_CACHE=$tmp/cache
"$sb" kernel initramfs host --init "$init" | jq -r .initramfs >"$tmp/pa"
"$sb" kernel initramfs host --init "$tmp/init-b.sh" | jq -r .initramfs >"$tmp/pb"
"$sb" kernel initramfs host --init "$init" | jq -r .initramfs >"$tmp/pa2"
[[ $(cat "$tmp/pa") == "$tmp/cache/initramfs/host-"*.cpio ]] || fail "not in the cache: $(cat "$tmp/pa")"
! cmp -s "$tmp/pa" "$tmp/pb" || fail "two inits got one name: $(cat "$tmp/pa")"
cmp -s "$tmp/pa" "$tmp/pa2" || fail "one init got two names: $(cat "$tmp/pa") $(cat "$tmp/pa2")"
for w in a b; do
	mkdir "$tmp/k$w"
	cpio -id --quiet --no-absolute-filenames -D "$tmp/k$w" -F "$(cat "$tmp/p$w")" init 2>/dev/null || true
done
cmp -s "$tmp/ka/init" "$init" || fail "archive a does not hold its init"
cmp -s "$tmp/kb/init" "$tmp/init-b.sh" || fail "archive b does not hold its init"
unset SLICEBENCH_CACHE

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
