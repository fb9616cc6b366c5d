#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Restore per run under virtual time (harness/boot/vm_snapshot.c) on the
# baseline kernel: configs/merge-check.json shortened to 2 s, seeds 7 and 8
# restored from one snapshot whose key the manifests name, both at once
# (harness/matrix.c); seed 7 restored again, alone, from that snapshot gives
# the same table, event stream and guest random numbers bit for bit, while
# seed 8 differs from it (the run's values
# come through fw_cfg, the guest's generator is reseeded with them, QEMU's
# RDRAND follows the seed); the guest's clock stays the fixed date of
# virtual time, not the host's.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
jq '.duration = "2s" | .repeats = 2 | .seed = 7 | .description = "restore_virtual.sh"' \
	configs/merge-check.json >"$tmp/sc.json"
echo "check: seeds 7 and 8 under virtual time, at once, restored from one snapshot"
"$sb" run --kernel baseline --scenario "$tmp/sc.json" --accel virtual \
	--results "$tmp/a" >"$tmp/a.out" 2>&1 || { cat "$tmp/a.out"; fail "run exited $?"; }
grep -q '^2 runs at once' "$tmp/a.out" || { cat "$tmp/a.out"; fail "the two runs were not at once"; }
root=$(readlink -f "$tmp/a/latest")/baseline/default
key=$(jq -r .vm.snapshot "$root/1/manifest.json")
[[ $key =~ ^[0-9a-f]{16}$ ]] || fail "manifest names no snapshot: $(jq -c .vm "$root/1/manifest.json")"
snap=${SLICEBENCH_CACHE:-$HOME/.cache/slicebench}/snapshots/$key.qemu
snap_a=$(stat -c '%i %W %s' "$snap") || fail "no snapshot file for key $key"
for rep in 1 2; do
	d=$root/$rep
	seed=$((6 + rep))
	echo "check: seed $seed: restored from snapshot $key, virtual, one vCPU"
	jq -e --argjson s "$seed" --arg k "$key" '.status == "complete" and
		.vm.start == "restore" and .vm.snapshot == $k and
		.vm.start_note == "restored from snapshot \($k)" and
		.vm.accel == "virtual" and .vm.seed == $s and .vm.cpus == 1 and
		.vm.workloads_host_ms > 0 and .vm.workloads_host_ms < .vm.wall_ms' \
		"$d/manifest.json" >/dev/null || fail "manifest: $(jq -c .vm "$d/manifest.json")"
	grep -q "^SLICEBENCH: restored" "$d/console.log" || fail "$d: no restored line"
	jq -e --arg s "$seed" '.command_line | index("--seed") as $i |
		$i != null and .[$i + 1] == $s' "$d/workloads/cyclic.json" >/dev/null ||
		fail "cyclic argv: $(jq -c .command_line "$d/workloads/cyclic.json")"
	echo "check: seed $seed: preflight and calibration taken once, before the snapshot"
	jq -e '.calibration.taken == "snapshot" and .calibration.loop_ns > 0 and
		(.preflight.summary | length > 0)' "$d/agent.json" >/dev/null ||
		fail "agent.json: $(jq -c '{calibration, preflight: .preflight.summary}' "$d/agent.json")"
	echo "check: seed $seed: the guest's clock is virtual time's fixed date"
	jq -e '.start_time | startswith("2024-01-01T")' "$d/workloads/cyclic.json" >/dev/null ||
		fail "cyclic start_time: $(jq -r .start_time "$d/workloads/cyclic.json")"
	jq -e '.groups | map(select(.comm == "cyclic" and .delays > 900)) | length == 1' \
		"$d/table.json" >/dev/null || fail "no cyclic group of ~1000 wakeups in $d/table.json"
done

# The same scenario file: the same initramfs, so the same snapshot.
echo "check: seed 7 restored again, alone: the same table, events and random numbers"
"$sb" run --kernel baseline --scenario "$tmp/sc.json" --repeats 1 --accel virtual \
	--results "$tmp/b" >"$tmp/b.out" 2>&1 || { cat "$tmp/b.out"; fail "run exited $?"; }
a=$root/1
b=$(readlink -f "$tmp/b/latest")/baseline/default/1
jq -e --arg k "$key" '.vm.start == "restore" and .vm.snapshot == $k' "$b/manifest.json" >/dev/null ||
	fail "second run: $(jq -c .vm "$b/manifest.json")"
# The events first: where two guests parted, if they did, is the lead to
# what let the host in (the table only says that they did).
trace-cmd report -i "$a/trace.dat" >"$tmp/a.report" 2>/dev/null
trace-cmd report -i "$b/trace.dat" >"$tmp/b.report" 2>/dev/null
[[ $(grep -c sched_switch "$tmp/a.report") -gt 1000 ]] || fail "too few events in $a/trace.dat"
cmp "$tmp/a.report" "$tmp/b.report" || {
	diff "$tmp/a.report" "$tmp/b.report" | head -n 8 || true
	grep -h "SLICEBENCH" "$a/console.log" "$b/console.log"
	# the file both restored from (inode, birth, size), the hosts' load
	echo "snapshot after the first command: $snap_a; after the second: $(stat -c '%i %W %s' "$snap")"
	jq -c '{vm: .vm.wall_ms, host_load}' "$a/manifest.json" "$b/manifest.json"
	grep -h "snapshot" "$tmp/a.out" "$tmp/b.out" || true
	fail "trace-cmd report differs (first lines that differ above)"
}
cmp "$a/table.txt" "$b/table.txt" || { diff "$a/table.txt" "$b/table.txt"; fail "tables differ"; }
[[ $(jq -r .random_uuid "$a/agent.json") == $(jq -r .random_uuid "$b/agent.json") ]] ||
	fail "seed 7 drew different random numbers"

echo "check: seed 8 from the same snapshot is another run: table and random numbers differ"
! cmp -s "$a/table.txt" "$root/2/table.txt" || fail "seeds 7 and 8 gave the same table"
[[ $(jq -r .random_uuid "$a/agent.json") != $(jq -r .random_uuid "$root/2/agent.json") ]] ||
	fail "seeds 7 and 8 drew the same random numbers"
finish
