#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Virtual time (--accel virtual): two runs of one seed give the same table
# and the same scheduler event stream, bit for bit, on configs/merge-check.json
# shortened to 2 s (baseline kernel). The manifest says virtual, the seed and
# one vCPU.
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "FAIL: $*"
	exit 1
}

jq '.duration = "2s" | .repeats = 1 | .seed = 7' configs/merge-check.json >"$tmp/sc.json"
for r in a b; do
	echo "check: run $r of seed 7 under virtual time completes"
	"$sb" run --kernel baseline --scenario "$tmp/sc.json" --accel virtual \
		--results "$tmp/$r" >"$tmp/$r.out" 2>&1 || { cat "$tmp/$r.out"; fail "run $r exited $?"; }
done
a=$(readlink -f "$tmp/a/latest")/baseline/default/1
b=$(readlink -f "$tmp/b/latest")/baseline/default/1
jq -e '.status == "complete" and .vm.accel == "virtual" and .vm.seed == 7 and .vm.cpus == 1' \
	"$a/manifest.json" >/dev/null || fail "manifest: $(jq -c .vm "$a/manifest.json")"

echo "check: the two tables are identical"
cmp "$a/table.txt" "$b/table.txt" || { diff "$a/table.txt" "$b/table.txt"; fail "tables differ"; }
jq -e '.groups | map(select(.comm == "cyclic")) | length == 1' "$a/table.json" >/dev/null ||
	fail "no cyclic group in $a/table.json"
echo "check: the two event streams are identical"
trace-cmd report -i "$a/trace.dat" >"$tmp/a.report" 2>/dev/null
trace-cmd report -i "$b/trace.dat" >"$tmp/b.report" 2>/dev/null
[[ $(grep -c sched_switch "$tmp/a.report") -gt 1000 ]] || fail "too few events in $a/trace.dat"
cmp "$tmp/a.report" "$tmp/b.report" || fail "trace-cmd report differs: $(cmp "$tmp/a.report" "$tmp/b.report")"
echo "PASS"
