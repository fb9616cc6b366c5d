#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Does a fresh `make bench KERNEL=debian` decide? configs/default.json in
# virtual time is a function of its seeds, so BENCHES (10) benches of other
# seeds are one run of BENCHES x 5 repeats a side (seeds 1..5*BENCHES)
# split by seed into benches of 5: each bench's NO_PREEMPT_SHORT against
# its PREEMPT_SHORT through `slicebench gate`, as its end does. Target
# (issue 40): every applicable rule decided (pass, regression or
# improvement; exit 0 or 1, not 3) in at least 9 of 10. BENCH_RUNS=DIR
# reuses a results run of that scenario with enough repeats.
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
benches=${BENCHES:-10}
reps=5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run=${BENCH_RUNS:-}
if [[ -z $run ]]; then
	start=$(date +%s)
	"$sb" run --kernel debian --scenario configs/default.json \
		--repeats $((benches * reps)) --results "$tmp/res" --new >"$tmp/run.log" 2>&1 ||
		{ tail -20 "$tmp/run.log"; exit 4; }
	run=$(readlink -f "$tmp/res/latest")
	echo "figure: $((2 * benches * reps)) runs of configs/default.json took $(($(date +%s) - start)) s"
fi
echo "command: $sb run --kernel debian --scenario configs/default.json --repeats $((benches * reps)), split by seed into $benches benches of $reps"
decided=0
for ((b = 0; b < benches; b++)); do
	d=$tmp/bench$b
	mkdir -p "$d"
	cp "$run/scenario.json" "$d/"
	for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
		mkdir -p "$d/debian/$set"
		for ((i = b * reps + 1; i <= b * reps + reps; i++)); do
			src=$run/debian/$set/$i
			grep -q '"status": "complete"' "$src/manifest.json" ||
				{ echo "bench $((b + 1)): $src is not complete"; exit 4; }
			ln -s "$src" "$d/debian/$set/$i"
		done
	done
	rc=0
	"$sb" gate --base "$d:debian/NO_PREEMPT_SHORT" --cand "$d:debian/PREEMPT_SHORT" \
		--json "$tmp/b$b.json" >"$tmp/b$b.out" 2>&1 || rc=$?
	((rc == 2 || rc == 4)) && { cat "$tmp/b$b.out"; exit "$rc"; }
	((rc == 0 || rc == 1)) && decided=$((decided + 1))
	# "rule: verdict" of every rule that applies; report-only ones marked
	jq -r '.rules[] | select(.verdict != "not applicable") |
		"\(.name)\(if .report then " (report only)" else "" end): \(.verdict)"' \
		"$tmp/b$b.json" >"$tmp/b$b.verdicts"
	echo "bench $((b + 1)) (seeds $((b * reps + 1))-$((b * reps + reps))): exit $rc: $(paste -sd';' "$tmp/b$b.verdicts")"
done
cat "$tmp"/b*.verdicts | sort | uniq -c | while read -r n v; do
	echo "figure: $v in $n of $benches benches"
done
echo "figure: every applicable rule decided in $decided of $benches benches (target: at least 9 of 10)"
echo "ratio: benches decided=$(awk -v d="$decided" -v n="$benches" 'BEGIN { printf "%.2f", d / n }')"
((decided * 10 >= benches * 9)) || { echo "MISSED: decided in $decided of $benches"; exit 1; }
