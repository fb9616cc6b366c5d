#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Wall time of one matrix (configs/smoke.json, --kernel host, 2 repeats: 4
# units) run in process, as 4 unit processes under GNU parallel (-S :, one
# job), and with --jobs 2 (two units at once, pinned apart): the executors'
# overhead and the --jobs speed-up, as ratios against the in-process run.
set -euo pipefail
sb=build/bin/slicebench
command -v parallel >/dev/null || {
	echo "SKIP: GNU parallel missing"
	exit 77
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run=("$sb" run --kernel host --scenario configs/smoke.json --repeats 2)

# wall_s NAME ARGS...: seconds of one whole run, complete or a failure.
wall_s() {
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	"${run[@]}" --results "$tmp/$name" "$@" >"$tmp/$name.log" 2>&1 ||
		{ tail "$tmp/$name.log" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}
seq_s=$(wall_s seq)
par_s=$(wall_s par --executor parallel --sshlogin :)
jobs_s=$(wall_s jobs --jobs 2)
printf 'figure: in process, 4 units: %.1f s\n' "$seq_s"
printf 'figure: GNU parallel -S : -j 1, 4 units: %.1f s\n' "$par_s"
printf 'figure: --jobs 2, 4 units: %.1f s\n' "$jobs_s"
printf 'ratio: parallel executor / in process (overhead, >1 slower): %.2f\n' \
	"$(echo "$par_s / $seq_s" | bc -l)"
printf 'ratio: --jobs 2 / in process (speed-up, <1 faster): %.2f\n' \
	"$(echo "$jobs_s / $seq_s" | bc -l)"
