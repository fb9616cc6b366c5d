#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build the fuzz targets' seed corpora: seeds.sh OUT WRITER. OUT/<target>/
# gets the hand-written seeds of fuzz/seeds/<target>/ and the tracked files
# the target parses (scenarios, kernel descriptors, gate rules, results
# fixtures, the test writer's trace.dat and perf.data), so the seeds follow
# those files instead of copies that drift. WRITER is the test writer
# (build/tests/test_analyzer_tracedat). OUT is replaced as a whole.
set -euo pipefail

[[ $# == 2 ]] || {
	echo "usage: $0 OUT WRITER" >&2
	exit 2
}
out=$1
writer=$2
new=$out.tmp
rm -rf "$new"
mkdir -p "$new"

# copy TARGET FILE...: each FILE a seed of TARGET, named after its path.
copy() {
	local t=$1 f
	shift
	mkdir -p "$new/$t"
	for f in "$@"; do
		cp "$f" "$new/$t/${f//\//_}"
	done
}

# joined TARGET NAME PART...: one seed NAME, the PARTs (files; "-" is an
# empty table) separated as fuzz_io.h's FZ_SEP splits them.
joined() {
	local t=$1 name=$2 sep='' part
	shift 2
	mkdir -p "$new/$t"
	for part in "$@"; do
		printf '%b' "$sep"
		if [[ $part == - ]]; then printf '{"groups":[]}\n'; else cat "$part"; fi
		sep='\n%%\n'
	done >"$new/$t/$name"
}

for d in fuzz/seeds/*/; do
	t=$(basename "$d")
	mkdir -p "$new/$t"
	cp "$d"* "$new/$t/"
done
copy fuzz_scenario configs/*.json tests/fixtures/scenarios/*.json
copy fuzz_kernel_desc kernels/*/kernel.json
copy fuzz_rules ci/gate.json
tiny=tests/fixtures/ci/tiny
run=$tiny/debian/PREEMPT_SHORT/1
joined fuzz_results tiny "$run/table.json" "$run/workloads/massive_intr.json" \
	"$run/workloads/hackbench.json" "$run/manifest.json" "$tiny/scenario.json"
run=tests/fixtures/ci/vm-smoke/debian/PREEMPT_SHORT/1
joined fuzz_results vm_cyclic "$run/table.json" "$run/workloads/cyclic.json"
joined fuzz_results vm_cyclic_alone - "$run/workloads/cyclic.json"
joined fuzz_results vm_mixload_alone - "$run/workloads/mixload.json"
mkdir -p "$new/fuzz_tracedat" "$new/fuzz_perfdata"
"$writer" --write "$new/fuzz_tracedat/writer.dat" >/dev/null
"$writer" --write-perf "$new/fuzz_perfdata/writer.data" >/dev/null

rm -rf "$out"
mv "$new" "$out"
