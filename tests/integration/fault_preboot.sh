#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every check that can be made before a boot is made by plan and run before
# a boot: a misspelled feature, a CPU list beyond the guest's CPUs (or the
# host's), a guest bigger than the host's memory, an argument longer than
# exec takes, an unknown tool, a duration over 24 h, a workload's args its
# own option table refuses, NUMA nodes sharing a CPU, a descriptor's image
# that is no bzImage, a bad NAME of NAME=PATH, check --cand-features
# against the candidate's list. Each is exit 2 with a line naming file (or
# option), field and value, and no results directory is made.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh

# base FILE JQ-EXPR [JQ-OPTIONS...]: a one-run scenario changed by JQ-EXPR.
base() {
	jq "${@:3}" "$2" >"$1" <<'JSON'
{"name": "pre", "duration": "1s",
 "feature_sets": [{"name": "a", "features": ["PREEMPT_SHORT"]}],
 "workloads": [{"tool": "cyclic", "count": 1}]}
JSON
}

# refused KERNEL FILE REGEX: plan and run both exit 2 with REGEX, without
# a results directory (so no run, no VM); the time is said, not asserted
# (a loaded machine is slow, and nothing booted is what counts).
refused() {
	local kernel=$1 file=$2 re=$3 t0 ms
	t0=$(date +%s%N)
	expect 2 "$re" "$sb" plan "$file" --kernel "$kernel"
	expect 2 "$re" "$sb" run --kernel "$kernel" --accel tcg --scenario "$file" \
		--results "$tmp/res"
	ms=$((($(date +%s%N) - t0) / 1000000))
	[[ ! -e $tmp/res ]] || fail "a results directory was made"
	echo "ok: refused by plan and run in $ms ms, nothing made"
}

echo "check: a misspelled feature"
base "$tmp/feat.json" '.feature_sets[0].features = ["NO_PREEMPT_SHRT"]'
refused debian "$tmp/feat.json" \
	'feat.json: feature_sets\[0\]\.features\[0\]: NO_PREEMPT_SHRT: is not a scheduler feature of'
refused host "$tmp/feat.json" 'feature_sets\[0\]\.features\[0\]: NO_PREEMPT_SHRT: is not a scheduler feature'

echo "check: a CPU the guest does not have"
base "$tmp/cpu.json" '.workloads[0].cpus = "5"'
refused debian "$tmp/cpu.json" \
	'cpu.json: workloads\[0\]\.cpus: 5: names CPU 5; kernel debian runs on 2 CPUs \(0-1\)'
base "$tmp/virt.json" '.workloads[0].cpus = "1" | .guest = {"accel": "virtual"}'
expect 2 'workloads\[0\]\.cpus: 1: .*1 CPU \(0-0\): the guest.s one vCPU \(accel virtual\)' \
	"$sb" plan "$tmp/virt.json" --kernel debian
base "$tmp/numa.json" '.guest = {"cpus": 2, "memory_mb": 1024, "numa": [{"cpus": "0-2", "memory_mb": 1024}]}'
refused debian "$tmp/numa.json" 'guest\.numa\[0\]\.cpus: 0-2: names CPU 2; guest\.cpus is 2'
echo "check: NUMA nodes sharing a CPU (QEMU refused them after the plan)"
base "$tmp/overlap.json" '.guest = {"cpus": 2, "memory_mb": 1024, "numa": [{"cpus": "0-1", "memory_mb": 512}, {"cpus": "1", "memory_mb": 512}]}'
refused debian "$tmp/overlap.json" \
	'overlap\.json: guest\.numa\[1\]\.cpus: 1: overlaps guest\.numa\[0\]\.cpus \(0-1\): a CPU is in one node$'
echo "check: a CPU the host does not have (host mode)"
base "$tmp/hostcpu.json" '.workloads[0].cpus = "1000"'
refused host "$tmp/hostcpu.json" 'workloads\[0\]\.cpus: 1000: .*the host CPUs slicebench may use'

echo "check: a guest bigger than the host's memory"
base "$tmp/mem.json" '.guest = {"memory_mb": 1048576}'
refused debian "$tmp/mem.json" \
	'mem.json: guest\.memory_mb: 1048576: MB is more than this host.s memory \([0-9]+ MB\)'

echo "check: an argument longer than exec takes (1 MB)"
head -c 1048576 /dev/zero | tr '\0' x >"$tmp/big"
# shellcheck disable=SC2016 # $big is jq's variable
base "$tmp/arg.json" '.workloads[0].args = [$big]' --rawfile big "$tmp/big"
refused debian "$tmp/arg.json" \
	'arg.json: workloads\[0\]\.args\[0\]: is 1048576 bytes long; the kernel takes at most 131071'

echo "check: a workload's args through its own option table (cyclic --check-args)"
base "$tmp/args.json" '.workloads[0].args = ["--interval", "1ms", "--no-such-option"]'
for k in debian host; do
	refused $k "$tmp/args.json" \
		'args\.json: workloads\[0\]\.args: \["--interval", "1ms", "--no-such-option"\]: cyclic refuses them \(its --check-args: cyclic: unknown option "--no-such-option"\)$'
