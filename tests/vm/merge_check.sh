#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The README's merge check end to end through `slicebench check` (source
# kernels, cached builds), with the scenario's accelerator (virtual time
# where KVM does not work, so the host's load does not decide):
# regress-demo (PREEMPT_SHORT off by default) must exit 1 naming the cyclic
# delay rules within 5 runs a side; the harmless patch must pass (exit 0).
# Each check says how many runs it used.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
check_cand() { # cand max-repeats -> exit code; verdicts in $tmp/<cand>.json
	local rc=0
	"$sb" check --base baseline --cand "$1" --max-repeats "$2" \
		--scenario configs/merge-check.json \
		--results "$tmp/$1" --json "$tmp/$1.json" >"$tmp/$1.out" || rc=$?
	grep -E '^(look|check):' "$tmp/$1.out"
	return "$rc"
}
used() { # cand -> runs a side the check used
	jq -r '[.base.runs, .cand.runs] | max' "$tmp/$1.json"
}

rc=0
check_cand regress-demo 6 || rc=$?
echo "baseline vs regress-demo: exit $rc after $(used regress-demo) runs a side"
[[ $rc == 1 ]]
(($(used regress-demo) <= 5))
mapfile -t bad < <(jq -r '.rules[] | select(.verdict == "regression") | .name' \
	"$tmp/regress-demo.json")
printf 'regression: %s\n' "${bad[@]}"
printf '%s\n' "${bad[@]}" | grep -q '^cyclic .*delay'

rc=0
check_cand patched 8 || rc=$?
echo "baseline vs patched: exit $rc after $(used patched) runs a side"
[[ $rc == 0 ]] || { cat "$tmp/patched.out"; fail "patched did not pass"; }
echo "regress-demo caught, patched passes"
finish
