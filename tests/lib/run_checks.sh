# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Checks of one run directory recorded with trace.perf (trace.dat, perf.data,
# schedstat.json), sourced by the guest cross-check tests after
# tests/lib/common.sh. Each takes the run directory and a scratch directory,
# prints what it compares, and returns 1 after a "FAIL: ..." line.
# shellcheck disable=SC2154 # sb: set by tests/lib/common.sh
# shellcheck source=tests/lib/perf_latency.sh
. tests/lib/perf_latency.sh

# Per task, the table of trace.dat against `perf sched latency` of perf.data.
# perf 6.1's `sched latency` has no --time: perf's side is its whole
# recording, so ours is given perf's recorded span as the window, and tasks
# alive before perf started (whose earlier state trace-cmd saw) are left
# out; every workload task must be compared, and perf must have lost none.
run_vs_perf() {
	local n_wl lost since until missing
	jq -r '.tasks[] | "\(.tid) \(.comm)"' "$1/schedstat.json" | sort >"$2/workload"
	n_wl=$(wc -l <"$2/workload")
	((n_wl >= 5)) || { echo "FAIL: only $n_wl workload tasks in $1/schedstat.json"; return 1; }

	lost=$("$sb" table "$1/perf.data" --json - | jq .lost_events)
	[[ $lost == 0 ]] || { echo "FAIL: perf lost events: $lost"; return 1; }
	read -r since until < <(perf script -i "$1/perf.data" --ns -F time 2>/dev/null |
		awk 'NR == 1 { a = $1 } { b = $1 } END { print a + 0, b + 0 }')
	echo "check: per task vs perf sched latency over perf's recording ($since .. $until s)"
	# perf 6.1 starts waits at sched_wakeup only: so do we here
	"$sb" table "$1/trace.dat" --wait-from wakeup --no-group \
		--since "$since" --until "$until" \
		--json "$2/span.json" >/dev/null
	table_rows "$2/span.json" >"$2/ours"
	perf_latency_rows "$1/perf.data" >"$2/perf"
	perf_quirks "$1/perf.data" born >"$2/quirks"
	join "$2/workload" "$2/perf" | join - "$2/ours" | awk '
		BEGIN { print "  tid comm         switches perf/ours  avg ms perf/ours   max ms perf/ours" }
		{ printf "  %-4s %-12s %6d %6d %10.3f %8.3f %10.3f %8.3f\n", $1, $2, $3, $6, $4, $7, $5, $8 }'
	perf_compare "$2/perf" "$2/ours" "$2/quirks" "$n_wl" || { echo "FAIL: table and perf disagree"; return 1; }
	missing=$(join -v 1 "$2/workload" <(awk '$2 == "ok"' "$2/quirks" | join - "$2/perf") | cut -d' ' -f1)
	[[ -z $missing ]] || { echo "FAIL: workload tasks not compared: $missing"; return 1; }
}

# schedstat.json does not say when its samples were taken (a starved agent
# takes them late), but each carries the task's timeslices N: its run_delay
# is that of its first N waits, each ended by a switch-in. So, per workload
# task, the window runs from its N0-th switch-in (N0 at the window-start
# sample; none: its birth) to its N-th, found in `trace-cmd report`: our
# Switches there must be N - N0, and Sum delay the run_delay difference.
run_vs_schedstat() {
	local tid n0 n rd since until win
	trace-cmd report -t -i "$1/trace.dat" 2>/dev/null | awk '/ sched_switch: / {
		if (!match($0, /:[0-9]+ \[[0-9]+\]$/)) next
		p = substr($0, RSTART + 1); sub(/ .*/, "", p)
		t = $0; sub(/: sched_switch: .*/, "", t); n = split(t, f, " ")
		print p, ++k[p], f[n] }' >"$2/switch_ins"
	echo "check: per workload task, Sum delay between schedstat samples vs run_delay"
	jq -r '.tasks[] | [.tid, .at_window_start.timeslices // 0, .timeslices,
		(.run_delay_ns - (.at_window_start.run_delay_ns // 0)) / 1e6] | join(" ")' \
		"$1/schedstat.json" >"$2/samples"
	while read -r tid n0 n rd; do
		read -r since until < <(awk -v p="$tid" -v n0="$n0" -v n="$n" '
			$1 == p && $2 == n0 { a = $3 } $1 == p && $2 == n { b = $3 }
			END { printf "%s %s\n", a == "" ? "-" : sprintf("%.9f", a + 1e-7),
				b == "" ? "-" : sprintf("%.9f", b + 1e-7) }' "$2/switch_ins")
		[[ $until != - ]] || { echo "FAIL: tid $tid: no switch-in #$n in the trace"; return 1; }
		win=(--until "$until")
		[[ $since == - ]] || win+=(--since "$since")
		"$sb" table "$1/trace.dat" --no-group --pid "$tid" "${win[@]}" --json - |
			jq -r --arg t "$tid" --arg rd "$rd" --arg sw $((n - n0)) \
			'"\($t) \($sw) \($rd) \(.tasks[0].switches // 0) \(.tasks[0].sum_delay_ms // 0)"'
	done <"$2/samples" >"$2/sums"
	awk '
		{ n++; d = $5 - $3; if (d < 0) d = -d
		  lim = 0.05 * $3; if (lim < 2) lim = 2
		  printf "  tid %s: %d timeslices, run_delay %.3f ms; ours %d switches, sum delay %.3f ms (%+.2f %%)\n",
			$1, $2, $3, $4, $5, ($3 > 0 ? 100 * ($5 - $3) / $3 : 0) }
		$2 != $4 || d > lim { bad++ }
		$2 >= 100 { busy++ }
		END { printf "%d tasks (%d with 100 or more waits), %d with other switches or" \
			" outside 5 %% (or 2 ms)\n", n, busy, bad
		      exit (busy < 3 || bad > 0) }' "$2/sums" ||
		{ echo "FAIL: sum delay and run_delay disagree"; return 1; }
}
