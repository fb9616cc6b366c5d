#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make test: every suite in turn, then the reason of each skip and one
# summary line CI can read: "TOTAL: N passed, N failed, N skipped".
set -uo pipefail
total_pass=0
total_fail=0
total_skip=0
skips=()
mkdir -p build/test-logs
for target in test-unit test-asan test-tsan test-fuzz test-integration test-asan-integration test-vm; do
	echo "== $target"
	log=build/test-logs/$target.log
	make --no-print-directory "$target" 2>&1 | tee "$log"
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$log" | tail -n1)
	if [[ -z $line ]]; then
		echo "$target: produced no summary (build failure?)"
		total_fail=$((total_fail + 1))
		continue
	fi
	read -r p f s < <(sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped.*/\1 \2 \3/p' <<<"$line")
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	total_skip=$((total_skip + s))
	mapfile -t -O "${#skips[@]}" skips < <(grep '^SKIP ' "$log")
done
((${#skips[@]} == 0)) || printf '%s\n' "${skips[@]}"
echo "TOTAL: $total_pass passed, $total_fail failed, $total_skip skipped"
((total_fail == 0))
