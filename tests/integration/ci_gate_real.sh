#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate and compare on canned real results (tests/fixtures/ci/vm-smoke,
# a TCG smoke run of the Debian 6.12 kernel, 3 repeats per feature set):
# 3 runs against 3 never decide, however large the change looks (exit 3,
# every rule "insufficient data"); the same runs on both sides are refused
# (exit 2); compare plots it.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
r=tests/fixtures/ci/vm-smoke

rc=0
"$sb" gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/NO_PREEMPT_SHORT" --json "$tmp/v.json" >"$tmp/out" || rc=$?
n=$(jq '[.rules[] | select(.verdict == "insufficient data" or .verdict == "not applicable")] | length' "$tmp/v.json")
echo "PREEMPT_SHORT -> NO_PREEMPT_SHORT, 3 runs a side: exit $rc, $n of $(jq '.rules | length' "$tmp/v.json") rules insufficient or not applicable"
if [[ $rc != 3 || $n != $(jq '.rules | length' "$tmp/v.json") ]]; then
	cat "$tmp/out"
	soft_fail "3 runs against 3 decided something"
fi

rc=0
"$sb" gate --base "$r:debian/PREEMPT_SHORT" --cand "$r:debian/PREEMPT_SHORT" >/dev/null 2>"$tmp/err" || rc=$?
echo "PREEMPT_SHORT -> PREEMPT_SHORT: exit $rc"
if [[ $rc != 2 ]] || ! grep -q 'are the same runs' "$tmp/err"; then
	soft_fail "the same runs on both sides were gated"
fi

rc=0
"$sb" compare "$r" --groups cyclic,massive_intr,mixload --plots --out "$tmp" >/dev/null || rc=$?
n=$(find "$tmp/plots" -name '*.png' -size +1k | wc -l)
echo "compare --plots on real data: exit $rc, $n PNGs"
if [[ $rc != 0 || $n -lt 6 ]]; then
	soft_fail "compare on real data"
fi
finish
