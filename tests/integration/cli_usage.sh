#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every command's usage contract: --help prints its usage on stdout and
# exits 0 with nothing on stderr; an unknown option, a surplus operand or a
# missing one exits 2 with nothing on stdout and, first on stderr, one line
# "PROG: why" naming the culprit. Only usage errors: nothing boots or runs.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

# shows_help USAGE_PREFIX PROG ARGS...: exit 0, stdout opens with USAGE_PREFIX.
shows_help() {
	local want=$1 prog=$2
	shift 2
	rc_of "$bin_dir/$prog" "$@" >"$tmp/out" 2>"$tmp/err"
	if [[ $rc != 0 || -s $tmp/err ]] || [[ $(head -n 1 "$tmp/out") != "$want"* ]]; then
		cat "$tmp/err"
		soft_fail "$prog $*: exit $rc, wanted 0 and '$want...' on stdout alone"
	else
		echo "ok: $prog $* -> 0"
	fi
}

# bad LINE PROG ARGS...: exit 2, stdout empty, stderr's first line is LINE.
bad() {
	local want=$1 prog=$2
	shift 2
	rc_of "$bin_dir/$prog" "$@" >"$tmp/out" 2>"$tmp/err"
	if [[ $rc != 2 || -s $tmp/out ]] || [[ $(head -n 1 "$tmp/err") != "$want" ]]; then
		cat "$tmp/out" "$tmp/err"
		soft_fail "$prog $*: exit $rc, wanted 2 and '$want' first on stderr"
	else
		echo "ok: $prog $* -> 2"
	fi
}

# shellcheck disable=SC2317 # run through check
exits1() { ! "$@" >/dev/null; }

unknown='--no-such-option'
no_such='unknown option "--no-such-option"'

echo "check: slicebench commands"
for c in run plan merge table compare gate check report; do
	shows_help "usage: slicebench $c" slicebench "$c" --help
	bad "slicebench $c: $no_such" slicebench "$c" "$unknown"
done
bad 'slicebench run: unexpected argument "x"' slicebench run x
bad 'slicebench check: unexpected argument "x"' slicebench check x
bad 'slicebench plan: needs --scenario FILE and --kernel (see --help)' slicebench plan
bad 'slicebench plan: needs --scenario FILE and --kernel (see --help)' slicebench plan s.json
bad 'slicebench plan: needs --scenario FILE and --kernel (see --help)' slicebench plan --scenario s.json
bad 'slicebench plan: the scenario given twice: as SCENARIO and --scenario' \
	slicebench plan a.json --scenario b.json --kernel k
bad 'slicebench plan: unexpected argument "b"' slicebench plan a b
"$sb" plan --scenario configs/smoke.json --kernel host >"$tmp/plan1"
"$sb" plan configs/smoke.json --kernel host >"$tmp/plan2"
check "plan --scenario FILE is plan SCENARIO" cmp -s "$tmp/plan1" "$tmp/plan2"
check "the plan has units" grep -q '^host/' "$tmp/plan1"
bad 'slicebench merge: needs RUN_DIR and at least one DIR' slicebench merge out
bad 'slicebench table: expected one trace FILE' slicebench table
bad 'slicebench table: unexpected argument "b"' slicebench table a b
bad 'slicebench compare: needs at least one DIR' slicebench compare
mapfile -t dirs < <(seq -f 'd%g' 17)
bad 'slicebench compare: unexpected argument "d17"' slicebench compare "${dirs[@]}"
bad 'slicebench gate: needs --base and --cand' slicebench gate --base a
bad 'slicebench gate: a: name the sides as --base a --cand b' slicebench gate a b
bad 'slicebench gate: a: name the sides as --base a --cand CAND' slicebench gate a
bad 'slicebench gate: b: name the sides as --base a --cand b' slicebench gate --base a b
bad 'slicebench gate: unexpected argument "c"' slicebench gate a b c
bad 'slicebench gate: --base is empty: name results as DIR[:kernel[/feature-set]]' slicebench gate --base "" --cand b
bad 'slicebench report: needs one RUN_DIR' slicebench report
bad 'slicebench report: unexpected argument "b"' slicebench report a b
echo "check: --help wins over missing operands, a bad option over --help"
shows_help "usage: slicebench gate" slicebench gate -h
bad "slicebench gate: $no_such" slicebench gate --help "$unknown"

echo "check: global options before or after the command, in every --help"
shows_help "slicebench " slicebench --version
shows_help "slicebench " slicebench gate -q --version
shows_help "usage: slicebench gate" slicebench gate -h -q
shows_help "usage: slicebench gate" slicebench -q gate -h
bad 'slicebench gate: needs --base and --cand' slicebench gate --cand a --quiet
"$sb" --help >"$tmp/help"
check "--version in slicebench --help" grep -qE '^  --version ' "$tmp/help"
check "-q in slicebench --help" grep -qE '^  -q, --quiet ' "$tmp/help"
for c in run plan merge table compare gate check report; do
	"$sb" "$c" --help >"$tmp/help"
	check "$c --help lists the global options" grep -qE '^  -q, --quiet ' "$tmp/help"
	check "$c --help: no option with two defaults" \
		exits1 grep -E '\(default[^)]*\).*\(default' "$tmp/help"
done
bad 'slicebench: unknown option "--bogus"' slicebench --bogus gate

echo "check: every output option takes a FILE (- for standard output)"
for c in table compare gate check; do
	"$sb" "$c" --help >"$tmp/help"
	check "$c: no output option is a switch" \
		exits1 grep -E '^  +--(json|markdown|junit) +[a-z]' "$tmp/help"
done
"$sb" gate --help | grep -E '^  +--(json|markdown|junit) ' | tr -s ' ' >"$tmp/gate_outs"
"$sb" check --help | grep -E '^  +--(json|markdown|junit) ' | tr -s ' ' >"$tmp/check_outs"
check "gate and check: one set of output options" cmp -s "$tmp/gate_outs" "$tmp/check_outs"
check "three of them" test "$(wc -l <"$tmp/gate_outs")" = 3

echo "check: kernel boot and initramfs"
for c in boot initramfs; do
	shows_help "usage: slicebench kernel" slicebench kernel "$c" NAME --help
	bad "slicebench kernel: $no_such" slicebench kernel "$c" NAME "$unknown"
	bad 'slicebench kernel: unexpected argument "x"' slicebench kernel "$c" NAME x
done

echo "check: generators and the guest agent"
for p in cyclic massive_intr spin_example mixload slicectl; do
	shows_help "Usage: $p" "$p" --help
	bad "$p: $no_such" "$p" "$unknown"
done
for p in cyclic spin_example mixload; do
	bad "$p: unexpected argument \"x\"" "$p" x
done
bad 'massive_intr: unexpected argument "1"' massive_intr 1 2 3
bad 'slicectl: give --pid PID or -- CMD [ARGS...]' slicectl
shows_help "usage: sbguest" sbguest --help
bad "sbguest: $no_such" sbguest "$unknown"
bad 'sbguest: unexpected argument "x"' sbguest x
finish
