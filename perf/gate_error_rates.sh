#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate's and the check's promises, measured on synthetic runs of every
# rule of the merge check at once (the rules configs/merge-check.json names;
# RULES= picks another file, e.g. RULES=ci/gate.json for all fifteen): per
# regime (run CoV 5 %, 20 %, log-normal sigma 0.5, t(3) log) and design (gate 5v5, 10v10, 20v20; check up to 10
# and 20 runs a side), how often an unchanged kernel or one at its
# tolerances reads as a regression, how often exit 0 comes with one rule
# 1.5x or 2x its tolerance worse, how often +50/+100 % on cyclic avg delay
# is caught, and the runs a side a check used. Exits 1 when a target of
# ci/README.md is missed by more than two Monte-Carlo standard errors (the
# misses, and the shares beyond a target by less, are listed under the table).
# Then the same for ci/gate.json's pooled rules (POOLED_TRIALS, default 200).
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}
trials=${TRIALS:-500}
jobs=${JOBS:-2}
start=$(date +%s%N)
rc=0
"$bin/gate_error_rates" "${RULES:-$(jq -r .rules configs/merge-check.json)}" "$trials" "$jobs" || rc=$?
echo "figure: $trials trials a cell, $jobs workers, in $((($(date +%s%N) - start) / 1000000)) ms"
# The pooled rules of ci/gate.json (the p99 of all runs' delays, a run-level
# bootstrap) beside cyclic's average, whose +50/+100 % cells need it: on
# synthetic runs of 2000 log-normal delays each (sigma 1), the run's level
# and noise scaling every delay; a bootstrap a side per look costs, so
# fewer trials (POOLED_TRIALS).
pooled_trials=${POOLED_TRIALS:-200}
pooled=$(mktemp)
trap 'rm -f "$pooled"' EXIT
jq '.rules |= map(select(.name == "cyclic avg delay" or .pooled))' ci/gate.json >"$pooled"
start=$(date +%s%N)
echo "pooled rules of ci/gate.json: $(jq -r '[.rules[] | select(.pooled) | .name] | join(", ")' "$pooled")"
"$bin/gate_error_rates" "$pooled" "$pooled_trials" "$jobs" || rc=$?
echo "figure: pooled rules, $pooled_trials trials a cell, $jobs workers, in $((($(date +%s%N) - start) / 1000000)) ms"
exit "$rc"
