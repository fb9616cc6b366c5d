#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# mixload on the host: a 3 s run gives a valid, sane document with every role
# and its slice read back; --seed fixes the input schedule; bad options exit 2;
# SIGINT still reports ("interrupted") and leaves no renderer behind;
# overloaded (many renderers beside a busy loop on one CPU) it reports every
# frame missed and exits 0.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
bin=$bin_dir/mixload
check_jq() { # check_jq DESCRIPTION JQ-EXPR FILE
	check "$1 ($2) in $3" jq -e "$2" "$3"
}

echo "== 3 s run, --seed 7, --slice-ui 500us"
"$bin" --duration 3s --seed 7 --slice-ui 500us --quiet --json "$tmp/a.json"
a=$tmp/a.json
check_jq "envelope" '.schema == 1 and .tool == "mixload" and .status == "ok"' "$a"
# Frames and the vsyncs skipped fill the run's vsyncs: a loaded host skips
# more, it does not lose them.
check_jq "frames + vsyncs_skipped within 3*fps +-20 %" \
	'.result | .frames + .vsyncs_skipped >= 0.8 * 3 * .fps and .frames + .vsyncs_skipped <= 1.2 * 3 * .fps' "$a"
check_jq "deadline_miss_pct = misses / frames" \
	'.result | (.deadline_miss_pct - 100 * .deadline_misses / .frames) | fabs < 1e-6' "$a"
for h in frame_time_ns input_latency_ns task_queue_delay_ns; do
	check_jq "$h: samples, percentiles ordered" \
		".result.$h | .count > 0 and .min <= .p50 and .p50 <= .p90 and .p90 <= .p99 and .p99 <= .p99_9 and .p99_9 <= .max" "$a"
done
check_jq "input latency >= 0 and inputs presented" \
	'.result.inputs.presented == .result.input_latency_ns.count and .result.inputs.handled > 0' "$a"
check_jq "schedule checksum present" \
	'.result.inputs.schedule_checksum | test("^[0-9a-f]{16}$")' "$a"
check_jq "roles: ui io comp rmain raster, all with threads and CPU time" \
	'.result.roles | keys == ["comp","io","raster","rmain","ui"] and ([.[] | .threads > 0 and .cpu_ns > 0] | all)' "$a"
check_jq "thread counts: 1 ui/io/comp, renderers rmain, renderers*raster raster" \
	'.result | .roles.ui.threads == 1 and .roles.io.threads == 1 and .roles.comp.threads == 1 and .roles.rmain.threads == .renderers_n and .roles.raster.threads == .renderers_n * .raster_threads_n' "$a"
check_jq "slices read back: ui 500us requested -> 500000 effective" \
	'.result.roles.ui.slice | .requested_ns == 500000 and .effective_ns == 500000' "$a"
check_jq "role defaults read back (comp 500us, io 700us, rmain 1ms, raster 3ms)" \
	'.result.roles | .comp.slice.effective_ns == 500000 and .io.slice.effective_ns == 700000 and .rmain.slice.effective_ns == 1000000 and .raster.slice.effective_ns == 3000000' "$a"
check_jq "frame_series: one entry per frame, in order" \
	'.result | (.frame_series | length) == .frames and ([.frame_series[].t_s] == ([.frame_series[].t_s] | sort))' "$a"
check_jq "intervals: 3, frames add up" \
	'.result | (.intervals | length) == 3 and ([.intervals[].frames] | add) == .frames' "$a"
check_jq "CPU load is a load, not saturation (1-150 % of one CPU)" \
	'.result.cpu_load_pct > 1 and .result.cpu_load_pct < 150' "$a"

echo "== same seed, same input schedule; another seed, another one"
"$bin" --duration 3s --seed 7 --quiet --json "$tmp/b.json"
"$bin" --duration 3s --seed 8 --quiet --json "$tmp/c.json"
schedule() { jq -r '.result.inputs | "\(.scheduled) \(.schedule_checksum)"' "$1"; }
seed7=$(schedule "$a")
seed7b=$(schedule "$tmp/b.json")
seed8=$(schedule "$tmp/c.json")
[[ $seed7 == "$seed7b" ]] || fail "seed 7 twice: $seed7 vs $seed7b"
echo "ok: seed 7 twice: $seed7"
[[ $seed7 != "$seed8" ]] || fail "seeds 7 and 8 gave the same schedule $seed7"
echo "ok: seed 8: $seed8"

echo "== warm-up excluded; a clamped slice warns once and reads back clamped"
"$bin" --duration 2s --warmup 1s --renderers 1 --slice-raster 10us --quiet \
	--json "$tmp/w.json" 2>"$tmp/w.err"
