#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The example generator added by one file and one list line: its document
# carries its metric, a host run starts it as instances, and compare reads
# the metric from the "metrics" section without knowing its JSON path.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
bin=$bin_dir

echo "check: a 1 s run writes units/s in its result and its metrics section"
"$bin/spin_example" --duration 1s --warmup 100ms --slice 2ms --iters 20000 \
	--json "$tmp/sp.json" >"$tmp/out"
jq -e '.tool == "spin_example" and .status == "ok" and
  .slice.requested_ns == 2000000 and .duration_ns == 1000000000 and
  .result.units > 0 and .result.iters_per_unit == 20000 and
  .result.units_per_s == .result.units and .result.cpu_ns > 0 and
  .metrics == {"spin_units_per_s": {"value": .result.units_per_s,
                                    "unit": "units/s", "better": "higher"}}' \
	"$tmp/sp.json" >/dev/null || fail "document: $(jq -c '{result, metrics}' "$tmp/sp.json")"
grep -qE '^[0-9]+ units, [0-9.]+ units/s$' "$tmp/out" || fail "text line: $(cat "$tmp/out")"

echo "check: a bad option exits 2 naming it"
rc=0
"$bin/spin_example" --iters 0 2>"$tmp/err" || rc=$?
if [[ $rc != 2 ]] || ! grep -q -- '--iters' "$tmp/err"; then
	fail "--iters 0: exit $rc, $(cat "$tmp/err")"
fi

echo "check: the harness knows it from the list (run --help)"
"$bin/slicebench" run --help | grep -E '^  spin_example +CPU burner' >/dev/null || fail "not in run --help"

echo "check: a host run starts count=2 as two instances, compare reads their metric"
jq -n '{name: "spin", duration: "1s", warmup: "100ms", repeats: 1,
  guest: {cpus: 2, memory_mb: 1024},
  feature_sets: [{name: "PREEMPT_SHORT", features: ["PREEMPT_SHORT"]}],
  workloads: [{tool: "spin_example", name: "spin", count: 2, slice: "3ms",
               args: ["--iters", "20000"]}]}' >"$tmp/spin.json"
"$bin/slicebench" run --kernel host --scenario "$tmp/spin.json" \
	--results "$tmp/res" >"$tmp/run.out" 2>&1 || { cat "$tmp/run.out"; fail "run exited"; }
d=$(readlink -f "$tmp/res/latest")/host/PREEMPT_SHORT/1
for i in 1 2; do
	jq -e '.status == "ok" and .metrics.spin_units_per_s.value > 0 and
	  (.command_line | index("--slice")) != null' "$d/workloads/spin.$i.json" >/dev/null ||
		fail "$d/workloads/spin.$i.json"
done
"$bin/slicebench" compare "$(readlink -f "$tmp/res/latest")" --json "$tmp/c.json" >/dev/null
for i in 1 2; do
	want=$(jq ".metrics.spin_units_per_s.value" "$d/workloads/spin.$i.json")
	jq -e --arg g "spin.$i" --argjson v "$want" \
		'[.rows[] | select(.group == $g and .metric == "spin_units_per_s")] |
		 length == 1 and .[0].unit == "units/s" and .[0].direction == "higher" and
		 .[0].columns[0].median == $v' \
		"$tmp/c.json" >/dev/null || fail "compare has no spin_units_per_s row for spin.$i (value $want)"
done
finish
