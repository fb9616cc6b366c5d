#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Candidates that fail, vanish or repeat never pass the gate (issue 39): on
# synthetic runs at run CoV 1 %, whose untouched pair exits 0, each
# construction of the issue is built and must not exit 0 — a workload
# document with an error or gone on one side (1), failed runs (2), copied
# runs (4), runs without the scenario's hash (5), a zero where a ratio is
# needed (6), two table groups of one comm (7). The journal's case (3) is
# in ci_check_journal.sh.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/synth_gate.sh
source "$(dirname "$0")/../lib/synth_gate.sh"
synth_pair 8
cand=$tmp/c/debian/CAND

echo "== the untouched pair passes"
fresh
for rules in ci/gate.json ci/gate-merge.json; do
	gate "$rules"
	check_eq "$rules: BASE against CAND" 0 "$rc"
done
check "a pass by the ratio's bound says no floor" grep -q '^cyclic avg delay .* pass$' "$tmp/out"

echo "== 1: a workload's document with an error, or gone, on one side"
errored='.status = "error" | .result.work_units_per_s /= 2 | .result.loops_per_s /= 2'
for rules in ci/gate.json ci/gate-merge.json; do
	fresh
	edit "$errored" "$cand"/*/workloads/massive_intr.json
	gate "$rules" "" --json "$tmp/v.json"
	check_eq "$rules: massive_intr.json status error in 8 of 8 candidate runs" 3 "$rc"
	v=$(jq -r '.rules[] | select(.name == "massive_intr throughput") | "\(.verdict) \(.cand.failed_runs)"' "$tmp/v.json")
	check_eq "its rule cannot decide, 8 failed" "inconclusive 8" "$v"
	check "the side and the file named" grep -q \
		"massive_intr throughput .*no work_units_per_s values for \"massive_intr\" in CAND (8 runs without, 8 failed; .*$cand/1/workloads/massive_intr.json reports status \"error\"" "$tmp/out"
done
fresh
edit "$errored" "$cand"/[1-7]/workloads/massive_intr.json
gate ci/gate.json "" --json "$tmp/v.json"
check_eq "7 of 8 with an error" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "massive_intr throughput") | "\(.cand.runs) \(.cand.failed_runs)"' "$tmp/v.json")
check_eq "1 run left, 7 failed" "1 7" "$v"
fresh
rm "$cand"/*/workloads/massive_intr.json
gate ci/gate-merge.json
check_eq "massive_intr.json gone from every candidate run" 3 "$rc"
check "the missing file named" grep -q "in CAND (8 runs without, 0 failed; .*$cand/1/workloads/massive_intr.json is missing" "$tmp/out"
fresh
rm "$cand"/*/workloads/mixload.json
gate "" "" --json "$tmp/v.json"
check_eq "a candidate without mixload" 3 "$rc"
v=$(jq -r '[.rules[] | select(.group == "mixload") | .verdict] | unique | join(",")' "$tmp/v.json")
check_eq "the mixload rules cannot decide" inconclusive "$v"
v=$(jq -r '[.rules[] | select(.group | test("^(hackbench-|stress-ng)")) | .verdict] | unique | join(",")' "$tmp/v.json")
check_eq "groups on neither side are not applicable" "not applicable" "$v"

echo "== 2: failed runs count as lost"
fresh
edit '.status = "failed" | .failure = "synthetic failure"' "$cand"/[5-8]/manifest.json
gate ci/gate-merge.json "" --json "$tmp/v.json"
check_eq "4 of 8 candidate runs failed" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | "\(.verdict) \(.cand.runs) \(.cand.failed_runs)"' "$tmp/v.json")
check_eq "gated on 4 runs, 4 failed: cannot decide" "inconclusive 4 4" "$v"
check "said" grep -q 'the sides lost 0% and 50% of their runs (lost events, missing values, failed runs)' "$tmp/out"

echo "== 4: copied runs are refused, within a side and across the sides"
# copy FROM N: run directory FROM copied as candidate run N
copy() {
	rm -rf "${cand:?}/$2" && cp -r "$1" "$cand/$2"
	edit ".run.repeat = $2 | .run.feature_set = \"CAND\"" "$cand/$2/manifest.json"
}
fresh
for k in 1 2 3 4; do copy "$cand/$k" $((k + 4)); done
gate ci/gate-merge.json
check_eq "4 candidate runs each copied once" 2 "$rc"
check "one line naming both files" grep -qx \
	"slicebench gate: $cand/[5-8]/[a-z/_]*.json: sha256 [0-9a-f]*: the same measurement as $cand/[1-4]/[a-z/_]*.json: a copied run is no second run" "$tmp/err"
fresh
copy "$r/debian/BASE/6" 6
gate ci/gate-merge.json
check_eq "a base run copied as a candidate run" 2 "$rc"
check "both named" grep -q "$cand/6/.*: the same measurement as $r/debian/BASE/6/" "$tmp/err"
fresh
copy "$cand/2" 9
edit '.status = "failed"' "$cand/9/manifest.json"
gate ci/gate-merge.json
check_eq "a failed run's copy is no duplicate: counted as lost (1 of 9)" 0 "$rc"

echo "== 5: every run names its scenario"
fresh
# unmark RUN_DIR...: the runs' manifests name no scenario
unmark() {
	edit 'del(.scenario)' "${@/%//manifest.json}"
}
unmark "$tmp/c/debian/BASE"/*
gate ci/gate-merge.json "$tmp/c:debian/BASE"
check_eq "the base's runs name no scenario" 2 "$rc"
check "the unmarked run named" grep -q \
	"$tmp/c/debian/BASE/1/manifest.json: scenario.sha256: (none): names no scenario, nor does any run of" "$tmp/err"
fresh
unmark "$cand/4"
gate ci/gate-merge.json
check_eq "one candidate run names none" 2 "$rc"
check "named" grep -q "$cand/4/manifest.json: scenario.sha256: (none): $cand/1/manifest.json has \"[0-9a-f]*\": .*holds runs of an unknown scenario" "$tmp/err"
fresh
gate ci/gate-merge.json
check_eq "every run marked: gated" 0 "$rc"

echo "== 6: a zero where the ratio needs a value above it"
fresh
edit '(.groups[] | select(.comm == "cyclic") | .avg_delay_ms) = 0' "$cand/3/table.json"
gate ci/gate-merge.json "" --json "$tmp/v.json"
check_eq "one candidate run with cyclic avg_delay_ms 0" 3 "$rc"
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .verdict' "$tmp/v.json")
check_eq "no pass on the floor alone" inconclusive "$v"
check "the run named" grep -q "candidate run $cand/3 has a value of 0: the ratio is undefined" "$tmp/out"

echo "== 7: two table groups of one comm"
fresh
edit '.groups += [.groups[0] | .avg_delay_ms /= 10 | .task = "cyclic:(9)"]' "$cand/2/table.json"
gate ci/gate-merge.json
check_eq "a second cyclic group" 2 "$rc"
check "one line naming file, field and value" grep -qx \
	"slicebench gate: $cand/2/table.json: groups\[3\].comm: \"cyclic\" is groups\[0\]'s comm too: one group a comm" "$tmp/err"
finish
