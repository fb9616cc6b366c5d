#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every trace.dat the fuzzers found crashing slicebench (fuzz/crashes/*.dat)
# is now a clean rejection: exit 2 and one line naming the file.
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}/slicebench
n=0
for f in fuzz/crashes/*.dat; do
	rc=0
	msg=$("$bin" table "$f" 2>&1 >/dev/null) || rc=$?
	echo "$f: exit $rc: $msg"
	[[ $rc == 2 ]]
	[[ $msg == *"$f"* ]]
	[[ $(wc -l <<<"$msg") == 1 ]]
	n=$((n + 1))
done
((n >= 4))
echo "PASS: $n reproducers rejected with exit 2"
