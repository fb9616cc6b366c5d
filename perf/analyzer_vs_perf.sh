#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `slicebench table` vs `perf sched latency` on the same recorded load, at two
# trace sizes: wall and CPU time (hyperfine) and peak RSS (/usr/bin/time) of
# each, as ratios. The load is recorded once with `perf sched record -k
# CLOCK_MONOTONIC`, and both read that perf.data (the analyzer natively);
# its scheduler events are also written as a trace.dat (the guest's
# format) by the test writer, so the analyzer is timed on that too.
# LOOPS="small large" sets the hackbench loops (default "4000 44000": about
# 0.55 and 6 million perf samples here, about 8 minutes in all; the sizes
# the targets are judged at are at least 0.5 and 5 million). Wall and CPU
# (user+sys) time are both given: on a loaded host wall times are noisy, so
# the wall figure is the median of the runs (CPU: their mean). The targets
# (said met or missed, they do not fail the script): slicebench table at
# least 10x faster (wall) than perf sched latency on the same perf.data at
# each size, and its peak RSS growing less than perf's from small to large.
set -euo pipefail
sb=build/bin/slicebench
conv=build/tests/test_analyzer_tracedat
read -r -a loops <<<"${LOOPS:-4000 44000}"
min_samples=(500000 5000000) # what each size must reach to be judged
tmp=$(mktemp -d /var/tmp/analyzer_perf.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

for tool in perf hyperfine /usr/bin/time hackbench; do
	command -v "$tool" >/dev/null || { echo "SKIP: $tool missing"; exit 77; }
done
[[ -x $conv ]] || make -s "$conv"

median_s() { jq -r '.results[0].median' "$1"; }
cpu_s() { jq -r '.results[0] | .user + .system' "$1"; }
rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n1; }

for i in "${!loops[@]}"; do
	size=${loops[$i]}
	d=$tmp/$size
	mkdir -p "$d"
	perf sched record -k CLOCK_MONOTONIC -m 8192 -o "$d/perf.data" -- \
		hackbench -g 4 -l "$size" >/dev/null 2>"$d/record.log"
	perf script -i "$d/perf.data" --ns -F tid,cpu,time,event,trace \
		2>/dev/null >"$d/script.txt"
	samples=$(grep -c ' sched:' "$d/script.txt")
	"$conv" --convert "$d/script.txt" "$d/trace.dat"
	rm "$d/script.txt"
	"$sb" table "$d/trace.dat" --json "$d/table.json" >/dev/null
	events=$(jq -r .events "$d/table.json")
	tasks=$(jq -r '.tasks | length' "$d/table.json")
	want=${min_samples[$((i < 1 ? 0 : 1))]}
	echo "target: recording size >= $want perf samples loops=$size:" \
		"$( ((samples >= want)) && echo met || echo missed) ($samples)"
	echo "figure: analyzer_bench loops=$size perf_samples=$samples" \
		"sched_events=$events tasks=$tasks" \
		"perf_data_mb=$(($(stat -c %s "$d/perf.data") >> 20))" \
		"trace_dat_mb=$(($(stat -c %s "$d/trace.dat") >> 20))"

	hyperfine -N --warmup 1 --runs 7 --export-json "$d/perf.json" \
		"perf sched latency -i $d/perf.data" >/dev/null 2>&1
	hyperfine -N --warmup 1 --runs 7 --export-json "$d/dat.json" \
		"$sb table $d/trace.dat" >/dev/null 2>&1
	hyperfine -N --warmup 1 --runs 7 --export-json "$d/full.json" \
		"$sb table $d/trace.dat --percentiles --json $d/full_table.json" \
		>/dev/null 2>&1
	hyperfine -N --warmup 1 --runs 7 --export-json "$d/pdata.json" \
		"$sb table $d/perf.data" >/dev/null 2>&1
	r_perf=$(rss_kb perf sched latency -i "$d/perf.data")
	r_dat=$(rss_kb "$sb" table "$d/trace.dat")
	r_pdata=$(rss_kb "$sb" table "$d/perf.data")
	awk -v n="$size" -v s="$samples" -v e="$events" \
		-v tp="$(median_s "$d/perf.json")" -v cp="$(cpu_s "$d/perf.json")" \
		-v td="$(median_s "$d/dat.json")" -v cd="$(cpu_s "$d/dat.json")" \
		-v tf="$(median_s "$d/full.json")" -v cf="$(cpu_s "$d/full.json")" \
		-v tq="$(median_s "$d/pdata.json")" -v cq="$(cpu_s "$d/pdata.json")" \
		-v rp="$r_perf" -v rd="$r_dat" -v rq="$r_pdata" 'BEGIN {
		f = "figure: %s loops=%s events_per_s=%.0f wall_s=%.3f cpu_s=%.3f peak_rss_kb=%d%s\n"
		printf f, "perf_sched_latency", n, s / tp, tp, cp, rp, ""
		printf f, "slicebench_table_tracedat", n, e / td, td, cd, rd, ""
		printf f, "slicebench_table_tracedat_full", n, e / tf, tf, cf, rd,
			" (--percentiles --json, as the harness runs it)"
		printf f, "slicebench_table_perfdata", n, s / tq, tq, cq, rq, ""
		r = "ratio: %s loops=%s %.2f%s\n"
		printf r, "analyzer_tracedat_speedup_over_perf_sched_latency_wall", n, tp / td, " (same load)"
		printf r, "analyzer_tracedat_speedup_over_perf_sched_latency_cpu", n, cp / cd, " (same load)"
		printf r, "analyzer_tracedat_full_speedup_over_perf_sched_latency_wall", n, tp / tf, " (percentiles and JSON too)"
		printf r, "analyzer_tracedat_vs_perf_sched_latency_events_per_s", n, (e / td) / (s / tp), ""
		printf r, "analyzer_perfdata_speedup_over_perf_sched_latency_wall", n, tp / tq, " (same perf.data)"
		printf r, "analyzer_perfdata_speedup_over_perf_sched_latency_cpu", n, cp / cq, " (same perf.data)"
		printf r, "analyzer_perfdata_vs_perf_sched_latency_peak_rss", n, rq / rp, " (same perf.data)"
		printf r, "analyzer_tracedat_vs_perf_sched_latency_peak_rss", n, rd / rp, ""
		printf "target: analyzer_perfdata_speedup_wall >= 10 loops=%s: %s (%.2f)\n", n,
			(tp / tq >= 10 ? "met" : "missed"), tp / tq }'
	echo "$size $r_dat $r_perf $r_pdata" >>"$tmp/rss"
	rm -f "$d/perf.data" "$d/trace.dat"
done
awk 'NR == 1 { d0 = $2; p0 = $3; q0 = $4 } END {
	printf "ratio: analyzer_peak_rss_large_over_small %.3f on trace.dat, %.3f on perf.data (perf sched latency: %.3f)\n", $2 / d0, $4 / q0, $3 / p0
	printf "target: analyzer_perfdata_rss_growth below that of perf sched latency: %s\n", ($4 / q0 < $3 / p0 ? "met" : "missed") }' "$tmp/rss"
