#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The analyzer against perf in the guest: configs/peer.json on the debian
# kernel records with trace-cmd and perf at the same time. Per task, the
# table of trace.dat must give `perf sched latency`'s Switches of perf.data,
# avg/max delay within 1 %; per workload task, Switches must equal the
# timeslices of schedstat.json and Sum delay its run_delay within 5 % (or
# 2 ms) between the same samples.
#
# Virtual time (icount): under real-time TCG the host can deschedule a vCPU
# between the two recorders' probes of one event, and their timestamps of it
# then differ by up to a millisecond.
# perf 6.1's `sched latency` has no --time: perf's side is its whole
# recording, so ours is given perf's recorded span as the window.
set -euo pipefail
# shellcheck source=tests/lib/perf_latency.sh
. tests/lib/perf_latency.sh
sb=${SLICEBENCH:-build/bin/slicebench}
tmp=$(mktemp -d)
[[ -z ${KEEP:-} ]] || echo "keeping $tmp"
trap '[[ -n ${KEEP:-} ]] || rm -rf "$tmp"' EXIT
fail() {
	echo "FAIL: $*"
	exit 1
}

echo "check: configs/peer.json on debian (TCG, icount) completes with trace.dat and perf.data"
"$sb" run --kernel debian --scenario configs/peer.json --accel icount \
	--results "$tmp/res" >"$tmp/run.log" 2>&1 || { tail -20 "$tmp/run.log"; fail "run exited $?"; }
d=$(readlink -f "$tmp/res/latest")/debian/PREEMPT_SHORT/1
jq -e '.status == "complete" and .recorder.tool == "trace-cmd" and .recorder.lost_events == 0' \
	"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c '{status,recorder}' "$d/manifest.json")"
[[ -s $d/trace.dat && -s $d/perf.data ]] || fail "trace.dat or perf.data missing"
echo "check: perf recorded sched_wakeup, not sched_waking (perf 6.1's latency ignores it)"
perf evlist -i "$d/perf.data" >"$tmp/evlist" 2>/dev/null
if ! grep -qx sched:sched_wakeup "$tmp/evlist" || grep -q sched_waking "$tmp/evlist"; then
	fail "perf.data events: $(tr '\n' ' ' <"$tmp/evlist")"
fi

# The workload tasks, for both checks: "tid comm".
jq -r '.tasks[] | "\(.tid) \(.comm)"' "$d/schedstat.json" | sort >"$tmp/workload"
n_wl=$(wc -l <"$tmp/workload")
((n_wl >= 5)) || fail "only $n_wl workload tasks in schedstat.json"

read -r since until < <(perf script -i "$d/perf.data" --ns -F time 2>/dev/null |
	awk 'NR == 1 { a = $1 } { b = $1 } END { print a + 0, b + 0 }')
echo "check: per task vs perf sched latency over perf's recording ($since .. $until s)"
"$sb" table "$d/trace.dat" --no-group --since "$since" --until "$until" \
	--json "$tmp/span.json" >/dev/null
table_rows "$tmp/span.json" >"$tmp/ours"
perf_latency_rows "$d/perf.data" >"$tmp/perf"
perf_quirks "$d/perf.data" born >"$tmp/quirks"
join "$tmp/workload" "$tmp/perf" | join - "$tmp/ours" | awk '
	BEGIN { print "  tid comm         switches perf/ours  avg ms perf/ours   max ms perf/ours" }
	{ printf "  %-4s %-12s %6d %6d %10.3f %8.3f %10.3f %8.3f\n", $1, $2, $3, $6, $4, $7, $5, $8 }'
perf_compare "$tmp/perf" "$tmp/ours" "$tmp/quirks" "$n_wl" || fail "table and perf disagree"
missing=$(join -v 1 "$tmp/workload" <(awk '$2 == "ok"' "$tmp/quirks" | join - "$tmp/perf") | cut -d' ' -f1)
[[ -z $missing ]] || fail "workload tasks not compared: $missing"

# schedstat.json does not say when its samples were taken (a starved agent
# takes them late), but each carries the task's timeslices N: its run_delay
# is that of its first N waits, each ended by a switch-in. So, per workload
# task, the window runs from its N0-th switch-in (N0 at the window-start
# sample; none: its birth) to its N-th, found in `trace-cmd report`: our
# Switches there must be N - N0, and Sum delay the run_delay difference.
trace-cmd report -t -i "$d/trace.dat" 2>/dev/null | awk '/ sched_switch: / {
	if (!match($0, /:[0-9]+ \[[0-9]+\]$/)) next
	p = substr($0, RSTART + 1); sub(/ .*/, "", p)
	t = $0; sub(/: sched_switch: .*/, "", t); n = split(t, f, " ")
	print p, ++k[p], f[n] }' >"$tmp/switch_ins"
echo "check: per workload task, Sum delay between schedstat samples vs run_delay"
jq -r '.tasks[] | [.tid, .at_window_start.timeslices // 0, .timeslices,
	(.run_delay_ns - (.at_window_start.run_delay_ns // 0)) / 1e6] | join(" ")' \
	"$d/schedstat.json" >"$tmp/samples"
while read -r tid n0 n rd; do
	read -r since until < <(awk -v p="$tid" -v n0="$n0" -v n="$n" '
		$1 == p && $2 == n0 { a = $3 } $1 == p && $2 == n { b = $3 }
		END { printf "%s %s\n", a == "" ? "-" : sprintf("%.9f", a + 1e-7),
			b == "" ? "-" : sprintf("%.9f", b + 1e-7) }' "$tmp/switch_ins")
	[[ $until != - ]] || fail "tid $tid: no switch-in #$n in the trace"
	win=(--until "$until")
	[[ $since == - ]] || win+=(--since "$since")
	"$sb" table "$d/trace.dat" --no-group --pid "$tid" "${win[@]}" --json - |
		jq -r --arg t "$tid" --arg rd "$rd" --arg sw $((n - n0)) \
		'"\($t) \($sw) \($rd) \(.tasks[0].switches // 0) \(.tasks[0].sum_delay_ms // 0)"'
done <"$tmp/samples" | awk '
	{ n++; d = $5 - $3; if (d < 0) d = -d
	  lim = 0.05 * $3; if (lim < 2) lim = 2
	  printf "  tid %s: %d timeslices, run_delay %.3f ms; ours %d switches, sum delay %.3f ms (%+.2f %%)\n",
		$1, $2, $3, $4, $5, ($3 > 0 ? 100 * ($5 - $3) / $3 : 0) }
	$2 != $4 || d > lim { bad++ }
	$2 >= 100 { busy++ }
	END { printf "%d tasks (%d with 100 or more waits), %d with other switches or" \
		" outside 5 %% (or 2 ms)\n", n, busy, bad
	      exit (busy < 3 || bad > 0) }' || fail "sum delay and run_delay disagree"
echo "PASS"
