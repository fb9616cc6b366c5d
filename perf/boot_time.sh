#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: boot-to-userspace and boot-run-poweroff wall time per kernel,
# under TCG and icount, and the build time of source kernels (uncached, from
# the build's stamp: no slicebench cache, ccache may hit; cached: measured
# now). Prints figure:/ratio: lines.
# BOOT_PERF_KERNELS and BOOT_PERF_RUNS override what and how often.
set -euo pipefail
sb=${SLICEBENCH_BIN:-$PWD/build/bin/slicebench}
init=tests/fixtures/boot/init-features.sh
runs=${BOOT_PERF_RUNS:-3}
read -r -a kernels <<<"${BOOT_PERF_KERNELS:-debian baseline patched regress-demo}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
now_ms() { date +%s%3N; }

for k in "${kernels[@]}"; do
	type=$("$sb" kernel show "$k" | jq -r .type)
	if [[ $type == source ]]; then
		"$sb" kernel build "$k" >/dev/null
		start=$(now_ms)
		"$sb" kernel build "$k" >"$tmp/info.json"
		cached=$(($(now_ms) - start))
		stamp=$(dirname "$(jq -r .build_log "$tmp/info.json")")/done
		uncached=$(jq -r '.build_s // "unknown"' "$stamp" 2>/dev/null || echo unknown)
		echo "figure: build_uncached_s kernel=$k value=$uncached"
		echo "figure: build_cached_ms kernel=$k value=$cached"
	else
		"$sb" kernel fetch "$k" >/dev/null
	fi
	for accel in tcg icount; do
		: >"$tmp/user" && : >"$tmp/wall"
		for ((i = 1; i <= runs; i++)); do
			"$sb" kernel boot "$k" --init "$init" --accel "$accel" \
				--timeout 300s --results-out "$tmp/res.tar" \
				--initrd-out "$tmp/$k.cpio" >"$tmp/boot.json"
			jq -r .boot_to_user_ms "$tmp/boot.json" >>"$tmp/user"
			jq -r .wall_ms "$tmp/boot.json" >>"$tmp/wall"
		done
		user=$(median <"$tmp/user")
		wall=$(median <"$tmp/wall")
		echo "figure: boot_to_user_ms kernel=$k accel=$accel median=$user runs=$runs"
		echo "figure: boot_run_poweroff_ms kernel=$k accel=$accel median=$wall runs=$runs"
		printf -v "wall_$accel" '%s' "$wall"
	done
	# shellcheck disable=SC2154 # set through printf -v above
	echo "ratio: icount_over_tcg_wall kernel=$k $(awk -v a="$wall_icount" -v b="$wall_tcg" 'BEGIN { printf "%.2f", a / b }')"
done
