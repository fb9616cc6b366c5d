#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench check refuses bad usage before it boots anything (exit 2, the
# culprit named): missing options, one kernel as both sides, too few
# repeats, an ambiguous or unknown feature set, bad rules; --help exits 0;
# with an output on standard output (-) the words go to stderr.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
try() { # WANT_RC GREP ARGS...
	local want=$1 pat=$2 rc=0
	shift 2
	"$sb" check "$@" --results "$tmp/res" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [[ $rc != "$want" ]] || ! grep -q -- "$pat" "$tmp/err" "$tmp/out"; then
		cat "$tmp/out" "$tmp/err"
		soft_fail "check $*: exit $rc (wanted $want, '$pat')"
	else
		echo "ok: check $* -> $rc"
	fi
}
try 0 'Runs the base and the candidate kernel in turn' --help
try 2 'are required' --base baseline --scenario configs/merge-check.json
try 2 'the same kernel' --base baseline --cand baseline --scenario configs/merge-check.json
try 2 'below the rules' --base baseline --cand patched --scenario configs/merge-check.json --max-repeats 3
try 2 'has 2 feature sets: name one with --feature-set (NO_PREEMPT_SHORT, PREEMPT_SHORT)' --base baseline --cand patched --scenario configs/smoke.json
try 2 'has no set "NOSUCH"; its sets: NO_PREEMPT_SHORT, PREEMPT_SHORT' --base baseline --cand patched --scenario configs/smoke.json --feature-set NOSUCH
try 2 "^slicebench check: --cand: unknown kernel 'nosuchkernel'" --base baseline --cand nosuchkernel --scenario configs/merge-check.json
try 2 "^slicebench check: --base: unknown kernel 'nosuch'" --base nosuch --cand patched --scenario configs/merge-check.json
SLICEBENCH_VIA_MAKE="base=BASE cand=CAND" try 2 "^slicebench check: BASE: unknown kernel" \
	--base nosuch --cand patched --scenario configs/merge-check.json
try 2 '--cand names one kernel, not a list' --base baseline --cand patched,cfs --scenario configs/merge-check.json
jq '.alpha = 2' ci/gate.json >"$tmp/rules.json"
try 2 'alpha: 2: must be' --base baseline --cand patched --scenario configs/merge-check.json --rules "$tmp/rules.json"
try 2 'accel' --base baseline --cand patched --scenario configs/merge-check.json --accel warp
echo "check: an output on standard output has it alone: the words go to stderr"
for o in --json --markdown --junit; do
	try 2 'the same kernel' --base baseline --cand baseline --scenario configs/merge-check.json "$o" -
	[[ ! -s $tmp/out ]] || soft_fail "check $o -: wrote on stdout: $(cat "$tmp/out")"
	grep -q '^rules: ' "$tmp/err" || soft_fail "check $o -: the rules line is not on stderr"
done
try 2 'the same kernel' --base baseline --cand baseline --scenario configs/merge-check.json --json "$tmp/v.json"
grep -q '^rules: ' "$tmp/out" || soft_fail "check --json FILE: the rules line is not on stdout"
[[ ! -e $tmp/res ]] || soft_fail "a results directory was made"
finish
