#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boot once, restore per run (harness/boot/vm_snapshot.c) on the debian
# kernel under TCG: configs/smoke.json (its own scenario, so its own
# snapshot) with two feature sets and two repeats; every run is restored
# from one snapshot kept in the kernel cache, gets its own feature set and
# seed through fw_cfg, draws its own random numbers (reseeded), and has the
# host's clock. A snapshot that does not restore is dropped, the run boots
# instead and its manifest says why; making a snapshot deletes the least
# recently used ones beyond six.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

jq '.repeats = 2 | .description = "snapshot_restore.sh"' configs/smoke.json >"$tmp/sc.json"
echo "check: 2 feature sets x 2 repeats under TCG complete, all restored"
"$sb" run --kernel debian --scenario "$tmp/sc.json" --accel tcg \
	--results "$tmp/res" >"$tmp/out1" 2>&1 || { cat "$tmp/out1"; fail "run exited $?"; }
root=$(readlink -f "$tmp/res/latest")
[[ $(grep -c "vm: snapshot .* made in" "$tmp/out1") -le 1 ]] ||
	fail "more than one snapshot made: $(grep 'vm: snapshot' "$tmp/out1")"
notes=$(jq -r '.vm.start_note' "$root"/debian/*/*/manifest.json | sort -u)
[[ $(wc -l <<<"$notes") -eq 1 && $notes == "restored from snapshot "* ]] ||
	fail "runs were not restored from one snapshot: $notes"
key=${notes#restored from snapshot }
snap=$(ls "${SLICEBENCH_CACHE:-$HOME/.cache/slicebench}"/snapshots/"$key"*.qemu)
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	for rep in 1 2; do
		d=$root/debian/$set/$rep
		seed=$(jq -r .vm.seed "$d/manifest.json")
		echo "check: $set/$rep: restored, its own feature set and seed $seed"
		jq -e '.status == "complete" and .vm.start == "restore"' "$d/manifest.json" >/dev/null ||
			fail "$d/manifest.json: $(jq -c '{status, vm}' "$d/manifest.json")"
		grep -q "^SLICEBENCH: restored" "$d/console.log" || fail "$d: no restored line"
		grep -qx "$set" <(tr ' ' '\n' <"$d/features.txt") || fail "$d reads back $(cat "$d/features.txt")"
		echo "check: $set/$rep: in host time the guest's speed is measured by the run itself"
		jq -e '.calibration.taken == "run" and .calibration.loop_ns > 0' "$d/agent.json" >/dev/null ||
			fail "agent.json: $(jq -c .calibration "$d/agent.json")"
		jq -e --arg s "$seed" '.command_line | index("--seed") as $i |
			$i != null and .[$i + 1] == $s' "$d/workloads/cyclic.json" >/dev/null ||
			fail "cyclic argv: $(jq -c .command_line "$d/workloads/cyclic.json")"
		echo "check: $set/$rep: the guest's clock is the host's, not the snapshot's"
		host=$(jq -r '.start_time[0:19] + "Z" | fromdate' "$d/manifest.json")
		guest=$(jq -r '.start_time[0:19] + "Z" | fromdate' "$d/workloads/cyclic.json")
		((guest >= host - 1)) || fail "guest clock $guest before the run's start $host"
		jq -r .random_uuid "$d/agent.json" >>"$tmp/uuids"
	done
done
echo "check: four restores of one snapshot drew four different random numbers"
[[ $(sort -u "$tmp/uuids" | grep -c .) -eq 4 ]] || fail "uuids: $(cat "$tmp/uuids")"

echo "check: a snapshot that does not restore: dropped, the run boots and says why"
truncate -s 4K "$snap" # the saved state cut short
snapdir=$(dirname "$snap")
for i in 1 2 3 4 5 6; do # stand-ins last used in 2000, by age
	touch -d "2000-01-0$i" "$snapdir/zz-sb-test-$i.qemu"
done
# the same scenario, so the same initramfs and snapshot key
"$sb" run --kernel debian --scenario "$tmp/sc.json" --accel tcg --repeats 1 \
	--results "$tmp/res2" >"$tmp/out2" 2>&1 || { cat "$tmp/out2"; fail "run exited $?"; }
d=$(readlink -f "$tmp/res2/latest")/debian/NO_PREEMPT_SHORT/1
jq -e '.status == "complete" and .vm.start == "boot" and
	(.vm.start_note | startswith("the restore failed"))' "$d/manifest.json" >/dev/null ||
	fail "$d/manifest.json: $(jq -c .vm "$d/manifest.json")"
echo "check: the new snapshot made room: six kept at most, the oldest gone first"
[[ -e $snap ]] || fail "no new snapshot $snap"
kept=$(find "$snapdir" -name '*.qemu' | wc -l)
((kept <= 6)) || fail "$kept snapshots kept"
[[ ! -e $snapdir/zz-sb-test-1.qemu ]] || fail "the least recently used stand-in is kept"
rm -f "$snapdir"/zz-sb-test-*.qemu
finish
