#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What the harness costs per run: QEMU start to guest init, to the workloads'
# start, and wall time minus workload time, for configs/smoke.json under the
# accelerator "auto" picks (KVM only where a probe boot works) and on the host;
# then the overhead (wall - window) / wall of each run, a full boot per run
# (SLICEBENCH_NO_RESTORE=1) against a restore from the kernel's snapshot
# (the default), side by side: under TCG on configs/smoke.json (medians of
# SB_OVERHEAD_REPEATS (2) repeats of both feature sets), and in virtual time
# on configs/merge-check.json (the debian kernel, SB_OVERHEAD_REPEATS
# seeds) and configs/default.json, each snapshot made beforehand. The
# window is counted in host time (run_walls), so that virtual time's
# guest seconds, which run at their own pace, compare with the wall.
# Recorded runs only: the side-by-side scenarios run without their control
# arm (untraced_repeats 0), whose runs carry no trace out.
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
				printf "figure: %s boot_to_user_ms=%.0f (QEMU start to guest init, or to the agent when restored; mean of %d runs)\n", l, boot / n, n
				printf "figure: %s guest_uptime_at_workload_start_ms=%.0f\n", l, start / n
			}
			printf "figure: %s wall_ms=%.0f workload_ms=%.0f overhead_ms=%.0f per run\n", l, wall / n, work / n, (wall - work) / n
			printf "ratio: %s overhead/wall=%.3f\n", l, (wall - work) / wall
		}' "$tmp/$label.tsv"
}

# Per run: "start wall_ms window_ms": the whole run (manifest times: QEMU,
# the guest, unpacking, the table) and what its warmup and window cost the
# host: the host time between the agent's console lines at the workloads'
# start and end (vm.workloads_host_ms), scaled to the warmup and window's
# share of that guest span (in virtual time a guest second is not a host
# second); the guest span itself where the manifest has no such figure.
run_walls() {
	local m d
	for m in "$1"/*/*/*/manifest.json; do
		d=$(dirname "$m")
		jq -r --slurpfile a "$d/agent.json" '
			def ms: (.[0:19] + "Z" | fromdate) * 1000 + (.[20:23] | tonumber);
			$a[0] as $g |
			(($g.workload_end_mono_ns - $g.workload_start_mono_ns) / 1e6) as $span |
			(($g.window.end_mono_ns - $g.workload_start_mono_ns) / 1e6) as $win |
			[ .vm.start, (.end_time | ms) - (.start_time | ms),
			  (if .vm.workloads_host_ms then .vm.workloads_host_ms * $win / $span
			   else $span end | floor) ]
			| @tsv' "$m"
	done
}

# Boot against restore under ACCEL on SCENARIO: "overhead MODE ACCEL SCENARIO".
overhead() {
	local mode=$1 accel=$2 sc=$3 reps=${SB_OVERHEAD_REPEATS:-2} env=() out t0 t1
	out=$tmp/$accel-$(basename "$sc" .json)-$mode
	[[ $mode == boot ]] && env=(SLICEBENCH_NO_RESTORE=1)
	t0=$(date +%s%N)
	env "${env[@]}" "$sb" run --kernel debian --scenario "$sc" --accel "$accel" \
		--repeats "$reps" --results "$out" >"$out.log" 2>&1 ||
		{ tail -20 "$out.log"; exit 4; }
	t1=$(date +%s%N)
	run_walls "$(readlink -f "$out/latest")" >"$out.walls"
	# The whole command per run, its start and end included: under virtual
	# time runs go at once, and a run's end (unpack, table, manifest)
	# overlaps the next guest, so it is no ratio against one run's window.
	awk -v m="$mode" -v a="$accel $(basename "$sc")" -v ns=$((t1 - t0)) '
		{ n++ }
		END { printf "figure: %s %s command_wall_per_run_ms=%d (%d runs)\n", a, m, ns / 1e6 / n, n }' "$out.walls"
	awk -v m="$mode" '$1 != m { bad = 1 } END { exit bad }' "$out.walls" ||
		{ echo "figure: $accel $mode arm: runs started otherwise: $(cut -f1 "$out.walls" | sort | uniq -c | tr '\n' ' ')"; }
	sort -n -k2 "$out.walls" | awk -v m="$mode" -v a="$accel $(basename "$sc")" '
		{ w[NR] = $2; win[NR] = $3 }
		END {
			i = int((NR + 1) / 2)
			printf "figure: %s %s wall_ms=%d window_ms=%d per run (median of %d runs by wall)\n", a, m, w[i], win[i], NR
			printf "ratio: %s %s overhead=(wall-window)/wall=%.3f\n", a, m, (w[i] - win[i]) / w[i]
		}'
}

# Both arms of ACCEL on SCENARIO, the snapshot made first so that the
# restore arm measures restores only.
side_by_side() {
	local accel=$1 orig=$2 sc
	sc=$tmp/$(basename "$orig")
	jq '.untraced_repeats = 0' "$orig" >"$sc"
	"$sb" run --kernel debian --scenario "$sc" --accel "$accel" --repeats 1 \
		--results "$tmp/$accel-warm" --new >"$tmp/$accel-warm.log" 2>&1 ||
		{ tail -20 "$tmp/$accel-warm.log"; exit 4; }
	echo "command: $sb run --kernel debian --scenario $orig (its untraced_repeats 0) --accel $accel --repeats ${SB_OVERHEAD_REPEATS:-2} (SLICEBENCH_NO_RESTORE=1 for boot)"
	overhead boot "$accel" "$sc"
	overhead restore "$accel" "$sc"
}

side_by_side tcg configs/smoke.json
side_by_side virtual configs/merge-check.json
side_by_side virtual configs/default.json

"$sb" run --kernel debian --scenario configs/smoke.json --accel auto \
	--results "$tmp/vm" >"$tmp/vm.log" 2>&1 || { tail -20 "$tmp/vm.log"; exit 4; }
vm_root=$(readlink -f "$tmp/vm/latest")
accel=$(jq -r .vm.accel "$vm_root"/debian/*/1/manifest.json | head -n1)
note=$(jq -r .vm.accel_note "$vm_root"/debian/*/1/manifest.json | head -n1)
echo "figure: accelerator chosen by auto: $accel ($note)"
report "$accel" "$vm_root" 1
[[ $accel == kvm ]] || echo "figure: kvm not measured: $note"

"$sb" run --kernel host --scenario configs/smoke.json --features-as-is \
	--results "$tmp/host" >"$tmp/host.log" 2>&1 || { tail -20 "$tmp/host.log"; exit 4; }
report host "$(readlink -f "$tmp/host/latest")" 0
