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
# then differ by up to a millisecond. The checks: tests/lib/run_checks.sh.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/run_checks.sh
. tests/lib/run_checks.sh

echo "check: configs/peer.json on debian (TCG, icount) completes with trace.dat and perf.data"
"$sb" run --kernel debian --scenario configs/peer.json --accel icount \
	--results "$tmp/res" >"$tmp/run.log" 2>&1 || { tail -20 "$tmp/run.log"; fail "run exited $?"; }
d=$(readlink -f "$tmp/res/latest")/debian/PREEMPT_SHORT/1
jq -e '.status == "complete" and .recorder.tool == "tracefs" and .recorder.lost_events == 0' \
	"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c '{status,recorder}' "$d/manifest.json")"
[[ -s $d/trace.dat && -s $d/perf.data ]] || fail "trace.dat or perf.data missing"
echo "check: perf recorded sched_wakeup and sched_waking (the peer, perf 6.1, starts waits at wakeup: compared with --wait-from wakeup)"
perf evlist -i "$d/perf.data" >"$tmp/evlist" 2>/dev/null
if ! grep -qx sched:sched_wakeup "$tmp/evlist" || ! grep -qx sched:sched_waking "$tmp/evlist"; then
	fail "perf.data events: $(tr '\n' ' ' <"$tmp/evlist")"
fi

run_vs_perf "$d" "$tmp" || exit 1
run_vs_schedstat "$d" "$tmp" || exit 1
finish
