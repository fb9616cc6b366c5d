#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make test: every suite in turn, then one summary line CI can read.
set -uo pipefail
total_pass=0
total_fail=0
mkdir -p build/test-logs
for target in test-unit test-asan test-tsan test-integration test-asan-integration test-vm; do
	echo "== $target"
	log=build/test-logs/$target.log
	make --no-print-directory "$target" 2>&1 | tee "$log"
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1)
	if [[ -z $line ]]; then
		echo "$target: produced no summary (build failure?)"
		total_fail=$((total_fail + 1))
		continue
	fi
	p=$(sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\1/p' <<<"$line")
	f=$(sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\2/p' <<<"$line")
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
done
echo "TOTAL: $total_pass passed, $total_fail failed"
((total_fail == 0))
