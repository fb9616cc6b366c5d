#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# massive_intr on the host: a 2 s run's JSON and text output, bad options, SIGINT.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/workload.sh
source tests/lib/workload.sh
M=$bin_dir/massive_intr

echo "check: a 2 s run of 3 processes with a 3ms slice writes a sane document"
"$M" --procs 3 --duration 2s --warmup 200ms --slice 3ms \
	--json "$tmp/mi.json" >"$tmp/out"
jq -e '
  .schema == 1 and .tool == "massive_intr" and .status == "ok" and
  (.command_line | length) == 11 and (.start_time | type) == "string" and
  .slice == {"policy": "SCHED_OTHER", "requested_ns": 3000000,
             "applied_ns": 3000000, "clamped": false,
             "effective_ns": 3000000} and
  .duration_ns == 2000000000 and .warmup_ns == 200000000 and
  (.result | .procs_n == 3 and .work_ns == 8000000 and .sleep_ns == 1000000
    and (.procs | length) == 3
    and all(.procs[]; .pid > 0 and .loops > 0 and .cpu_ns > 0
            and .schedstat.run_ns > 0 and .schedstat.timeslices > 0
            and .schedstat.run_delay_ns >= 0)
    and .loops_total == ([.procs[].loops] | add)
    and .loops_per_s > 0
    and (.loops_per_s - .loops_total / 2 | fabs) < 0.01
    and .fairness.min_max_ratio > 0 and .fairness.min_max_ratio <= 1
    and .fairness.jain >= (1 / 3) and .fairness.jain <= 1
    and (.intervals | length) == 2
    and ([.intervals[].t_s] == [0, 1])
    and ([.intervals[].loops] | add) == .loops_total)' "$tmp/mi.json" >/dev/null

echo "check: classic text output, one pid<TAB>loops line per process"
(($(wc -l <"$tmp/out") == 3))
grep -qvP '^\d+\t\d+$' "$tmp/out" && exit 1
jq -r '.result.procs[] | "\(.pid)\t\(.loops)"' "$tmp/mi.json" | diff - "$tmp/out"

echo "check: the processes are named massive_intr and get the slice"
"$M" -p 2 -d 6s -s 4ms -q &
pid=$!
for _ in $(seq 50); do # both workers up (a loaded host starts them late)
	kids=$(pgrep -P "$pid" -x massive_intr || true)
	(($(wc -w <<<"$kids") == 2)) && break
	sleep 0.1
done
checked=0
for c in $kids; do
	grep -qE '^se.slice +: +4000000$' "/proc/$c/sched"
	checked=$((checked + 1))
done
((checked == 2))
wait "$pid"

echo "check: --json - writes only the document to stdout"
"$M" -p 1 -d 1s --json - >"$tmp/stdout.json"
jq -e '.result.procs_n == 1' "$tmp/stdout.json" >/dev/null

echo "check: SIGINT mid-run still writes the document, status interrupted"
interrupted "$M" '.status == "interrupted" and .duration_ns < 20000000000 and
       .duration_ns > 0 and .result.loops_total > 0' -p 2 -d 20s -q

echo "check: bad options exit 2 naming option and value"
bad_options "$M" massive_intr <<'CASES'
--work 5xs|--work: "5xs" is not a duration (units: ns (the default), us, ms, s, min (or m), h)
--procs 0|--procs: "0" is out of range [1, 4096]
--duration 0|--duration: "0" is out of range [1ns, 86400s]
--cpus 1-a|--cpus: "1-a" is not a CPU list
--frob|unknown option "--frob"
-p|-p: missing value
extra|unexpected argument "extra"
CASES
"$M" --help | grep -- '--work D' >/dev/null
finish
