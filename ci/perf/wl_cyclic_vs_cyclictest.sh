#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# cyclic vs rt-tests cyclictest on the host, side by side under a massive_intr
# load: same interval, same slice, SCHED_OTHER, run at the same time; prints
# their p50/p99/max and CPU time per wakeup as ratio lines (cyclic/cyclictest).
set -euo pipefail
secs=${WL_PERF_SECONDS:-10}
interval_us=1000
slice=500us
bin=build/bin
tmp=$(mktemp -d)
trap 'kill "$load" 2>/dev/null; rm -rf "$tmp"' EXIT
for p in cyclictest perf jq; do
	command -v "$p" >/dev/null || {
		echo "wl_cyclic_vs_cyclictest: $p not found" >&2
		exit 3
	}
done

# Background load: 3 busy/sleep processes per 2 CPUs, 100ms slices.
nload=$(($(nproc) * 3 / 2))
"$bin/massive_intr" -p "$nload" -d "$((secs + 5))s" -s 100ms -q &
load=$!
sleep 1

cpu_ms() { awk -F, '$3 == "task-clock" { print $1 }' "$1"; }

perf stat -x, -e task-clock -o "$tmp/cyclic.stat" -- \
	"$bin/cyclic" -t 1 -i "${interval_us}us" -d "${secs}s" -s "$slice" \
	-q --json "$tmp/cyclic.json" &
a=$!
perf stat -x, -e task-clock -o "$tmp/cyclictest.stat" -- \
	"$bin/slicectl" -s "$slice" -- cyclictest -q -D "$secs" \
	-i "$interval_us" -t 1 --policy=other -h 100000 --default-system \
	--json="$tmp/cyclictest.json" >/dev/null 2>"$tmp/cyclictest.err" &
b=$!
wait "$a" "$b"

# cyclic: ns summaries; cyclictest: a 1 us histogram (nearest-rank here).
read -r c50 c99 cmax cn < <(jq -r '.result.overall | [.latency_ns.p50,
	.latency_ns.p99, .latency_ns.max, .wakeups] | map(. / 1000) |
	.[3] *= 1000 | @tsv' "$tmp/cyclic.json")
read -r t50 t99 tmax tn < <(jq -r '.thread["0"] as $t |
	($t.histogram | to_entries | map([(.key | tonumber), .value]) |
	 sort_by(.[0])) as $h | ($h | map(.[1]) | add) as $n |
	def pct($q): ($q / 100 * $n | ceil) as $r |
	  first(foreach $h[] as $b (0; . + $b[1]; if . >= $r then $b[0]
	  else empty end)) // $t.max;
	[pct(50), pct(99), $t.max, $t.cycles] | @tsv' "$tmp/cyclictest.json")
ccpu=$(cpu_ms "$tmp/cyclic.stat")
tcpu=$(cpu_ms "$tmp/cyclictest.stat")

ratio() { jq -rn --arg n "$1" --argjson a "$2" --argjson b "$3" --arg u "$4" \
	'"ratio: cyclic/cyclictest \($n) \(if $b > 0 then $a / $b * 1000 |
	 round / 1000 else "n/a" end) (\($a) \($u) vs \($b) \($u))"'; }
echo "figure: host $(uname -r), $(nproc) CPUs, ${secs}s, interval ${interval_us}us," \
	"slice $slice, load massive_intr x$nload"
echo "figure: cyclic wakeups=$cn p50_us=$c50 p99_us=$c99 max_us=$cmax cpu_ms=$ccpu"
echo "figure: cyclictest wakeups=$tn p50_us=$t50 p99_us=$t99 max_us=$tmax cpu_ms=$tcpu"
ratio p50 "$c50" "$t50" us
ratio p99 "$c99" "$t99" us
ratio max "$cmax" "$tmax" us
ratio cpu_per_wakeup "$(jq -n "$ccpu * 1e6 / $cn | round")" \
	"$(jq -n "$tcpu * 1e6 / $tn | round")" ns
