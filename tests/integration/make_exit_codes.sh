#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# GNU make exits 2 for any failed recipe: the make targets that run
# slicebench say the tool's own exit code (1-4) and its meaning on their
# last line, and the wrapper passes the code on to whoever calls it alone.
# BASE= and CAND= are the sides of every target (kernels for check), the
# old BASE_KERNEL= taken as BASE= with a word.
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
		2>"$tmp/err" | grep 'slicebench check' >"$tmp/cmd"
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
finish
