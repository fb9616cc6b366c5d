#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Does the gate decide? On synthetic runs of every rule of ci/gate-merge.json
# and of ci/gate.json (RULES= picks others, space-separated): an unchanged
# kernel passes at run CoV 2 % in 8 v 8 gates (target >= 90 %), at 5 % at
# the runs a side sized for all rules together (>= 80 %), and in a check of
# up to 10 paired rounds at the merge check's measured noise and levels
# (perf/merge-check-noise-{baseline,patched}.json, pooled as check pools
# them; NOISE= picks others) (>= 90 %), with false regressions <= 1 % and
# exit 0 at 1.5x / 2x one rule's tolerance <= 5 % / 1 % in each; and the
# gate's "about N runs a side would decide it", followed from 5 v 5 at 5 %,
# decides the rule (>= 80 %), the median N it asks for at most 1.5x the N
# that decides; and with one rule (in turn) spread 30 % and drifting (AR(1)
# 0.5 over the repeats, each side its own), the others quiet, in 5 v 5 and
# 8 v 8 gates (at least 1000 trials a cell): false regressions <= 1 %, exit
# 0 at 1.5x / 2x <= 5 % / 1 % (issue 57). One "target:" line per figure;
# exit 1 when one is missed by more than two Monte-Carlo standard errors.
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}
trials=${TRIALS:-500}
jobs=${JOBS:-2}
noise=${NOISE:-perf/merge-check-noise-baseline.json,perf/merge-check-noise-patched.json}
rc=0
for rules in ${RULES:-ci/gate-merge.json ci/gate.json}; do
	start=$(date +%s%N)
	out=$(mktemp)
	r=0
	nice -n 5 "$bin/gate_decides" "$rules" "$noise" "$trials" "$jobs" >"$out" || r=$?
	cat "$out"
	# each table row as a target line: figure, share, interval, target, met
	sed -nE "s/^\| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/target: $(basename "$rules"): \1: \2, 95 % interval \3, target \4: \5/p" "$out" |
		grep -v '^target: [^:]*: figure:'
	rm -f "$out"
	echo "figure: $rules: $trials trials a cell, $jobs workers, in $((($(date +%s%N) - start) / 1000000)) ms"
	((r == 0)) || rc=$r
done
exit "$rc"
