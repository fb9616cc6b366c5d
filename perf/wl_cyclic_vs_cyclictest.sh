#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# cyclic vs rt-tests cyclictest on the host, side by side under a massive_intr
# load: same interval, same slice, SCHED_OTHER, run at the same time, for a
# few rounds; prints each round's p50/p99/max and CPU time per wakeup, then
# the median ratio (cyclic/cyclictest) of each as ratio lines.
set -euo pipefail
secs=${WL_PERF_SECONDS:-5}
rounds=${WL_PERF_ROUNDS:-3}
interval_us=1000
slice=500us
bin=build/bin
tmp=$(mktemp -d)
load=
trap '[[ -n $load ]] && kill "$load" 2>/dev/null; rm -rf "$tmp"' EXIT
for p in cyclictest perf jq; do
	command -v "$p" >/dev/null || {
		echo "wl_cyclic_vs_cyclictest: $p not found" >&2
		exit 4
	}
done

# Background load: 3 busy/sleep processes per 2 CPUs, 100ms slices.
nload=$(($(nproc) * 3 / 2))
"$bin/massive_intr" -p "$nload" -d "$((rounds * (secs + 2) + 5))s" -s 100ms -q &
load=$!
sleep 1
echo "figure: host $(uname -r), $(nproc) CPUs, $rounds x ${secs}s," \
	"interval ${interval_us}us, slice $slice, load massive_intr x$nload"

cpu_ms() { awk -F, '$3 == "task-clock" { print $1 }' "$1"; }

# One round: both tools at once; appends "p50 p99 max cpu_ns" per tool.
round() {
	perf stat -x, -e task-clock -o "$tmp/cyclic.stat" -- \
		"$bin/cyclic" -t 1 -i "${interval_us}us" -d "${secs}s" \
		-s "$slice" -q --json "$tmp/cyclic.json" &
	local a=$!
	perf stat -x, -e task-clock -o "$tmp/cyclictest.stat" -- \
		"$bin/slicectl" -s "$slice" -- cyclictest -q -D "$secs" \
		-i "$interval_us" -t 1 --policy=other -h 100000 \
		--default-system --json="$tmp/cyclictest.json" \
		>/dev/null 2>"$tmp/cyclictest.err" &
	local b=$!
	wait "$a" "$b"
	# cyclic: ns summaries; cyclictest: a 1 us histogram (nearest rank).
	jq -r --argjson cpu "$(cpu_ms "$tmp/cyclic.stat")" '.result.overall |
	  [.latency_ns.p50 / 1000, .latency_ns.p99 / 1000,
	   .latency_ns.max / 1000, ($cpu * 1e6 / .wakeups | round),
	   .wakeups] | @tsv' "$tmp/cyclic.json" >>"$tmp/cyclic.tsv"
	jq -r --argjson cpu "$(cpu_ms "$tmp/cyclictest.stat")" '
	  .thread["0"] as $t |
	  ($t.histogram | to_entries | map([(.key | tonumber), .value]) |
	   sort_by(.[0])) as $h | ($h | map(.[1]) | add) as $n |
	  def pct($q): ($q / 100 * $n | ceil) as $r |
	    first(foreach $h[] as $b (0; . + $b[1];
	      if . >= $r then $b[0] else empty end)) // $t.max;
	  [pct(50), pct(99), $t.max, ($cpu * 1e6 / $t.cycles | round),
	   $t.cycles] | @tsv' "$tmp/cyclictest.json" >>"$tmp/cyclictest.tsv"
}

for r in $(seq "$rounds"); do
	round
	for tool in cyclic cyclictest; do
		read -r p50 p99 max cpu n < <(tail -n1 "$tmp/$tool.tsv")
		echo "figure: round $r $tool wakeups=$n p50_us=$p50" \
			"p99_us=$p99 max_us=$max cpu_per_wakeup_ns=$cpu"
	done
done

# Median over the rounds of cyclic/cyclictest, column by column.
col=1
for name in p50 p99 max cpu_per_wakeup; do
	paste "$tmp/cyclic.tsv" "$tmp/cyclictest.tsv" |
		awk -v c="$col" -v w=5 '{ print $c, $(c + w) }' |
		jq -Rrs --arg n "$name" '
		  split("\n") | map(select(length > 0) | split(" ") |
		    map(tonumber)) | map(select(.[1] > 0)) |
		  sort_by(.[0] / .[1]) | length as $k | .[$k / 2 | floor] |
		  "ratio: cyclic/cyclictest \($n) \(.[0] / .[1] * 1000 | round /
		  1000) (median of \($k) rounds: \(.[0]) vs \(.[1]))"'
	col=$((col + 1))
done
