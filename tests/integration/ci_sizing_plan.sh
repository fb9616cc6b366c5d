#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Runs sized before running: before any run, plan says no noise is known;
# the end of a run (here `slicebench report` on synthetic runs of the
# scenario) keeps each rule's spread (beside the kernel cache, or where
# SLICEBENCH_NOISE says: tests/lib/common.sh), and a second plan says per
# rule the runs a side that decide it at 80 % power, as many as the end of
# the run said, how long they take at the runs' own wall time, and whether
# --repeats reaches them; its stdout stays the units. A changed scenario
# knows no noise.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
need jq
sc=$tmp/smoke.json
cp configs/smoke.json "$sc"
sha=$(sha256sum "$sc" | cut -d' ' -f1)

echo "== no noise known yet"
expect_rc 0 "$sb" plan "$sc" --kernel debian --repeats 5
check "one line says so" grep -qxF "sizing (kernel debian): no noise known yet for this scenario (a finished run keeps it): runs are not sized" "$tmp/err"
check_eq "stdout is the units only" "$(wc -l <"$tmp/out")" 10

echo "== a run's end keeps the noise"
run=$tmp/run
mkdir -p "$run"
cp "$sc" "$run/scenario.json"
bash tests/fixtures/ci/synth.sh "$run" debian PREEMPT_SHORT 5 1 run_sd=0.1
bash tests/fixtures/ci/synth.sh "$run" debian NO_PREEMPT_SHORT 5 2 run_sd=0.1
# as a run writes them: the scenario's SHA-256, 37.5 s from start to end
for m in "$run"/debian/*/*/manifest.json; do
	jq --arg s "$sha" '.scenario = {name: "smoke", sha256: $s}
		| .start_time = "2026-12-06T20:38:22.120Z"
		| .end_time = "2026-12-06T20:38:59.620Z"' "$m" >"$m.new"
	mv "$m.new" "$m"
done
expect_rc 0 "$sb" report "$run"
cp "$tmp/out" "$tmp/report"
kept=$SLICEBENCH_NOISE/$sha-debian.json
check "kept where SLICEBENCH_NOISE says" test -s "$kept"
check_eq "kept from 5 runs a side" "$(jq .runs "$kept")" 5
check_eq "a run's wall time kept" "$(jq .run_s "$kept")" 37.5

echo "== a second plan sizes the runs"
expect_rc 0 "$sb" plan "$sc" --kernel debian --repeats 5
check_eq "stdout is still the units only" "$(wc -l <"$tmp/out")" 10
check "says where the noise comes from" grep -qF "sizing (kernel debian), from the noise of earlier runs (debian: 5 runs a side" "$tmp/err"
check "says a run's measured time" grep -qF "a run takes 38 s (measured)" "$tmp/err"
check "says what --repeats reaches" grep -qE "^  --repeats \(5 a side\) reach [0-9]+ of [0-9]+ rules at 80% power; their 10 runs take 6m15s$" "$tmp/err"
# each rule: spread, bound and runs a side as the run's end said them
rows() { sed -nE 's/^(  [a-z_].{32} +[0-9.]+%  +[0-9.]+%  )([0-9]+).*/\1\2/p' "$1"; }
rows "$tmp/report" >"$tmp/end.rows"
rows "$tmp/err" >"$tmp/plan.rows"
check "rules sized ($(wc -l <"$tmp/plan.rows"))" test "$(wc -l <"$tmp/plan.rows")" -ge 4
check "the same runs a side as the end of the run" cmp -s "$tmp/end.rows" "$tmp/plan.rows"
# time = runs a side x 2 feature sets x 37.5 s; reached when <= 5
cp "$tmp/err" "$tmp/plan"
while IFS= read -r line; do
	n=${line##* }
	want=$(awk -v n="$n" 'BEGIN { t = int(n * 2 * 37.5 + 0.5);
		if (t >= 3600) printf "%dh%02dm", t / 3600, (t / 60) % 60;
		else if (t >= 60) printf "%dm%02ds", t / 60, t % 60;
		else printf "%ds", t }')
	reach=$([[ $n -le 5 ]] && echo yes || echo no)
	check "$n runs a side take $want, reached: $reach" grep -qE "^$line +$want +$reach$" "$tmp/plan"
done <"$tmp/plan.rows"

echo "== another scenario knows nothing"
jq '.duration = "3s"' "$sc" >"$tmp/other.json"
expect_rc 0 "$sb" plan "$tmp/other.json" --kernel debian
check "no noise for it" grep -qF "no noise known yet" "$tmp/err"
finish
