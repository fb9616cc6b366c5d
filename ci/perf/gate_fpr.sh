#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate end to end on synthetic A-vs-A pairs with the default rules:
# how often it cries regression when nothing changed, how often it catches a
# real +50 % cyclic delay, and how long one gate run takes.
set -euo pipefail
sb=${SLICEBENCH:-build/bin/slicebench}
synth=tests/fixtures/ci/synth.sh
pairs=${PAIRS:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
false_pos=0
caught=0
ms_total=0
for ((s = 1; s <= pairs; s++)); do
	d=$tmp/$s
	bash "$synth" "$d" k A 5 $((3 * s)) intervals=10
	bash "$synth" "$d" k B 5 $((3 * s + 1)) intervals=10
	bash "$synth" "$d" k C 5 $((3 * s + 2)) intervals=10 delay=1.5
	start=$(date +%s%N)
	rc=0
	"$sb" gate "$d:k/A" "$d:k/B" >"$tmp/out" || rc=$?
	ms_total=$((ms_total + ($(date +%s%N) - start) / 1000000))
	((rc == 1)) && false_pos=$((false_pos + 1)) && grep regression "$tmp/out"
	rc=0
	"$sb" gate "$d:k/A" "$d:k/C" >/dev/null || rc=$?
	((rc == 1)) && caught=$((caught + 1))
	rm -rf "$d"
done
echo "figure: gate A-vs-A false regressions: $false_pos of $pairs pairs (5 runs x 10 intervals per side, default rules)"
echo "figure: gate caught a +50 % cyclic delay in $caught of $pairs pairs"
echo "figure: gate wall time $((ms_total / pairs)) ms per run ($(jq '.rules | length' ci/gate.json) rules, 5000 resamples)"
