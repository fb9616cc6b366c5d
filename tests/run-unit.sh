#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run cmocka unit-test binaries from DIR and print "unit (DIR): N passed, N
# failed, N skipped", each skipped test first as "SKIP unit/BINARY: TEST"
# (cmocka's skip()); with SB_TEST_NO_SKIP=1 a skip counts as a failure.
set -uo pipefail
dir=$1
shift
passed=0
failed=0
skipped=0
for t in "$@"; do
	out=$("$dir/$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -E '^\[  (FAILED|ERROR)|^\[  PASSED' || true
	p=$(printf '%s\n' "$out" | sed -nE 's/^\[  PASSED  \] ([0-9]+) test.*/\1/p' | tail -n1)
	f=$(printf '%s\n' "$out" | sed -nE 's/^\[  FAILED  \] ([0-9]+) test.*/\1/p' | tail -n1)
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	while read -r name; do
		[[ -n $name ]] || continue
		if [[ ${SB_TEST_NO_SKIP:-} == 1 ]]; then
			echo "FAIL unit/$t: $name skipped, and SB_TEST_NO_SKIP=1 allows no skip"
			failed=$((failed + 1))
		else
			echo "SKIP unit/$t: $name"
			skipped=$((skipped + 1))
		fi
	done < <(printf '%s\n' "$out" | sed -nE '/^\[  SKIPPED \] [0-9]+ test/d; s/^\[  SKIPPED \] (.+)/\1/p' | sort -u)
	if ((rc != 0)) && [[ -z ${f:-} ]]; then
		printf '%s\n' "$out" | tail -n 20
		echo "$t: crashed (exit $rc)"
		failed=$((failed + 1))
	fi
done
echo "unit ($dir): $passed passed, $failed failed, $skipped skipped"
((failed == 0))
