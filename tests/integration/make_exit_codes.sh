#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# GNU make exits 2 for any failed recipe: the make targets that run
# slicebench say the tool's own exit code (1-4) and its meaning on their
# last line, and the wrapper passes the code on to whoever calls it alone.
# BASE= and CAND= are the sides of every target (kernels for check), the
# old BASE_KERNEL= taken as BASE= with a word; check reads SCENARIO= (the
# old CHECK_SCENARIO= taken with a word); a variable no goal reads is
# refused; make help's one table names every variable and its targets.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: the wrapper passes 0-4 on and names each failure"
for code in 0 1 2 3 4; do
	rc=0
	bash tools/make_run.sh bash -c "exit $code" 2>"$tmp/err" || rc=$?
	check_eq "exit $code passed on" "$code" "$rc"
done
bash tools/make_run.sh bash -c "exit 3" 2>"$tmp/err" || true
check "3 is named" grep -q '^make: slicebench exited 3 (cannot decide); make itself exits 2' "$tmp/err"
bash tools/make_run.sh bash -c "exit 1" 2>"$tmp/err" || true
check "1 is named" grep -q 'exited 1 (regression found)' "$tmp/err"
printf '#!/bin/sh\nexit 1\n' >"$tmp/slicebench" && chmod +x "$tmp/slicebench"
bash tools/make_run.sh "$tmp/slicebench" bisect --good a+0 --bad a 2>"$tmp/err" || true
check "bisect's 1 is no regression" grep -q 'exited 1 (no regression: nothing to bisect)' "$tmp/err"
bash tools/make_run.sh true 2>"$tmp/err"
check "a success says nothing" test ! -s "$tmp/err"

echo "check: make gate on a regression exits 2 and says slicebench's 1"
r=$tmp/r
bash tests/fixtures/ci/synth.sh "$r" debian PREEMPT_SHORT 6 1 run_sd=0.02 iv_sd=0.05
bash tests/fixtures/ci/synth.sh "$r" debian NO_PREEMPT_SHORT 4 2 delay=3
rc=0
env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -s gate \
	BASE="$r:debian/PREEMPT_SHORT" CAND="$r:debian/NO_PREEMPT_SHORT" \
	>"$tmp/out" 2>"$tmp/err" || rc=$?
check_eq "make's own code" 2 "$rc"
check "the tool's code and meaning are said" \
	grep -q '^make: slicebench exited 1 (regression found)' "$tmp/err"
echo "check: BASE= and CAND= are the sides of every target: kernels for check"
mk() { # mk VAR=VALUE...: make check's slicebench line, dry, in $tmp/cmd
	env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -n check "$@" \
		2>"$tmp/err" | grep -A2 'slicebench check' >"$tmp/cmd"
}
mk BASE=a CAND=b
check "BASE= and CAND= given" grep -qF -- '--base "a" --cand "b"' "$tmp/cmd"
mk KERNEL=k
check "by default baseline against KERNEL" grep -qF -- '--base "baseline" --cand "k"' "$tmp/cmd"
mk BASE_KERNEL=old
check "the old BASE_KERNEL= taken as BASE=" grep -qF -- '--base "old"' "$tmp/cmd"
check "... and said so" grep -q 'BASE_KERNEL= is now BASE=' "$tmp/err"
mk BASE_KERNEL=old BASE=x || true
check "both given: refused" grep -q 'give only BASE=' "$tmp/err"

echo "check: SCENARIO= is check's scenario too"
mk
check "by default configs/merge-check.json" grep -qF -- '--scenario "configs/merge-check.json"' "$tmp/cmd"
mk SCENARIO=my.json
check "SCENARIO= given" grep -qF -- '--scenario "my.json"' "$tmp/cmd"
mk CHECK_SCENARIO=old.json
check "the old CHECK_SCENARIO= taken as SCENARIO=" grep -qF -- '--scenario "old.json"' "$tmp/cmd"
check "... and said so" grep -q 'CHECK_SCENARIO= is now SCENARIO=' "$tmp/err"

echo "check: a variable none of the goals reads is refused, exit 2"
rc=0
env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -n gate BASE=a CAND=b KERNEL=k \
	>/dev/null 2>"$tmp/err" || rc=$?
check_eq "make gate KERNEL=k" 2 "$rc"
check "the variable, the goal and its readers named" \
	grep -q 'KERNEL=k is read by no target of "make gate": only by bench check' "$tmp/err"

echo "check: make help's table names each variable once, with the targets reading it"
env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory help >"$tmp/help"
for v in KERNEL SCENARIO ACCEL RESULTS BASE CAND RULES FUZZ_SECONDS PREFIX DESTDIR SB_TEST_NO_SKIP; do
	check_eq "$v: one row" 1 "$(grep -cE "^  $v +[a-z]" "$tmp/help")"
done
check "the SCENARIO row names check" grep -qE '^  SCENARIO +bench check ' "$tmp/help"
check_eq "no line of make help past 100 columns" "" "$(awk 'length > 100' "$tmp/help")"
finish
