#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate's promise, measured: with the default rules all at once, how often
# an unchanged kernel (A vs A) reads as a regression (target <= 1 %, upper
# end of the 95 % interval <= 2 %), and how often +20/50/100 % on cyclic avg
# delay is found, per regime and at 4, 5 and 8 runs a side.
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}
trials=${TRIALS:-2000}
start=$(date +%s%N)
"$bin/gate_error_rates" ci/gate.json "$trials" | tee /tmp/gate_error_rates.$$
echo "figure: $(grep -c 'A vs A' /tmp/gate_error_rates.$$) cells of $trials A-vs-A trials in $((($(date +%s%N) - start) / 1000000)) ms"
worst=$(sed -nE 's/.*false regression ([0-9.]+)% \[[0-9.]+, ([0-9.]+)\].*/\2/p' /tmp/gate_error_rates.$$ | sort -g | tail -1)
rm -f /tmp/gate_error_rates.$$
echo "figure: highest upper 95% bound of the family-wise false-regression rate: $worst%"
awk -v w="$worst" 'BEGIN { exit !(w <= 2) }'
