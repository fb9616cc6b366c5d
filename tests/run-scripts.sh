#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run test scripts of one KIND and print "KIND: N passed, N failed".
set -uo pipefail
kind=$1
shift
passed=0
failed=0
log_dir=build/test-logs/$kind
mkdir -p "$log_dir"
for t in "$@"; do
	[[ -f $t ]] || continue
	name=$(basename "$t" .sh)
	start=$SECONDS
	if bash "$t" >"$log_dir/$name.log" 2>&1; then
		passed=$((passed + 1))
		echo "PASS $kind/$name ($((SECONDS - start)) s)"
	else
		failed=$((failed + 1))
		echo "FAIL $kind/$name ($((SECONDS - start)) s); last lines of $log_dir/$name.log:"
		tail -n 25 "$log_dir/$name.log" | sed 's/^/    /'
	fi
	[[ $kind == perf ]] && grep -E '^(ratio|figure|perf|target):' "$log_dir/$name.log"
done
echo "$kind: $passed passed, $failed failed"
((failed == 0))