done
base "$tmp/args2.json" '.workloads[0].args = ["--interval", "5xs"]'
refused debian "$tmp/args2.json" 'workloads\[0\]\.args: .*cyclic: --interval: "5xs" is not a duration'

echo "check: an unknown tool (plan refuses what run refuses)"
base "$tmp/tool.json" '.workloads += [{"tool": "no-such-tool"}]'
refused debian "$tmp/tool.json" 'tool.json: workloads\[1\]\.tool: .*"no-such-tool" is not a program in the guest'
refused host "$tmp/tool.json" 'workloads\[1\]\.tool: .*"no-such-tool" is not a program in build/bin or on PATH'

echo "check: a duration over 24 h"
base "$tmp/long.json" '.duration = "86401s"'
refused debian "$tmp/long.json" 'long.json: duration: "86401s" is longer than 24h'
base "$tmp/warm.json" '.warmup = 86400000000001'
refused host "$tmp/warm.json" 'warm.json: warmup: 86400000000001 is longer than 24h'

echo "check: the kernel's own feature list, once a guest read it, is what counts"
export SLICEBENCH_CACHE=$tmp/cache
img=$tmp/bzImage
fake_bzimage "$img" 6.12.0-own
mkdir -p "$SLICEBENCH_CACHE/features"
sha=$(sha256sum "$img" | cut -d' ' -f1)
jq -n --arg sha "$sha" '{schema: 2, image_sha256: $sha, release: "6.12.0-own",
	  features: "PLACE_LAG NO_PREEMPT_SHORT NO_SOMETHING_NEW"}' >"$SLICEBENCH_CACHE/features/$sha.json"
base "$tmp/new.json" '.feature_sets[0].features = ["SOMETHING_NEW"]'
expect 0 '^own/a/1' "$sb" plan "$tmp/new.json" --kernel "own=$img"
base "$tmp/gone.json" '.feature_sets[0].features = ["DELAY_DEQUEUE"]'
expect 2 'DELAY_DEQUEUE: is not a scheduler feature of kernel own \(its own list, read in its guest\)' \
	"$sb" plan "$tmp/gone.json" --kernel "own=$img"
echo "check: the list is the image's, whatever the kernel is named"
expect 0 '^other/a/1' "$sb" plan "$tmp/new.json" --kernel "other=$img"
echo "check: another image under the same name never reads it: the documented list"
fake_bzimage "$tmp/bzImage2" 6.12.0-two
expect 2 'SOMETHING_NEW: is not a scheduler feature of 6\.12 as documented' \
	"$sb" plan "$tmp/new.json" --kernel "own=$tmp/bzImage2"
echo "check: an image changed since is not trusted: the documented list again"
echo more >>"$img"
expect 2 'SOMETHING_NEW: is not a scheduler feature of 6\.12 as documented' \
	"$sb" plan "$tmp/new.json" --kernel "own=$img"

echo "check: a descriptor's image is opened and its boot header read in plan"
base "$tmp/cand.json" '.'
export SLICEBENCH_KERNELS=$tmp/kernels
mkdir -p "$SLICEBENCH_KERNELS/mine" "$tmp/adir"
for image in "$tmp/no-such-image" "$tmp/adir" /dev/null "$tmp/new.json"; do
	jq -n --arg i "$image" '{type: "path", image: $i}' >"$SLICEBENCH_KERNELS/mine/kernel.json"
	refused mine "$tmp/cand.json" \
		"mine/kernel\.json: image: $image: (No such file or directory|is a directory, not a bzImage|is not a regular file, not a bzImage|is not an x86 bzImage \(no boot header with a release\))$"
done
unset SLICEBENCH_KERNELS

echo "check: a bad NAME of --kernel NAME=PATH is a bad kernel name, not a bad image"
fake_bzimage "$img" 6.12.0-own
for arg in "a/b=$img" "=" "a;id=$img" "-a=$img"; do
	name=${arg%%=*}
	refused "$arg" "$tmp/cand.json" \
		"--kernel: .*: bad kernel name \"${name//;/.}\": NAME of NAME=PATH is 1 to 63 characters of \[A-Za-z0-9_.-\], not starting with '\.' or '-'"
done

echo "check: check --cand-features names the option and the value, checked against the candidate"
# (the image is the one whose list was cached above, under another name)
expect 2 '^slicebench check: --cand-features: PREEMPT_SHRT: is not a scheduler feature of kernel b \(its own list, read in its guest\) \(PLACE_LAG NO_PREEMPT_SHORT NO_SOMETHING_NEW\)$' \
	"$sb" check --base "a=$img" --cand "b=$img" --cand-features PREEMPT_SHRT \
	--scenario "$tmp/cand.json" --results "$tmp/res"
[[ ! -e $tmp/res ]] || fail "a results directory was made"
finish
