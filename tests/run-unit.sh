#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run cmocka unit-test binaries from DIR and print "unit: N passed, N failed".
set -uo pipefail
dir=$1
shift
passed=0
failed=0
for t in "$@"; do
	out=$("$dir/$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -E '^\[  (FAILED|ERROR)|^\[  PASSED' || true
	p=$(printf '%s\n' "$out" | sed -nE 's/^\[  PASSED  \] ([0-9]+) test.*/\1/p' | tail -n1)
	f=$(printf '%s\n' "$out" | sed -nE 's/^\[  FAILED  \] ([0-9]+) test.*/\1/p' | tail -n1)
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if ((rc != 0)) && [[ -z ${f:-} ]]; then
		printf '%s\n' "$out" | tail -n 20
		echo "$t: crashed (exit $rc)"
		failed=$((failed + 1))
	fi
done
echo "unit ($dir): $passed passed, $failed failed"
((failed == 0))
