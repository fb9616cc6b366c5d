#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make test's fuzz suite: build each fuzz target alone, so one that does not
# link fails under its own name ("FAIL fuzz/NAME: does not build: <first
# error>"), then run each that built for a second on its seeds (fuzz/run.sh:
# a crash fails it). Prints "fuzz: N passed, N failed, N skipped".
# usage: run-fuzz.sh WRITER TARGET... (WRITER: fuzz/seeds.sh's trace writer)
set -uo pipefail
writer=$1
shift
passed=0
failed=0
built=()
logs=build/test-logs/fuzz
mkdir -p "$logs"
for t in "$@"; do
	log=$logs/$t.build.log
	if make --no-print-directory "build/fuzz/$t" >"$log" 2>&1; then
		built+=("$t")
	else
		failed=$((failed + 1))
		echo "FAIL fuzz/$t: does not build: $(grep -m1 -E 'undefined reference|: error:|\*\*\*' "$log") (log: $log)"
	fi
done
if ((${#built[@]})) && ! bash fuzz/seeds.sh build/fuzz/seeds "$writer" >"$logs/seeds.log" 2>&1; then
	echo "FAIL fuzz: the seed corpora were not built (log: $logs/seeds.log)"
	failed=$((failed + ${#built[@]}))
	built=()
fi
for t in "${built[@]}"; do
	if bash fuzz/run.sh 1 "$t" >"$logs/$t.log" 2>&1; then
		passed=$((passed + 1))
		echo "PASS fuzz/$t"
	else
		failed=$((failed + 1))
		echo "FAIL fuzz/$t: crashed in 1 s on its seeds (log: $logs/$t.log, artifacts in build/fuzz/artifacts/$t)"
	fi
done
echo "fuzz: $passed passed, $failed failed, 0 skipped"
((failed == 0))
