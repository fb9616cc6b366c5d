#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate and compare on canned real results (tests/fixtures/ci/vm-smoke,
# a TCG smoke run of the Debian 6.12 kernel): PREEMPT_SHORT as base and
# NO_PREEMPT_SHORT as candidate flags the cyclic delay regression;
# PREEMPT_SHORT against itself passes.
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
r=tests/fixtures/ci/vm-smoke
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

rc=0
"$sb" gate "$r:debian/PREEMPT_SHORT" "$r:debian/NO_PREEMPT_SHORT" --json "$tmp/v.json" || rc=$?
v=$(jq -r '.rules[] | select(.name == "cyclic avg delay") |
	"\(.verdict) \(.change_pct | floor)% [\(.change_ci_pct[0] | floor)%, \(.change_ci_pct[1] | floor)%]"' "$tmp/v.json")
echo "PREEMPT_SHORT -> NO_PREEMPT_SHORT: exit $rc; cyclic avg delay: $v"
if [[ $rc != 1 || $v != regression* ]]; then
	echo "FAIL: the cyclic delay regression was not flagged"
	fail=1
fi

rc=0
"$sb" gate "$r:debian/PREEMPT_SHORT" "$r:debian/PREEMPT_SHORT" >"$tmp/out" || rc=$?
echo "PREEMPT_SHORT -> PREEMPT_SHORT: exit $rc"
if [[ $rc != 0 ]]; then
	cat "$tmp/out"
	echo "FAIL: A against itself did not pass"
	fail=1
fi

rc=0
"$sb" compare "$r" --groups cyclic,massive_intr,mixload --plots --out "$tmp" >/dev/null || rc=$?
n=$(find "$tmp/plots" -name '*.png' -size +1k | wc -l)
echo "compare --plots on real data: exit $rc, $n PNGs"
if [[ $rc != 0 || $n -lt 6 ]]; then
	echo "FAIL: compare on real data"
	fail=1
fi
exit $fail
