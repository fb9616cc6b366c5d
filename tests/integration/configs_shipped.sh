#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every file the project ships is read as a user's would be: each scenario
# in configs/ plans against the kernels its description names (KERNEL=...)
# or the default one (debian) and host; each rules file in ci/ is read (a
# scenario naming it plans); each kernel descriptor in kernels/ shows. A
# failure names the file. A kernel that predates custom slices refuses a
# scenario setting PREEMPT_SHORT, before any boot.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

sb=$bin_dir/slicebench

# The kernels a scenario is for: the KERNEL=NAME its description names.
kernels_of() {
	local named
	named=$(grep -o 'KERNEL=[a-z0-9-]*' "$1" | sed 's/KERNEL=//' | sort -u | paste -sd, -)
	echo "${named:-debian}"
}

echo "check: every scenario in configs/ plans with its kernels and on host"
n=0
for f in configs/*.json; do
	for k in "$(kernels_of "$f")" host; do
		expect_rc 0 "$sb" plan --scenario "$f" --kernel "$k"
		check "$f plans with $k" test -s "$tmp/out"
	done
	n=$((n + 1))
done
check "scenarios found" test "$n" -ge 10

echo "check: the seed scenario plans 4 recorded and 2 unrecorded runs a side"
expect_rc 0 "$sb" plan --scenario configs/seed.json --kernel debian
check_eq "seed units" 12 "$(grep -c . "$tmp/out")"

echo "check: every rules file in ci/ is read"
n=0
for r in ci/*.json; do
	sed "s|\"name\": *\"smoke\"|\"rules\": \"$r\", \"name\": \"smoke\"|" configs/smoke.json >"$tmp/rules.json"
	check "$r named by the scenario" grep -q "\"rules\": \"$r\"" "$tmp/rules.json"
	expect_rc 0 "$sb" plan --scenario "$tmp/rules.json" --kernel host
	n=$((n + 1))
done
check "rules files found" test "$n" -ge 3

echo "check: every kernel descriptor in kernels/ shows"
n=0
for d in kernels/*/kernel.json; do
	name=$(basename "$(dirname "$d")")
	expect_rc 0 "$sb" kernel show "$name"
	check "$d shows" grep -q . "$tmp/out"
	n=$((n + 1))
done
check "descriptors found" test "$n" -ge 7

echo "check: a kernel before custom slices refuses PREEMPT_SHORT, before any boot"
for f in configs/default.json configs/seed.json configs/smoke.json; do
	# by its own list when a run of it read one (this cache's), else ...
	expect_rc 2 "$sb" plan --scenario "$f" --kernel cfs
	check "$f: the feature and the kernel named" \
		grep -q "PREEMPT_SHORT: is not a scheduler feature of kernel cfs" "$tmp/err"
	# ... by the documented list without the features of custom slices
	expect_rc 2 env SLICEBENCH_CACHE="$tmp/cache" "$sb" plan --scenario "$f" --kernel cfs
	check "$f: before cfs's own list is known" \
		grep -q "PREEMPT_SHORT: is not a scheduler feature of kernel cfs, which predates 6.12's custom slices" "$tmp/err"
done
finish
