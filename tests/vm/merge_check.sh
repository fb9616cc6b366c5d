#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The README's merge check end to end: bench baseline, regress-demo and
# patched (source kernels, cached builds), then the gate: regress-demo
# (PREEMPT_SHORT off by default) must exit 1 naming the cyclic delay rules,
# the harmless patch must exit 0.
set -euo pipefail
bin=${SB_BIN_DIR:-build/bin}/slicebench
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT

for k in baseline regress-demo patched; do
	"$bin" run --kernel "$k" --scenario configs/merge-check.json \
		--accel tcg --results "$res/$k" --new
done
gate() { # base cand -> exit code; verdicts in $res/verdict.json
	local rc=0
	"$bin" gate "$res/$1/latest:$1/default" "$res/$2/latest:$2/default" \
		--json "$res/verdict.json" || rc=$?
	return "$rc"
}

rc=0
gate baseline regress-demo || rc=$?
echo "baseline vs regress-demo: exit $rc"
[[ $rc == 1 ]]
mapfile -t bad < <(jq -r '.rules[] | select(.verdict == "regression") | .name' \
	"$res/verdict.json")
printf 'regression: %s\n' "${bad[@]}"
printf '%s\n' "${bad[@]}" | grep -q '^cyclic .*delay'

rc=0
gate baseline patched || rc=$?
echo "baseline vs patched: exit $rc"
[[ $rc == 0 ]]
echo "merge_check: regress-demo caught, patched passes"
