#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicectl on the host kernel: set-and-exec, clamping, show/set by pid, errors.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
S=$bin_dir/slicectl
stop_child() { [[ -z ${cpid:-} ]] || kill "$cpid" 2>/dev/null; }
at_exit stop_child

slice_of() { awk '$1 == "se.slice" { print $3 }' "$1"; }

echo "check: -s 500us -- grep se.slice /proc/self/sched shows 500000"
"$S" -s 500us -- grep se.slice /proc/self/sched >"$tmp/out"
[[ $(slice_of "$tmp/out") == 500000 ]]

echo "check: -s 10us warns on stderr and reads back 100000"
"$S" -s 10us -- grep se.slice /proc/self/sched >"$tmp/out" 2>"$tmp/err"
[[ $(slice_of "$tmp/out") == 100000 ]]
grep -q 'warning: slice 10us clamped to 100us' "$tmp/err"

echo "check: -s 1s is clamped to 100ms"
"$S" -s 1s -- grep se.slice /proc/self/sched >"$tmp/out" 2>/dev/null
[[ $(slice_of "$tmp/out") == 100000000 ]]

echo "check: the slice is inherited over fork, not with --reset-on-fork"
"$S" -s 2ms -- sh -c 'grep se.slice /proc/self/sched' >"$tmp/out"
[[ $(slice_of "$tmp/out") == 2000000 ]]
"$S" -s 2ms --reset-on-fork -- sh -c 'grep se.slice /proc/self/sched' >"$tmp/out"
[[ $(slice_of "$tmp/out") != 2000000 ]]

echo "check: --batch sets SCHED_BATCH (policy 3)"
"$S" -s 1ms --batch -- grep -E '^policy' /proc/self/sched >"$tmp/out"
[[ $(awk '{ print $3 }' "$tmp/out") == 3 ]]

echo "check: -p shows, -s -p sets, -a sets every thread"
sleep 30 &
cpid=$!
"$S" -s 3ms -p "$cpid" >"$tmp/out"
# the nice value the test runs with (make test under nice, say)
grep -q "pid $cpid: SCHED_OTHER nice $(nice) slice 3000000 ns (3ms)" "$tmp/out"
[[ $(slice_of "/proc/$cpid/sched") == 3000000 ]]
"$S" -p "$cpid" | grep 'slice 3000000 ns' >/dev/null
kill "$cpid"
build/bin/cyclic --threads 3 --duration 20s --quiet &
cpid=$!
# A busy machine can hold a new process off the CPU for seconds (an
# ASan cyclic at a low share took longer than 5 s to start its threads).
ntask=0
for _ in $(seq 600); do
	ntask=$(find "/proc/$cpid/task" -mindepth 1 -maxdepth 1 | wc -l)
	((ntask >= 4)) && break
	sleep 0.1
done
((ntask >= 4)) || fail "cyclic --threads 3 has $ntask tasks after 60 s"
"$S" -a -s 4ms -p "$cpid" >"$tmp/out"
(($(wc -l <"$tmp/out") == 4)) || fail "-a printed $(wc -l <"$tmp/out") lines, not 4: $(cat "$tmp/out")"
for t in /proc/"$cpid"/task/*; do
	[[ $(slice_of "$t/sched") == 4000000 ]] ||
		fail "$t: slice $(slice_of "$t/sched"), not 4000000"
done
kill -INT "$cpid"
wait "$cpid"
cpid=

echo "check: exit codes: 127 command not found, 2 bad usage with a message"
rc=0
"$S" -s 1ms -- /nonexistent/cmd 2>/dev/null || rc=$?
((rc == 127))
for args in "-s 5xs -- true" "--nice 30 -p 1" "" "-a -s 1ms -- true" \
	"--bogus -p 1" "-p 1 -- true" "-p 2147483647"; do
	rc=0
	# shellcheck disable=SC2086 # word splitting of the case is wanted
	"$S" $args 2>"$tmp/err" >/dev/null || rc=$?
	echo "  slicectl $args -> $rc: $(cat "$tmp/err")"
	((rc == 2)) && [[ -s $tmp/err ]]
done
rc=0
"$S" -s 5xs -- true 2>"$tmp/err" || rc=$?
((rc == 2)) && grep -qx 'slicectl: --slice: "5xs" is not a duration (units: ns (the default), us, ms, s, min (or m), h)' "$tmp/err"
"$S" --help | grep -- '--reset-on-fork' >/dev/null
finish
