#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# cyclic on the host: a 2 s run's JSON (ordered percentiles, wakeup counts), threads, errors, SIGINT.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/workload.sh
source tests/lib/workload.sh
C=$bin_dir/cyclic

# jq: is a latency summary complete and ordered?
ordered='def ordered: .count >= 0 and .overflow == 0 and .min <= .p50
  and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .p99_9 and .p99_9 <= .max
  and .min <= .avg and .avg <= .max;'

echo "check: 2 threads, 2 s, 1ms interval, 500us slice: a sane document"
"$C" --threads 2 --duration 2s --warmup 100ms --interval 1ms --slice 500us \
	--json "$tmp/cy.json" >"$tmp/out"
jq -e "$ordered"'
  .schema == 1 and .tool == "cyclic" and .status == "ok" and
  .slice.requested_ns == 500000 and .slice.effective_ns == 500000 and
  .duration_ns == 2000000000 and .warmup_ns == 100000000 and
  (.result | .threads_n == 2 and .interval_ns == 1000000
    and .phase == "fixed" and .policy == "SCHED_OTHER" and (.threads | length) == 2
    and all(.threads[]; .tid > 0 and .wakeups > 0 and .overruns >= 0
            and (.latency_ns | ordered) and .latency_ns.count == .wakeups
            and .max_at_ns > 0)
    # every period of the window is a wakeup or a counted overrun
    and all(.threads[]; (.wakeups + .overruns - 2000 | fabs) <= 100)
    and .overall.wakeups == ([.threads[].wakeups] | add)
    and .overall.overruns == ([.threads[].overruns] | add)
    and (.overall.latency_ns | ordered)
    and .overall.latency_ns.count == .overall.wakeups
    and .overall.latency_ns.max == ([.threads[].latency_ns.max] | max)
    and (.overall.latency_ns.buckets | length) > 0
    and ([.overall.latency_ns.buckets[][2]] | add) == .overall.wakeups
    and all(.overall.latency_ns.buckets[]; .[0] <= .[1])
    and (.intervals | length) == 2 and [.intervals[].t_s] == [0, 1]
    and ([.intervals[].wakeups] | add) == .overall.wakeups
    and all(.intervals[]; .avg_ns <= .max_ns and .p99_ns <= .max_ns))
  ' "$tmp/cy.json" >/dev/null

echo "check: --random-phase: each period still one wakeup or one overrun"
"$C" --threads 2 --duration 2s --warmup 100ms --interval 5ms --random-phase \
	--seed 9 --json "$tmp/rp.json" -q
jq -e "$ordered"'
  .result | .phase == "random" and (.threads | length) == 2
    and all(.threads[]; .wakeups > 0 and (.latency_ns | ordered)
            and (.wakeups + .overruns - 400 | fabs) <= 20)
    and .overall.latency_ns.count == .overall.wakeups
  ' "$tmp/rp.json" >/dev/null

echo "check: one text line per thread"
(($(grep -c '^T: *[0-9]' "$tmp/out") == 2))

echo "check: the threads are named cyclic, carry the slice, run on --cpus 0"
"$C" -t 2 -d 3s -s 700us -q --cpus 0 --node 0 &
pid=$!
sleep 1
(($(find "/proc/$pid/task" -mindepth 1 -maxdepth 1 | wc -l) == 3))
for t in /proc/"$pid"/task/*; do
	[[ $(cat "$t/comm") == cyclic ]]
	grep -qE '^se.slice +: +700000$' "$t/sched"
	grep -qE '^Cpus_allowed_list:\s+0$' "$t/status"
done
wait "$pid"

echo "check: a 10us slice is clamped, warned about, and reported"
"$C" -d 1s -s 10us --json - 2>"$tmp/err" >"$tmp/clamp.json"
grep -q 'warning: slice 10us clamped to 100us' "$tmp/err"
jq -e '.slice == {"policy": "SCHED_OTHER", "requested_ns": 10000,
  "applied_ns": 100000, "clamped": true, "effective_ns": 100000}' \
	"$tmp/clamp.json" >/dev/null

echo "check: --fifo 10 runs SCHED_FIFO (slice not applicable)"
if "$C" -d 1s --fifo 10 --json "$tmp/fifo.json" -q 2>"$tmp/err"; then
	jq -e '.result.policy == "SCHED_FIFO" and .slice.requested_ns == null
	  and .slice.effective_ns == null' "$tmp/fifo.json" >/dev/null
else
	echo "  (SCHED_FIFO not permitted here: $(cat "$tmp/err"))"
fi

echo "check: SIGINT mid-run still writes the document, status interrupted"
interrupted "$C" "$ordered"'.status == "interrupted" and .duration_ns < 20000000000
  and .result.overall.wakeups > 0 and (.result.overall.latency_ns | ordered)
  and (.result.intervals | length) <= 2' -t 2 -d 20s -q

echo "check: bad options exit 2 naming option and value"
bad_options "$C" cyclic <<'CASES'
--interval 5xs|--interval: "5xs" is not a duration (units: ns (the default), us, ms, s, min (or m), h)
--interval 1us|--interval: "1us" is out of range [10us, 10s]
--threads 0|--threads: "0" is out of range [1, 1024]
--fifo 100|--fifo: "100" is out of range [1, 99]
--fifo 5 --slice 1ms|--fifo: no --slice or --batch with it
--node x|--node: "x" is not an integer
--json|--json: missing value
--cpus 1000|--cpus: none of the CPUs is available to this task
CASES
"$C" --help | grep -- '--interval D' >/dev/null
finish