w=$tmp/w.json
check_jq "warmup_ns and duration_ns" '.warmup_ns == 1000000000 and .duration_ns == 2000000000' "$w"
check_jq "2 intervals for the 2 s window, frames <= 2*fps (+1)" \
	'.result | (.intervals | length) == 2 and .frames <= 2 * .fps + 1' "$w"
check_jq "raster slice 10us -> applied/effective 100000, clamped" \
	'.result.roles.raster.slice | .requested_ns == 10000 and .applied_ns == 100000 and .effective_ns == 100000 and .clamped' "$w"
n=$(grep -c 'warning: slice of mix-raster' "$tmp/w.err" || true)
[[ $n -eq 1 ]] || fail "expected one clamp warning for mix-raster, got $n: $(cat "$tmp/w.err")"
echo "ok: one clamp warning: $(cat "$tmp/w.err")"

echo "== bad options exit 2 naming option and value"
while IFS='|' read -r args want; do
	rc=0
	# shellcheck disable=SC2086 # word splitting of the case is intended
	msg=$("$bin" $args --quiet 2>&1 >/dev/null) || rc=$?
	[[ $rc -eq 2 ]] || fail "$args: exit $rc, not 2"
	[[ $msg == *"$want"* ]] || fail "$args: message '$msg' lacks '$want'"
	echo "ok: $args -> $msg"
done <<'CASES'
--fps 0|--fps: "0"
--renderers x|--renderers: "x"
--slice-raster 5xs|--slice-raster: "5xs"
--input-rate -1|--input-rate: "-1"
--script-cap 10us|--script-cap: "10us"
--nonsense|--nonsense
CASES

echo "== SIGINT: still reports, status interrupted, no renderer left"
"$bin" --duration 20s --quiet --json "$tmp/i.json" &
pid=$!
sleep 1.5
mapfile -t kids < <(pgrep -P "$pid")
[[ ${#kids[@]} -eq 2 ]] || fail "expected 2 renderer processes, saw ${#kids[@]}"
kill -INT "$pid"
rc_of wait "$pid"
[[ $rc -eq 0 ]] || fail "interrupted run exited $rc"
check_jq "interrupted document" \
	'.status == "interrupted" and .result.frames > 0 and .duration_ns < 20000000000' "$tmp/i.json"
for k in "${kids[@]}"; do
	if [[ -e /proc/$k ]] && ! grep -q '^State:.*Z' "/proc/$k/status"; then
		fail "renderer $k still alive"
	fi
done
echo "ok: renderers ${kids[*]} gone"

echo "== overloaded: 24 renderers and a busy loop on one CPU: exit 0, every frame missed"
# 24 renderers of 4 raster threads with 20 ms of CPU each ask ~2 s of CPU
# per frame of a 16.7 ms deadline on one CPU: no frame can be on time
# however fast the host is, so the misses are what the program computes.
cpu=$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')
taskset -c "$cpu" sh -c 'while :; do :; done' &
hog=$!
stop_hog() { kill "$hog" 2>/dev/null; }
at_exit stop_hog
rc_of "$bin" --renderers 24 --raster-threads 4 --raster-work 20ms --frame-work 20ms \
	--script-rate 200 --cpus "$cpu" --duration 1s --warmup 0 --quiet --json "$tmp/o.json"
stop_hog
[[ $rc -eq 0 ]] || fail "overloaded run exited $rc"
check_jq "ok" '.status == "ok"' "$tmp/o.json"
check_jq "every frame missed, at least one" \
	'.result | .frames >= 1 and .deadline_misses == .frames and .deadline_miss_pct == 100' "$tmp/o.json"
check_jq "stalled frames and unanswered renderers counted" \
	'.result | (.stalled_frames | type) == "number" and (.renderers_unanswered | type) == "number" and .stalled_frames <= .deadline_misses' "$tmp/o.json"
check_jq "latencies reported" \
	'.result | (.frame_time_ns.count == .frames) and (.frame_time_ns.max > .frame_interval_ns)' "$tmp/o.json"

echo "== a renderer killed mid-run: exit 4, status error, nothing left"
"$bin" --duration 20s --quiet --json "$tmp/k.json" 2>"$tmp/k.err" &
pid=$!
sleep 1.5
mapfile -t kids < <(pgrep -P "$pid")
kill -KILL "${kids[0]}"
rc_of wait "$pid"
[[ $rc -eq 4 ]] || fail "renderer killed: exit $rc, not 4"
check_jq "error document" '.status == "error"' "$tmp/k.json"
grep -q 'renderer 0' "$tmp/k.err" || fail "no renderer error message: $(cat "$tmp/k.err")"
for k in "${kids[@]}"; do
	if [[ -e /proc/$k ]] && ! grep -q '^State:.*Z' "/proc/$k/status"; then
		fail "renderer $k still alive"
	fi
done
echo "ok: $(cat "$tmp/k.err")"
finish
