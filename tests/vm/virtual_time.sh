#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Virtual time (--accel virtual) on configs/merge-check.json shortened to
# 2 s (baseline kernel): two runs of seed 7 give the same table and the same
# scheduler event stream, bit for bit; each repeat's seed reaches the
# manifest, the guest command line and the workloads' --seed; the guest has
# one vCPU and its clock starts at the fixed date, not the host's. Without
# /dev/kvm, the scenario's default accelerator is virtual time.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# Booted runs (the guest's command line carries the seed);
# restore_virtual.sh checks restored ones.
export SLICEBENCH_NO_RESTORE=1
jq '.duration = "2s" | .repeats = 2 | .seed = 7' configs/merge-check.json >"$tmp/sc.json"
echo "check: two repeats (seeds 7, 8) under virtual time complete"
"$sb" run --kernel baseline --scenario "$tmp/sc.json" --accel virtual \
	--results "$tmp/a" >"$tmp/a.out" 2>&1 || { cat "$tmp/a.out"; fail "run exited $?"; }
root=$(readlink -f "$tmp/a/latest")/baseline/default
for rep in 1 2; do
	d=$root/$rep
	seed=$((6 + rep))
	echo "check: repeat $rep ran virtual, one vCPU, seed $seed"
	jq -e --argjson s "$seed" '.status == "complete" and .vm.accel == "virtual" and
		.vm.seed == $s and .vm.cpus == 1 and
		(.vm.accel_note | contains("seed \($s), one vCPU"))' "$d/manifest.json" >/dev/null ||
		fail "manifest: $(jq -c .vm "$d/manifest.json")"
	grep -Eq "^Command line: .* sb.seed=$seed( |\$)" "$d/dmesg.txt" ||
		fail "guest command line: $(grep '^Command line' "$d/dmesg.txt")"
	jq -e --arg s "$seed" '.command_line | index("--seed") as $i |
		$i != null and .[$i + 1] == $s' "$d/workloads/cyclic.json" >/dev/null ||
		fail "cyclic argv: $(jq -c .command_line "$d/workloads/cyclic.json")"
	echo "check: repeat $rep: the guest's clock started at the fixed date"
	jq -e '.start_time | startswith("2024-01-01T00:00:")' "$d/workloads/cyclic.json" >/dev/null ||
		fail "cyclic start_time: $(jq -r .start_time "$d/workloads/cyclic.json")"
	jq -e '.groups | map(select(.comm == "cyclic" and .delays > 900)) | length == 1' \
		"$d/table.json" >/dev/null || fail "no cyclic group of ~1000 wakeups in $d/table.json"
done

# The same scenario file: it is in the initramfs, and a byte more there
# changes the run.
echo "check: seed 7 again: the same table and event stream, bit for bit"
"$sb" run --kernel baseline --scenario "$tmp/sc.json" --repeats 1 --accel virtual \
	--results "$tmp/b" >"$tmp/b.out" 2>&1 || { cat "$tmp/b.out"; fail "run exited $?"; }
a=$root/1
b=$(readlink -f "$tmp/b/latest")/baseline/default/1
cmp "$a/table.txt" "$b/table.txt" || { diff "$a/table.txt" "$b/table.txt"; fail "tables differ"; }
trace-cmd report -i "$a/trace.dat" >"$tmp/a.report" 2>/dev/null
trace-cmd report -i "$b/trace.dat" >"$tmp/b.report" 2>/dev/null
[[ $(grep -c sched_switch "$tmp/a.report") -gt 1000 ]] || fail "too few events in $a/trace.dat"
cmp "$tmp/a.report" "$tmp/b.report" || fail "trace-cmd report differs"

if [[ ! -e /dev/kvm ]]; then
	echo "check: no /dev/kvm: merge-check without --accel runs in virtual time"
	jq '.duration = "1s" | .repeats = 1' configs/merge-check.json >"$tmp/auto.json"
	"$sb" run --kernel baseline --scenario "$tmp/auto.json" --results "$tmp/auto" \
		>"$tmp/auto.out" 2>&1 || { cat "$tmp/auto.out"; fail "run exited $?"; }
	m=$(readlink -f "$tmp/auto/latest")/baseline/default/1/manifest.json
	jq -e '.vm.accel == "virtual" and (.vm.accel_note | test("/dev/kvm.*: TCG in virtual time"))' \
		"$m" >/dev/null || fail "auto: $(jq -c .vm "$m")"
fi
finish
