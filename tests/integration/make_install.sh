#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make install DESTDIR=... PREFIX=/usr: bin/slicebench on PATH finds its
# files under lib/slicebench by its own path (no checkout, no
# SLICEBENCH_ROOT): it compares results with the installed rules and plot
# scripts and plans a shipped scenario.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: make install into a DESTDIR"
env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -s install \
	DESTDIR="$tmp/d" PREFIX=/usr >"$tmp/out" 2>&1 || fail "make install: $(cat "$tmp/out")"
inst=$tmp/d/usr/bin/slicebench
check "bin/slicebench is there" test -x "$inst"
check "its guest init and rules are there" test -x "$tmp/d/usr/lib/slicebench/harness/guest/init" \
	-a -f "$tmp/d/usr/lib/slicebench/ci/gate.json"

echo "check: the installed tool works from anywhere, without the checkout"
r=$tmp/r
bash tests/fixtures/ci/synth.sh "$r" debian NO_PREEMPT_SHORT 4 1 >/dev/null
bash tests/fixtures/ci/synth.sh "$r" debian PREEMPT_SHORT 4 2 >/dev/null
(cd "$tmp" && env -u SLICEBENCH_ROOT PATH="$tmp/d/usr/bin:$PATH" \
	slicebench compare "$r" --plots >"$tmp/cmp.out" 2>&1) || fail "compare: $(cat "$tmp/cmp.out")"
check "compare judged by the installed ci/gate.json" grep -q '^rules: ci/gate.json' "$tmp/cmp.out"
check "report.html drawn with the installed plot scripts" test -s "$r/report.html"
(cd "$tmp" && env -u SLICEBENCH_ROOT "$inst" plan --kernel host \
	--scenario "$tmp/d/usr/lib/slicebench/configs/smoke.json" --results "$tmp/res" \
	>"$tmp/plan.out" 2>&1) || fail "plan: $(cat "$tmp/plan.out")"
check "plan of a shipped scenario" test -s "$tmp/plan.out"
finish
