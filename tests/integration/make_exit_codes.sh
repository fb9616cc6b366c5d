#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# GNU make exits 2 for any failed recipe: the make targets that run
# slicebench say the tool's own exit code (1-4) and its meaning on their
# last line, and the wrapper passes the code on to whoever calls it alone.
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
finish
