#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# trace.dat end to end: a file written by the test writer must read back in
# `trace-cmd report` (the independent peer) and give the hand-computed delay
# table in `slicebench table`; a truncated copy must fail with exit 2.
# libtracecmd is loaded only for a trace.dat: with it hidden (a mount
# namespace, as root), a trace.dat is exit 4 naming it and what to install,
# and a perf.data table still works.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
writer=$build_dir/tests/test_analyzer_tracedat

[[ -x $writer ]] || make -s "$writer"
"$writer" --write "$tmp/trace.dat"

n=$(trace-cmd report "$tmp/trace.dat" 2>/dev/null | grep -c ': sched_')
echo "trace-cmd report reads $n events"
((n == 13)) || fail "expected 13 events"

"$sb" table "$tmp/trace.dat" --no-group --json - >"$tmp/t.json"
check() { # jq expression, expected value
	local got
	got=$(jq -r "$1" "$tmp/t.json")
	[[ $got == "$2" ]] || fail "$1 = $got, want $2"
	echo "ok: $1 = $got"
}
check '.recorder' trace-cmd
check '.events' 13
check '.lost_events' 1
check '.tasks[] | select(.pid == 10) | .switches' 3
check '.tasks[] | select(.pid == 10) | .max_delay_ms' 500
check '.tasks[] | select(.pid == 10) | .max_delay_at_s' 5000.0017
check '.tasks[] | select(.pid == 11) | .comm' hog
check '.tasks[] | select(.pid == 11) | .sum_delay_ms' 0.28
check '.tasks[] | select(.pid == 11) | .migrations' 1
check '.total.switches' 6
"$sb" table "$tmp/trace.dat" --since 5000.00165 --json - >"$tmp/t.json"
check '.total.switches' 2
check '.groups | map(.task) | sort | join(" ")' 'a:(1) hog:(1)'

head -c 5000 "$tmp/trace.dat" >"$tmp/cut.dat"
rc=0
"$sb" table "$tmp/cut.dat" 2>"$tmp/err" || rc=$?
echo "truncated: exit $rc: $(cat "$tmp/err")"
if ((rc != 2)) || [[ $(wc -l <"$tmp/err") != 1 ]] || ! grep -q cut.dat "$tmp/err"; then
	fail "want exit 2 and one line naming the file"
fi

lib=$(readlink -f "$(ldconfig -p | awk '/libtracecmd.so.1 /{print $NF; exit}')")
if [[ $(id -u) != 0 ]] || ! unshare -m true 2>/dev/null || [[ ! -f $lib ]]; then
	echo "skip: hiding libtracecmd needs root, a mount namespace and the library"
else
	"$writer" --write-perf "$tmp/fx.data"
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m bash -c 'mount --bind /dev/null "$1" || exit 99
		rc=0; "$2" table "$3" 2>"$4/err.dat" >/dev/null || rc=$?
		echo "$rc" >"$4/rc.dat"
		"$2" table "$5" >"$4/perf.txt"' _ "$lib" "$sb" "$tmp/trace.dat" \
		"$tmp" "$tmp/fx.data" || fail "could not hide $lib"
	echo "without libtracecmd: exit $(cat "$tmp/rc.dat"): $(cat "$tmp/err.dat")"
	if [[ $(cat "$tmp/rc.dat") != 4 ]] ||
		! grep -q 'trace.dat.*libtracecmd' "$tmp/err.dat"; then
		fail "want exit 4 naming the file and libtracecmd"
	fi
	grep -q 'fx.data (perf)' "$tmp/perf.txt" || fail "perf.data table without libtracecmd"
	echo "ok: a perf.data table without libtracecmd"
fi
finish
