# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Cross-check of `slicebench table` against `perf sched latency`, sourced by
# the analyzer tests: perf's per-pid rows, ours, the raw-event accounting of
# perf's known quirks, and the comparison.

# "pid switches avg_ms max_ms" per task of `perf sched latency -p`, sorted.
perf_latency_rows() {
	perf sched latency -p -i "$1" 2>/dev/null |
		awk -F'|' '/avg:/ {
			n = split($1, t, ":"); pid = t[n] + 0
			sub(/avg: */, "", $4); sub(/max: */, "", $5)
			print pid, $3 + 0, $4 + 0, $5 + 0 }' | sort
}

# "pid switches avg_ms max_ms sum_ms" per task of a table JSON, sorted.
table_rows() {
	jq -r '.tasks[] | "\(.pid) \(.switches) \(.avg_delay_ms) \(.max_delay_ms) \(.sum_delay_ms)"' \
		"$1" | sort
}

# Does this perf count the waits that follow a preemption (R+) itself?
perf_counts_rplus() {
	perf version | sed -E 's/.* ([0-9]+)\.([0-9]+).*/\1 \2/' |
		awk '{ exit !($1 > 6 || ($1 == 6 && $2 >= 7)) }'
}

# perf_quirks PERF_DATA [born]: per pid, what perf 6.1 counts differently,
# from the raw events:
#   "pid early 0 0 0 0 0": first seen before every CPU recorded (perf also
#     starts a wait at the first sched_stat_runtime of a task it has not
#     seen yet): left out of the comparison;
#   "pid before 0 0 0 0 0" (with "born"): not created (fork, wakeup_new)
#     during the recording. For a table from another recorder that started
#     earlier, whose earlier events tell the state of such a task at perf's
#     start, which perf cannot know: left out;
#   "pid ok N SUM MAX ADJ CMAX": perf before 6.7 maps prev_state R+
#     (preempted) to no state, so it drops the wait that follows (N of them,
#     SUM and MAX ms, ours only) unless a wakeup comes first, and then
#     counts that wait from the wakeup: ADJ ms shorter in total than ours,
#     CMAX ms the longest of them as we count it.
perf_quirks() {
	local counted=0
	perf_counts_rplus && counted=1
	perf script -i "$1" --ns -F tid,cpu,time,event,trace 2>/dev/null |
		awk -v counted="$counted" -v born_only="${2:+1}" '
		function pid(key) { if (!match($0, " " key "=[0-9]+")) return ""
			return substr($0, RSTART + length(key) + 2, RLENGTH - length(key) - 2) }
		function seen(p, t) { if (p != "" && !(p in first)) first[p] = t }
		function top(a, p, v) { if (v > a[p]) a[p] = v }
		{ t = $3 + 0; if (!($2 in cpu0)) cpu0[$2] = t }
		/sched:sched_switch:/ { p = pid("prev_pid"); n = pid("next_pid")
			seen(p, t); seen(n, t)
			if (n in out) {
				d = (t - out[n]) * 1000
				if (n in woke) {
					adj[n] += (woke[n] - out[n]) * 1000; top(cmax, n, d)
				} else {
					rn[n]++; rsum[n] += d; top(rmax, n, d)
				}
				delete out[n]; delete woke[n]
			}
			if (!counted && $0 ~ /prev_state=R\+ /) out[p] = t
			next }
		/sched:sched_process_fork:/ { c = pid("child_pid")
			if (c != "" && !(c in first)) born[c] = 1 }
		/sched:sched_wakeup_new:/ { p = pid("pid"); if (!(p in first)) born[p] = 1 }
		/sched:sched_wakeup/ { p = pid("pid"); seen(p, t)
			if ((p in out) && !(p in woke)) woke[p] = t
			next }
		/sched:/ { seen(pid("pid"), t) }
		END { start = 0; for (c in cpu0) if (cpu0[c] > start) start = cpu0[c]
			for (p in first)
				if (first[p] < start) print p, "early", 0, 0, 0, 0, 0
				else if (born_only && !(p in born)) print p, "before", 0, 0, 0, 0, 0
				else printf "%s ok %d %.6f %.6f %.6f %.6f\n", p, rn[p],
					rsum[p], rmax[p], adj[p], cmax[p] }' | sort
}

# perf_compare PERF_ROWS OURS_ROWS QUIRKS [MIN] (files of the functions
# above): per task, switches equal and avg/max delay within 1 % or
# 0.0015 ms (perf prints 3 decimals). Tasks with R+ waits (which perf 6.1
# drops or shortens) are checked on switches, within one, once the dropped
# waits are added: replaying perf's bug from the raw events is exact for
# most but not all of them (a wait cut by the end of the recording, seen
# once in several dozen host runs), so their avg/max are not compared. Prints the mismatches and a summary;
# fails on any mismatch, on a task of perf missing from ours, or when fewer
# than MIN tasks (default: half of perf's) were compared.
perf_compare() {
	local want
	want=$(wc -l <"$1")
	join "$1" "$3" | join -a 1 - "$2" | awk -v want="$want" -v min="${4:-}" '
	function off(a, b) { d = a - b; if (d < 0) d = -d
		lim = 0.01 * (a > b ? a : b); if (lim < 0.0015) lim = 0.0015
		return d > lim }
	function max3(a, b, c) { return a > b ? (a > c ? a : c) : (b > c ? b : c) }
	# pid, perf: switches avg max, quirks: tag n sum max adj cmax,
	# ours: switches avg max sum
	$5 == "early" { early++; next }
	$5 == "before" { before++; next }
	NF < 14 { bad++; print "missing from ours: pid " $1; next }
	{ seen++; if ($6 || $9) rp++ }
	($6 || $9) && ($2 + $6 - $11 > 1 || $11 - $2 - $6 > 1) {
		bad++; print "switches differ: pid " $1 ": perf " $2 " + " $6 " R+ waits, ours " $11 }
	$6 || $9 { next }
	$2 != $11 { bad++; print "switches differ: pid " $1 ": perf " $2 ", ours " $11 }
	$2 > 0 && off($3, ($14 - $7 - $9) / $2) {
		bad++; printf "avg differs: pid %s: perf %s, ours %.4f without R+ waits\n", $1, $3, ($14 - $7 - $9) / $2 }
	off($13, max3($4, $8, $10)) { bad++; print "max differs: pid " $1 ": perf " $4 " (R+ waits " $8 ", " $10 "), ours " $13 }
	END { if (min == "") min = want / 2
		printf "compared %d of %d tasks (left out: %d seen before all CPUs recorded," \
		" %d alive before perf recorded; %d with R+ waits), %d mismatches\n",
		seen, want, early, before, rp, bad
		exit (bad > 0 || seen + early + before != want || seen < min) }'
}
