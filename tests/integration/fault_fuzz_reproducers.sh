#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every trace.dat the fuzzers found crashing slicebench
# (tests/fixtures/crashes/*.dat) is now a clean rejection: exit 2 and one
# line naming the file.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
n=0
for f in tests/fixtures/crashes/*.dat; do
	rc=0
	msg=$("$sb" table "$f" 2>&1 >/dev/null) || rc=$?
	echo "$f: exit $rc: $msg"
	[[ $rc == 2 ]]
	[[ $msg == *"$f"* ]]
	[[ $(wc -l <<<"$msg") == 1 ]]
	n=$((n + 1))
done
((n >= 4))
echo "$n reproducers rejected with exit 2"
finish
