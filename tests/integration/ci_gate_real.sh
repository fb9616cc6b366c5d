#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate and compare on canned real results (tests/fixtures/ci/vm-smoke,
# a TCG smoke run of the Debian 6.12 kernel, 3 repeats per feature set):
# 3 runs against 3 never decide, however large the change looks (exit 3,
# every rule "insufficient data"), against itself neither; compare plots it.
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
r=tests/fixtures/ci/vm-smoke
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

for cand in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	rc=0
	"$sb" gate "$r:debian/PREEMPT_SHORT" "$r:debian/$cand" --json "$tmp/v.json" >"$tmp/out" || rc=$?
	n=$(jq '[.rules[] | select(.verdict == "insufficient data" or .verdict == "not applicable")] | length' "$tmp/v.json")
	echo "PREEMPT_SHORT -> $cand, 3 runs a side: exit $rc, $n of $(jq '.rules | length' "$tmp/v.json") rules insufficient or not applicable"
	if [[ $rc != 3 || $n != $(jq '.rules | length' "$tmp/v.json") ]]; then
		cat "$tmp/out"
		echo "FAIL: 3 runs against 3 decided something"
		fail=1
	fi
done

rc=0
"$sb" compare "$r" --groups cyclic,massive_intr,mixload --plots --out "$tmp" >/dev/null || rc=$?
n=$(find "$tmp/plots" -name '*.png' -size +1k | wc -l)
echo "compare --plots on real data: exit $rc, $n PNGs"
if [[ $rc != 0 || $n -lt 6 ]]; then
	echo "FAIL: compare on real data"
	fail=1
fi
exit $fail
