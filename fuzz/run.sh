#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run fuzz targets on their seed corpora: run.sh [--cpu] SECONDS TARGET...
# Each target runs SECONDS of wall time (with --cpu: until its process has
# used SECONDS of CPU time, for a loaded machine) on its seed corpus
# build/fuzz/seeds/<target>/ (fuzz/seeds.sh builds it; read-only here: new
# inputs go to build/fuzz/corpus/<target>/, outside git). The summary
# gives, per target, executions, execs/s, coverage (libFuzzer's cov: and
# ft:), CPU and wall seconds and crashes (artifacts in
# build/fuzz/artifacts/<target>/, log in build/fuzz/<target>.log).
# Exit 1 when any target crashed, 2 on bad usage.
set -euo pipefail

usage() {
	echo "usage: $0 [--cpu] SECONDS TARGET..." >&2
	echo "  targets are build/fuzz/<TARGET> binaries (make fuzz builds them)" >&2
	exit 2
}
cpu_mode=0
if [[ ${1:-} == --cpu ]]; then
	cpu_mode=1
	shift
fi
[[ $# -ge 2 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
secs=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/fuzz
tck=$(getconf CLK_TCK)
status=0
summary=()

# The number after KEY in libFuzzer's last status line of LOG ("" if none).
last_field() {
	grep -E '^#[0-9]+' "$2" | tail -n 1 | sed -nE "s/.* $1 ([0-9]+).*/\\1/p" || true
}

# CPU seconds (user + system) used so far by process PID, or "" once gone.
cpu_of() {
	local stat
	stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
	stat=${stat##*) }
	read -r -a f <<<"$stat"
	echo $(( (f[11] + f[12]) / tck ))
}

for t in "$@"; do
	bin=$out/$t
	[[ -x $bin ]] || { echo "fuzz: $bin: not built" >&2; exit 2; }
	seeds=$out/seeds/$t
	[[ -d $seeds ]] || { echo "fuzz: $seeds: no seed corpus (make fuzz builds it)" >&2; exit 2; }
	work=$out/corpus/$t arts=$out/artifacts/$t log=$out/$t.log
	mkdir -p "$work" "$arts"
	limit=$secs
	[[ $cpu_mode == 0 ]] || limit=$((secs * 100)) # stopped by CPU below
	args=(-max_total_time="$limit" -print_final_stats=1 -timeout=10
	      -rss_limit_mb=2048 -artifact_prefix="$arts/")
	[[ -f $root/fuzz/dict/$t.dict ]] && args+=(-dict="$root/fuzz/dict/$t.dict")
	before=$(find "$arts" -type f | wc -l)
	export LSAN_OPTIONS=suppressions=$root/fuzz/lsan.supp
	# Per-target sanitizer options: fuzz/asan/<target>.options (one line).
	asan=
	[[ ! -f $root/fuzz/asan/$t.options ]] || asan=$(<"$root/fuzz/asan/$t.options")
	echo "fuzz: $t for ${secs}s$([[ $cpu_mode == 0 ]] || echo ' of CPU') (log: $log)"
	start=$(date +%s)
	ASAN_OPTIONS=$asan "$bin" "${args[@]}" "$work" "$seeds" >"$log" 2>&1 &
	pid=$!
	cpu=0
	while now=$(cpu_of "$pid") && [[ -n $now ]]; do
		cpu=$now
		if [[ $cpu_mode == 1 && $cpu -ge $secs ]]; then
			kill -INT "$pid" # libFuzzer prints its final stats
			break
		fi
		sleep 1
	done
	wait "$pid" || true
	wall=$(($(date +%s) - start))
	execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
	rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log")
	cov=$(last_field cov: "$log")
	ft=$(last_field ft: "$log")
	crashes=$(( $(find "$arts" -type f | wc -l) - before ))
	if [[ $crashes -gt 0 ]] || grep -qE '^==[0-9]+==ERROR|^SUMMARY: ' "$log"; then
		status=1
		[[ $crashes -gt 0 ]] || crashes=1
		grep -E '^SUMMARY: |^==[0-9]+==ERROR|invariant broken' "$log" | head -n 3 >&2 || true
	fi
	summary+=("$(printf '%-18s execs %-10s execs/s %-7s cov %-5s ft %-6s cpu_s %-5s wall_s %-5s crashes %s' \
		"$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$cpu" "$wall" "$crashes")")
done

echo "fuzz summary ($([[ $cpu_mode == 0 ]] && echo "${secs}s wall" || echo "${secs}s CPU") each):"
printf '  %s\n' "${summary[@]}"
exit "$status"
