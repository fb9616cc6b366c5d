#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `slicebench table` vs `perf sched latency` on the same recorded load, at two
# trace sizes: events/s (hyperfine) and peak RSS (/usr/bin/time) of each.
# The load is recorded once with `perf sched record -k CLOCK_MONOTONIC`; its
# scheduler events are also written as a trace.dat (the guest's format) by
# the test writer, so the analyzer is timed on both inputs: trace.dat
# (libtracecmd) and perf.data (through `perf script`).
# LOOPS="small large" sets the hackbench loops (default "2000 18000").
set -euo pipefail
sb=build/bin/slicebench
conv=build/tests/test_analyzer_tracedat
read -r -a loops <<<"${LOOPS:-2000 18000}"
tmp=$(mktemp -d /var/tmp/analyzer_perf.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

for tool in perf hyperfine /usr/bin/time hackbench; do
	command -v "$tool" >/dev/null || { echo "SKIP: $tool missing"; exit 0; }
done
[[ -x $conv ]] || make -s "$conv"

mean_s() { jq -r '.results[0].mean' "$1"; }
rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n1; }

for size in "${loops[@]}"; do
	d=$tmp/$size
	mkdir -p "$d"
	perf sched record -k CLOCK_MONOTONIC -m 8192 -o "$d/perf.data" -- \
		hackbench -g 4 -l "$size" >/dev/null 2>"$d/record.log"
	perf script -i "$d/perf.data" --ns -F tid,cpu,time,event,trace \
		2>/dev/null >"$d/script.txt"
	samples=$(grep -c ' sched:' "$d/script.txt")
	"$conv" --convert "$d/script.txt" "$d/trace.dat"
	rm "$d/script.txt"
	events=$(jq -r .events <("$sb" table "$d/trace.dat" --json -))
	echo "figure: analyzer_bench loops=$size perf_samples=$samples" \
		"sched_events=$events perf_data_mb=$(($(stat -c %s "$d/perf.data") >> 20))" \
		"trace_dat_mb=$(($(stat -c %s "$d/trace.dat") >> 20))"

	hyperfine -N --warmup 1 --runs 5 --export-json "$d/perf.json" \
		"perf sched latency -i $d/perf.data" >/dev/null 2>&1
	hyperfine -N --warmup 1 --runs 5 --export-json "$d/dat.json" \
		"$sb table $d/trace.dat" >/dev/null 2>&1
	hyperfine -N --runs 2 --export-json "$d/pdata.json" \
		"$sb table $d/perf.data" >/dev/null 2>&1
	t_perf=$(mean_s "$d/perf.json")
	t_dat=$(mean_s "$d/dat.json")
	t_pdata=$(mean_s "$d/pdata.json")
	r_perf=$(rss_kb perf sched latency -i "$d/perf.data")
	r_dat=$(rss_kb "$sb" table "$d/trace.dat")
	r_pdata=$(rss_kb "$sb" table "$d/perf.data")
	awk -v n="$size" -v s="$samples" -v e="$events" -v tp="$t_perf" \
		-v td="$t_dat" -v tq="$t_pdata" -v rp="$r_perf" -v rd="$r_dat" \
		-v rq="$r_pdata" 'BEGIN {
		printf "figure: perf_sched_latency loops=%s events_per_s=%.0f mean_s=%.3f peak_rss_kb=%d\n", n, s / tp, tp, rp
		printf "figure: slicebench_table_tracedat loops=%s events_per_s=%.0f mean_s=%.3f peak_rss_kb=%d\n", n, e / td, td, rd
		printf "figure: slicebench_table_perfdata loops=%s events_per_s=%.0f mean_s=%.3f peak_rss_kb=%d (includes perf script)\n", n, s / tq, tq, rq
		printf "ratio: analyzer_tracedat_vs_perf_sched_latency_events_per_s loops=%s %.2f\n", n, (e / td) / (s / tp)
		printf "ratio: analyzer_tracedat_speedup_over_perf_sched_latency loops=%s %.2f (same load, wall time)\n", n, tp / td
		printf "ratio: analyzer_perfdata_vs_perf_sched_latency_events_per_s loops=%s %.2f\n", n, (s / tq) / (s / tp)
		printf "ratio: analyzer_tracedat_vs_perf_sched_latency_peak_rss loops=%s %.3f\n", n, rd / rp }'
	echo "$size $r_dat $r_perf" >>"$tmp/rss"
	rm -f "$d/perf.data" "$d/trace.dat"
done
awk 'NR == 1 { d0 = $2; p0 = $3 } END {
	printf "ratio: analyzer_peak_rss_large_over_small %.3f (perf sched latency: %.3f)\n", $2 / d0, $3 / p0 }' "$tmp/rss"
