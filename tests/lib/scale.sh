# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the scale-out tests (tests/integration/scale_*.sh) share, sourced after
# tests/lib/common.sh: a scenario with a unit that fails once.

# crash_once_scenario FLAG OUT: write to OUT a scenario of two feature sets
# whose "crasher" workload is killed by SIGSEGV the first time it runs (it
# leaves FLAG behind) and exits 0 every time after, for a rerun to retry.
crash_once_scenario() {
	jq -n --arg flag "$1" '{name: "crash", duration: "1s", repeats: 1,
	feature_sets: [{name: "A", features: []}, {name: "B", features: []}],
	workloads: [{tool: "cyclic"}, {name: "crasher", tool: "sh",
		args: ["-c", "[ -e \"$0\" ] && exit 0; touch \"$0\"; kill -SEGV $$", $flag]}]}' \
		>"$2"
}
