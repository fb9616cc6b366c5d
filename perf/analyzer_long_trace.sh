#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The analyzer's memory as a trace gets longer: synthetic traces of the same
# load (COMMS tasks, each woken 50 times a second with waits of 1 us..1 ms)
# lasting SHORT and LONG seconds, written as trace.dat by the test writer;
# peak RSS and wall time of `slicebench table --percentiles --json` on each,
# and their ratio. What grows with trace length is the per-second series
# (one cell per comm per second); the target is RSS growing far slower than
# the trace. SECONDS_LIST="60 3600" and COMMS=10 are the defaults.
set -euo pipefail
sb=build/bin/slicebench
conv=build/tests/test_analyzer_tracedat
read -r -a lens <<<"${SECONDS_LIST:-60 3600}"
comms=${COMMS:-10}
tmp=$(mktemp -d /var/tmp/analyzer_long.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

command -v /usr/bin/time >/dev/null || { echo "SKIP: /usr/bin/time missing"; exit 77; }
[[ -x $conv ]] || make -s "$conv"

# perf script text (the converter's input) of @1 seconds of the load.
gen() {
	awk -v secs="$1" -v n="$comms" 'BEGIN {
		slot = 1e9 / 50 / n; t = 1e9; srand(1)
		for (s = 0; s < secs; s++) for (k = 0; k < 50; k++)
		for (c = 0; c < n; c++) {
			pid = 100 + c; d = 1000 + int(rand() * 999) * 1000
			printf "%d [000] %d.%09d: sched:sched_wakeup: comm=task%d pid=%d prio=120 target_cpu=000\n", \
				pid, t / 1e9, t % 1e9, c, pid
			u = t + d
			printf "0 [000] %d.%09d: sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=task%d next_pid=%d next_prio=120\n", \
				u / 1e9, u % 1e9, c, pid
			u += 10000
			printf "%d [000] %d.%09d: sched:sched_switch: prev_comm=task%d prev_pid=%d prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n", \
				pid, u / 1e9, u % 1e9, c, pid
			t += slot
		}
	}'
}

declare -A rss wall
for len in "${lens[@]}"; do
	gen "$len" | "$conv" --convert - "$tmp/$len.dat"
	read -r r w < <(/usr/bin/time -f '%M %e' "$sb" table "$tmp/$len.dat" \
		--percentiles --json "$tmp/$len.json" 2>&1 >/dev/null | tail -n1)
	rss[$len]=$r wall[$len]=$w
	echo "figure: analyzer_long_trace seconds=$len comms=$comms" \
		"events=$(jq -r .events "$tmp/$len.json")" \
		"intervals=$(jq -r '.total.intervals | length' "$tmp/$len.json")" \
		"trace_dat_mb=$(($(stat -c %s "$tmp/$len.dat") >> 20))" \
		"peak_rss_kb=${rss[$len]} wall_s=${wall[$len]}"
	rm "$tmp/$len.dat"
done
short=${lens[0]} long=${lens[-1]}
awk -v s="$short" -v l="$long" -v rs="${rss[$short]}" -v rl="${rss[$long]}" 'BEGIN {
	printf "figure: analyzer_long_trace length_ratio=%.1f rss_ratio=%.2f\n", l / s, rl / rs
}'
