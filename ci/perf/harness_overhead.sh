#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What the harness costs per run: QEMU start to guest init, to the workloads'
# start, and wall time minus workload time, for configs/smoke.json under the
# accelerator "auto" picks (KVM only where a probe boot works) and on the host.
set -euo pipefail

sb=build/bin/slicebench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Per-run figures as "wall boot_to_user workload_start workload" (ms); the
# workload start is guest uptime (CLOCK_MONOTONIC) in a VM.
figures() {
	local root=$1
	for m in "$root"/*/*/*/manifest.json; do
		d=$(dirname "$m")
		jq -r --slurpfile a "$d/agent.json" '
			def ms: (.[0:19] + "Z" | fromdate) * 1000 + (.[20:23] | tonumber);
			($a[0].workload_start_mono_ns) as $ws |
			($a[0].workload_end_mono_ns) as $we |
			[ (if .vm then .vm.wall_ms else (.end_time | ms) - (.start_time | ms) end),
			  (if .vm then .vm.boot_to_user_ms else 0 end),
			  $ws / 1e6,
			  ($we - $ws) / 1e6 ] | map(floor) | @tsv' "$m"
	done
}

# Prints figure/ratio lines for the runs in $2 labelled $1.
report() {
	local label=$1 root=$2 guest=$3
	figures "$root" >"$tmp/$label.tsv"
	awk -v l="$label" -v g="$guest" '
		{ n++; wall += $1; boot += $2; start += $3; work += $4 }
		END {
			if (!n) exit 1
			if (g) {
				printf "figure: %s boot_to_user_ms=%.0f (QEMU start to guest init, mean of %d runs)\n", l, boot / n, n
				printf "figure: %s guest_uptime_at_workload_start_ms=%.0f\n", l, start / n
			}
			printf "figure: %s wall_ms=%.0f workload_ms=%.0f overhead_ms=%.0f per run\n", l, wall / n, work / n, (wall - work) / n
			printf "ratio: %s overhead/wall=%.3f\n", l, (wall - work) / wall
		}' "$tmp/$label.tsv"
}

"$sb" run --kernel debian --scenario configs/smoke.json --accel auto \
	--results "$tmp/vm" >"$tmp/vm.log" 2>&1 || { tail -20 "$tmp/vm.log"; exit 4; }
vm_root=$(readlink -f "$tmp/vm/latest")
accel=$(jq -r .vm.accel "$vm_root"/debian/*/1/manifest.json | head -n1)
note=$(jq -r .vm.accel_note "$vm_root"/debian/*/1/manifest.json | head -n1)
echo "figure: accelerator chosen by auto: $accel ($note)"
report "$accel" "$vm_root" 1
[[ $accel == kvm ]] || echo "figure: kvm not measured: $note"

"$sb" run --kernel host --scenario configs/smoke.json \
	--results "$tmp/host" >"$tmp/host.log" 2>&1 || { tail -20 "$tmp/host.log"; exit 4; }
report host "$(readlink -f "$tmp/host/latest")" 0
