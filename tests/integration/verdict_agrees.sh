#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One answer everywhere: for a pass, a regression, an improvement, cannot
# decide and too few runs, the last line of `report` and of `compare`,
# report.html's banner, `gate`'s last line and exit code, and its JUnit
# file say the same verdict.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
quiet="run_sd=0.01 iv_sd=0.02"

# case NAME WANT-TITLE WANT-GATE-RC REPEATS CAND-ARGS...
case_of() {
	local name=$1 want=$2 want_rc=$3 n=$4
	local d=$tmp/$name rc=0 last junit
	shift 4
	# shellcheck disable=SC2086 # $quiet is two words
	bash "$synth" "$d" debian NO_PREEMPT_SHORT "$n" 11 $quiet
	# shellcheck disable=SC2086
	bash "$synth" "$d" debian PREEMPT_SHORT "$n" 12 $quiet "$@"
	echo "check: $name"
	"$sb" report "$d" >"$tmp/report.out" 2>/dev/null
	last=$(tail -1 "$tmp/report.out")
	check "report's last line: $want ($last)" grep -q "^verdict: $want: " <<<"$last"
	"$sb" compare "$d" >"$tmp/compare.out" 2>/dev/null
	check_eq "compare's last line is report's" "$last" "$(tail -1 "$tmp/compare.out")"
	check_eq "report.html's banner" "$want" \
		"$(grep -o 'id="verdict"><h1>[A-Za-z ]*' "$d/report.html" | sed 's/.*<h1>//')"
	"$sb" gate --base "$d:debian/NO_PREEMPT_SHORT" --cand "$d:debian/PREEMPT_SHORT" \
		--junit "$tmp/$name.xml" >"$tmp/gate.out" 2>/dev/null || rc=$?
	check_eq "gate's exit code" "$want_rc" "$rc"
	check "gate's last line: $want" grep -q "^verdict: $want: " <(tail -1 "$tmp/gate.out")
	junit=$(grep -o 'failures="[0-9]*" errors="[0-9]*"' "$tmp/$name.xml")
	case $want_rc in
	0) check_eq "JUnit: no failure, no error" 'failures="0" errors="0"' "$junit" ;;
	1) check "JUnit: a failure" grep -q 'failures="[1-9]' <<<"$junit" ;;
	3) check "JUnit: an error, no failure" grep -qE 'failures="0" errors="[1-9]' <<<"$junit" ;;
	esac
}

case_of pass "Pass" 0 8
case_of regression "Regression" 1 8 delay=2
case_of improvement "Pass" 0 8 delay=0.5
check "an improvement is named" grep -q "improvements\? (PREEMPT_SHORT against NO_PREEMPT_SHORT: cyclic avg delay" "$tmp/report.out"
case_of undecided "Cannot decide" 3 5 run_sd=0.5
check "the undecided rules say what would decide them" \
	grep -q "undecided: .*runs a side" <(tail -1 "$tmp/gate.out")
case_of few "Cannot decide" 3 3
check "too few runs said" grep -q "too few runs a side to decide" <(tail -1 "$tmp/gate.out")
finish
