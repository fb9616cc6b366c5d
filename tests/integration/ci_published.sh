#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The seed's table beside a short seed-like bench: synthetic runs of
# NO_PREEMPT_SHORT and PREEMPT_SHORT whose groups are the seed scenario's
# workloads (cyclictest by comm, chromium-browse by schedstat.json's
# workload of its mix-* tasks) and whose scenario.json names
# configs/published/seed.json: `slicebench report` prints each row the
# changelog comments on with the seed's change beside the measured one and
# its interval, says where the direction is opposite, and report.html
# shows the same; a published table that is not there exits 2 naming it.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
require jq gnuplot
synth=tests/fixtures/ci/synth.sh
sb=$bin_dir/slicebench

# seed_like DIR: the synthetic runs in DIR made seed-like (see above).
seed_like() {
	local t d
	for t in "$1"/debian/*/*/table.json; do
		d=$(dirname "$t")
		jq '.groups |= map(
			if .comm == "cyclic" then
				.comm = "cyclictest" | .task = "cyclictest:(5)" |
				.pids = [101, 102, 103, 104, 105]
			elif .comm == "massive_intr" then .pids = [201, 202, 203, 204, 205]
			elif .comm == "mix-comp" then .pids = [301]
			else . end)' "$t" >"$t.new"
		mv "$t.new" "$t"
		jq -n 'def task(p; c; w): {pid: p, tid: p, comm: c, workload: w,
			run_ns: 1, run_delay_ns: 1, timeslices: 1,
			sampled_at_mono_ns: 1, at_window_start: null};
			{schema: 1, sampled_at_mono_ns: 1, tasks:
			 ([range(101; 106) | task(.; "cyclictest"; "cyclictest")] +
			  [range(201; 206) | task(.; "massive_intr"; "massive_intr")] +
			  [task(301; "mix-comp"; "chromium-browse")])}' >"$d/schedstat.json"
	done
	jq --arg p "$2" '. + {published: $p}' "$1/scenario.json" >"$1/s.json"
	mv "$1/s.json" "$1/scenario.json"
}

r=$tmp/seed
# PREEMPT_SHORT's delays 3x NO_PREEMPT_SHORT's: the seed says lower
bash "$synth" "$r" debian NO_PREEMPT_SHORT 4 1
bash "$synth" "$r" debian PREEMPT_SHORT 4 2 delay=3
seed_like "$r" configs/published/seed.json

echo "check: the end prints the seed's table beside the measured one"
expect_rc 0 "$sb" report "$r"
out=$tmp/out
check "the block is headed" grep -q "^Beside the published table, kernel debian (configs/published/seed.json):" "$out"
check "its source named" grep -q 'source: The changelog of "sched/eevdf: Allow shorter slices to wakeup-preempt"' "$out"
for row in "cyclictest      avg_delay_ms    -19.9%  0.465 -> 0.372" \
	"cyclictest      sum_delay_ms    -16.4%" "cyclictest      max_delay_ms     +7.4%" \
	"massive_intr    switches         +7.5%" "massive_intr    sum_delay_ms     +2.0%" \
	"massive_intr    avg_delay_ms     -5.2%" "chromium-browse avg_delay_ms     -4.3%"; do
	check "row: $row" grep -qF "$row" "$out"
done
check "the measured change and its interval beside the seed's" \
	grep -qE '^cyclictest +avg_delay_ms +-19\.9% +0\.465 -> 0\.372 +\+[0-9.]+% +\[\+[0-9]+%, \+[0-9]+%\]' "$out"
check "chromium-browse measured from its tasks' workload" \
	grep -qE '^chromium-browse +avg_delay_ms +-4\.3% +0\.475 -> 0\.454 +\+[0-9.]+% +\[' "$out"
check "the opposite direction said" \
	grep -q "^cyclictest avg_delay_ms: opposite direction to the seed (+" "$out"
check "the max delay's spread over runs" \
	grep -q "^cyclictest max_delay_ms: the seed: its max delay is more consistent over runs; its runs" "$out"
check "report.html shows it" grep -q "<h2>Beside the published table</h2>" "$r/report.html"
check "report.html has the rows" grep -q "opposite direction to the seed" "$r/report.html"

echo "check: a scenario naming no published table prints no such block"
jq 'del(.published)' "$r/scenario.json" >"$tmp/s.json"
cp "$tmp/s.json" "$r/scenario.json"
expect_rc 0 "$sb" report "$r"
check "no block" bash -c "! grep -q 'Beside the published table' '$out'"

echo "check: a published table that is not there: exit 2 naming it"
jq '. + {published: "configs/published/none.json"}' "$tmp/s.json" >"$r/scenario.json"
expect_rc 2 "$sb" report "$r"
check "the file named" grep -q "configs/published/none.json" "$tmp/err"
finish
