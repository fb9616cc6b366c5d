#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The merge check's power, on real runs: POOL (30) rounds of configs/
# merge-check.json in virtual time, each round one run of every kernel of
# KERNELS (baseline first; one seed a round, as check's rounds), then
# CHECKS (200) checks of baseline against each other kernel replayed from
# those rounds (perf/check_power.c: each check its own random order of
# the rounds, looks as check spends them, up to MAX (check's default 10)).
# Targets (issue 55): each moderate regression kernel (regress-lost,
# regress-slow) and regress-demo caught (exit 1) in >= 80 % of checks,
# patched passing in >= 90 %; no kernel but the regressions ever caught.
# POWER_RUNS=DIR reuses a run directory holding those kernels' rounds.
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}
kernels=${KERNELS:-baseline,patched,regress-demo,regress-lost,regress-slow}
pool=${POOL:-30}
checks=${CHECKS:-200}
max=${MAX:-10}
scenario=${SCENARIO:-configs/merge-check.json}
rules=$(jq -r '.rules // "ci/gate.json"' "$scenario")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=${POWER_RUNS:-}
if [[ -z $runs ]]; then
	start=$(date +%s)
	"$bin/slicebench" run --kernel "$kernels" --scenario "$scenario" \
		--repeats "$pool" --results "$tmp/res" --new >"$tmp/run.log" 2>&1 ||
		{
			tail -20 "$tmp/run.log"
			exit 4
		}
	runs=$(readlink -f "$tmp/res/latest")
	echo "figure: $pool rounds of $kernels took $(($(date +%s) - start)) s"
fi
set_of() { # KERNEL -> its feature set in $runs
	find "$runs/$1" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | head -1
}
IFS=, read -ra ks <<<"$kernels"
base=${ks[0]}
rc=0
for k in "${ks[@]:1}"; do
	out=$("$bin/check_power" "$rules" "$max" "$checks" 55 \
		"$runs:$base/$(set_of "$base")" "$runs:$k/$(set_of "$k")")
	while read -r line; do echo "$k: $line"; done <<<"$out"
	read -r caught passed undecided rounds < <(echo "$out" |
		sed -nE 's/^checks: .*regression ([0-9]+), pass ([0-9]+), cannot decide ([0-9]+); ([0-9.]+) rounds.*/\1 \2 \3 \4/p')
	echo "figure: check_power kernel=$k caught=$caught passed=$passed undecided=$undecided of=$checks mean_rounds=$rounds"
	case $k in
	regress-*) want=caught ;;
	*) want=passed ;;
	esac
	share=$((100 * ${!want} / checks))
	floor=$([[ $want == caught ]] && echo 80 || echo 90)
	met=yes
	((share >= floor)) || met=no
	[[ $want == passed && $caught -gt 0 ]] && met=no
	echo "target: $base against $k: $want in $share % of $checks checks (target >= $floor %${caught:+, caught $caught}): $met"
	[[ $met == yes ]] || rc=1
done
exit "$rc"
