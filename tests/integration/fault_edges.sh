#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Inputs at the edges, each refused (exit 2) before any run starts, with a
# line naming the option or file, the field and the value: a resume into a
# run directory a live slicebench holds names that run, not its QEMU (and
# never advises a kill); kernel add refuses the reserved names common and
# path; a --kernel list longer than 1023
# bytes is taken whole (a cut one booted .../bz for .../bzImage); an
# over-long --resume is refused; a refused scenario rules value leaves no
# leak (the ASan build exited 1; make test-asan-integration runs this
# script with it). A host run writes nothing under HOME
# (perf record -N: no ~/.debug buildid cache).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
export SLICEBENCH_CACHE=$tmp/cache
scenario "$tmp/s.json" edges 1 1

echo "check: a resume into a run directory a live slicebench holds names that run, not its QEMU"
res=$tmp/res-live/run1
mkdir -p "$tmp/res-live"
ln -s run1 "$tmp/res-live/latest"
"$sb" plan "$tmp/s.json" --kernel host --results "$res" >/dev/null
mkdir -p "$res/host/A/1.tmp"
# The live run: the run directory's lock (sb_dir_lock), and its QEMU.
flock "$res" sleep 60 &
holder=$!
bash -c 'sleep 60; :' qemu-system-x86_64 "$res/host/A/1.tmp/console.log" &
standin=$!
stop_both() { kill "$holder" "$standin" 2>/dev/null; }
at_exit stop_both
echo "$standin" >"$res/host/A/1.tmp/qemu.pid"
for ((i = 0; i < 50; i++)); do
	grep -q "FLOCK.* $holder " /proc/locks && break
	sleep 0.1
done
for arg in "--resume $res" "--results $tmp/res-live"; do
	# shellcheck disable=SC2086 # the option and its value, split on purpose
	expect 2 "$res: another slicebench run \\(pid $holder\\) is using this results directory: wait for it to end, or give another --results$" \
		"$sb" run --kernel host --scenario "$tmp/s.json" $arg
	! grep -q 'kill' "$tmp/out" || fail "the message advises a kill: $(cat "$tmp/out")"
done
[[ -d $res/host/A/1.tmp ]] || fail "the live run's directory was touched"
stop_both
wait "$holder" "$standin" 2>/dev/null || true

# (a NAME starting with '-' is an option here; kernel_add refuses it too:
# tests/unit/test_boot_kernel.c)
echo "check: kernel add refuses the reserved names common and path"
export SLICEBENCH_KERNELS=$tmp/kernels
mkdir -p "$SLICEBENCH_KERNELS/common"
echo "CONFIG_SMP=y" >"$SLICEBENCH_KERNELS/common/config.fragment"
fake_bzimage "$tmp/bzImage" 6.12.0-edge
expect 2 '^slicebench kernel add: NAME: common: is reserved: kernels/common holds the files kernels share \(config\.fragment\); pick another NAME$' \
	"$sb" kernel add common --bzimage "$tmp/bzImage"
[[ $(ls "$SLICEBENCH_KERNELS/common") == config.fragment ]] || fail "kernels/common changed"
expect 2 'NAME: path: is reserved: "path" names a bare --kernel PATH' \
	"$sb" kernel add path --bzimage "$tmp/bzImage"
[[ ! -e $SLICEBENCH_KERNELS/path ]] || fail "a refused kernel's directory was made"
unset SLICEBENCH_KERNELS

echo "check: a --kernel list longer than 1023 bytes is taken whole"
mkdir -p "$tmp/img"
fake_bzimage "$tmp/img/bzImage" 6.12.0-edge
# slashes, so that a 1023-byte cut ends at .../img/bz: a file, no image
prefix=host,a=
pad=$((1023 - ${#prefix} - ${#tmp} - 7))
list="$prefix$tmp$(printf '/%.0s' $(seq "$pad"))/img/bzImage"
[[ ${list:0:1023} == *//img/bz ]] || fail "the cut falls elsewhere: ...${list:1000:23}"
head -c 2048 /dev/urandom >"$tmp/img/bz"
expect 0 '^a/A/1' "$sb" plan "$tmp/s.json" --kernel "$list"
echo "ok: a ${#list}-byte list planned with the image it names"

echo "check: an over-long --resume is refused, not cut"
expect 2 '--resume: a path of 5000 bytes: at most' \
	"$sb" run --kernel host --scenario "$tmp/s.json" --resume "$(printf 'x%.0s' {1..5000})"

echo "check: a refused rules value (outside the checkout): exit 2, nothing leaked"
jq '. + {rules: "../../etc/passwd"}' "$tmp/s.json" >"$tmp/rules.json"
expect 2 'rules\.json: rules: "\.\./\.\./etc/passwd" is outside the checkout' \
	"$sb" run --kernel host --scenario "$tmp/rules.json" --results "$tmp/res-rules"
[[ ! -e $tmp/res-rules ]] || fail "a results directory was made"

echo "check: a host run writes nothing under HOME (no ~/.debug from perf)"
need perf
mkdir -p "$tmp/home"
HOME=$tmp/home expect 0 'complete' "$sb" run --kernel host --features-as-is \
	--scenario "$tmp/s.json" --results "$tmp/res-home"
[[ -z $(ls -A "$tmp/home") ]] || fail "written under HOME: $(ls -A "$tmp/home")"
echo "ok: HOME left empty"
finish
