#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Runs sized before running: before any run, plan says no noise is known;
# the end of a run (here `slicebench report` on synthetic runs of the
# scenario) keeps each rule's spread (beside the kernel cache, or where
# SLICEBENCH_NOISE says: tests/lib/common.sh), and a second plan says per
# rule the runs a side that decide it at 80 % power, as many as the end of
# the run said, how long they take at the runs' own wall time, and whether
# --repeats reaches them; its stdout stays the units. A changed scenario
# knows no noise. check says the same before its first round, for its two
# kernels' noise pooled, and keeps its runs' noise at its end.
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

# as a run writes them: the scenario's SHA-256 ($1), 37.5 s from start to end
as_run() {
	local m
	for m in "${@:2}"; do
		jq --arg s "$1" '.scenario.sha256 = $s
			| .start_time = "2026-12-06T20:38:22.120Z"
			| .end_time = "2026-12-06T20:38:59.620Z"' "$m" >"$m.new"
		mv "$m.new" "$m"
	done
}

echo "== a run's end keeps the noise"
run=$tmp/run
mkdir -p "$run"
cp "$sc" "$run/scenario.json"
bash tests/fixtures/ci/synth.sh "$run" debian PREEMPT_SHORT 5 1 run_sd=0.1
bash tests/fixtures/ci/synth.sh "$run" debian NO_PREEMPT_SHORT 5 2 run_sd=0.1
as_run "$sha" "$run"/debian/*/*/manifest.json
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

echo "== a kept file that cannot be read is said and left out"
cp "$kept" "$tmp/kept.good"
jq '.runs = 1' "$tmp/kept.good" >"$kept"
expect_rc 0 "$sb" plan "$sc" --kernel debian
check "the file and its fault named" grep -qF "sizing: left out: $kept: runs: 1: must be an integer in [2, 100000]" "$tmp/err"
check "then no noise is known" grep -qF "sizing (kernel debian): no noise known yet" "$tmp/err"
cp "$tmp/kept.good" "$kept"

echo "== another scenario knows nothing"
jq '.duration = "3s"' "$sc" >"$tmp/other.json"
expect_rc 0 "$sb" plan "$tmp/other.json" --kernel debian
check "no noise for it" grep -qF "no noise known yet" "$tmp/err"

echo "== check: before its first round, and kept at its end"
# two host-type kernels whose runs are in place: nothing boots
export SLICEBENCH_KERNELS=$tmp/k
for k in kA kB; do
	mkdir -p "$tmp/k/$k"
	echo '{"type": "host", "description": "a side of the sizing test"}' >"$tmp/k/$k/kernel.json"
done
mc=configs/merge-check.json
msha=$(sha256sum "$mc" | cut -d' ' -f1)
cr=$tmp/check
bash tests/fixtures/ci/synth.sh "$cr" kA default 4 21
bash tests/fixtures/ci/synth.sh "$cr" kB default 4 22
as_run "$msha" "$cr"/k?/default/*/manifest.json
# a failed run keeps its slot: the check resumes, and makes nothing
jq '.status = "failed" | .failure = "synthetic failure"' "$cr/kB/default/4/manifest.json" >"$tmp/m"
mv "$tmp/m" "$cr/kB/default/4/manifest.json"
cp "$mc" "$cr/scenario.json"
jq -n --arg sha "$msha" '{schema: 1, scenario: {name: "merge-check", sha256: $sha},
	kernels: ["kA", "kB"], repeats: 4,
	runs: [range(1; 5) as $r | (if $r % 2 == 1 then ["kA", "kB"] else ["kB", "kA"] end)[] |
		{kernel: ., feature_set: "default", repeat: $r}]}' >"$cr/plan.json"
check_sized() { # the check's output says the sizing from kept noise
	rc_of "$sb" check --base kA --cand kB --scenario "$mc" --max-repeats 4 --resume "$cr" >"$tmp/out" 2>"$tmp/err"
	grep -qF "sizing (kB against kA), from the noise of earlier runs (kA: 4 runs a side, " "$tmp/out" &&
		grep -qE "^  --max-repeats \(4 a side\) reach [0-9]+ of [0-9]+ rules" "$tmp/out"
}
check "the first check knows no noise" bash -c "'$sb' check --base kA --cand kB --scenario '$mc' --max-repeats 4 --resume '$cr' | grep -qF 'sizing (kB against kA): no noise known yet'"
check "the check kept both kernels' noise" test -s "$SLICEBENCH_NOISE/$msha-kA.json" -a -s "$SLICEBENCH_NOISE/$msha-kB.json"
check "the second check sizes its rounds before the first" check_sized

finish
