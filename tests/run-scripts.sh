#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run test scripts of one KIND and print "KIND: N passed, N failed, N
# skipped". A script that exits 77 after a "SKIP: why" line is skipped
# ("SKIP KIND/NAME: why"); with SB_TEST_NO_SKIP=1 a skip counts as a failure.
set -uo pipefail
kind=$1
shift
passed=0
failed=0
skipped=0
log_dir=build/test-logs/$kind
mkdir -p "$log_dir"
for t in "$@"; do
	[[ -f $t ]] || continue
	name=$(basename "$t" .sh)
	log=$log_dir/$name.log
	start=$SECONDS
	rc=0
	bash "$t" >"$log" 2>&1 || rc=$?
	took="$((SECONDS - start)) s"
	why=$(sed -n 's/^SKIP: //p' "$log" | tail -n1)
	if ((rc == 0)); then
		passed=$((passed + 1))
		echo "PASS $kind/$name ($took)"
	elif ((rc == 77)) && [[ -n $why && ${SB_TEST_NO_SKIP:-} != 1 ]]; then
		skipped=$((skipped + 1))
		echo "SKIP $kind/$name: $why"
	else
		failed=$((failed + 1))
		if ((rc == 77)) && [[ -n $why ]]; then
			echo "FAIL $kind/$name ($took): skipped ($why), and SB_TEST_NO_SKIP=1 allows no skip"
		else
			echo "FAIL $kind/$name ($took); last lines of $log:"
			tail -n 25 "$log" | sed 's/^/    /'
		fi
	fi
	[[ $kind == perf ]] && grep -E '^(ratio|figure|perf|target):' "$log"
done
echo "$kind: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
