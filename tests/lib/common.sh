# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The preamble every test script sources first: strict mode, the repository
# root as working directory, the programs under test, a scratch directory
# removed on exit, and the helpers to fail, skip, count soft checks and end.
#
# A script passes when it exits 0 and is skipped when it exits 77 (as under
# automake) after a "SKIP: why" line; run-scripts.sh counts both, and make
# test adds the counts to its TOTAL line. SB_TEST_NO_SKIP=1 makes
# run-scripts.sh count a skip as a failure (for a machine that must run all).
# Output lines: "check: ..." before a group of checks, "ok: ..." and
# "FAIL: ..." per check, "SKIP: ..." and a last "PASS".
#
# Sets: repo_dir (the repository, also the working directory), build_dir,
# bin_dir (SB_BIN_DIR, e.g. the ASan+UBSan programs, else build/bin; absolute),
# sb (the slicebench front end), tmp (scratch; KEEP=1 keeps it).

set -euo pipefail
repo_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo_dir"
# shellcheck disable=SC2034 # used by the scripts that source this
build_dir=$repo_dir/build
bin_dir=$(realpath -m "${SB_BIN_DIR:-build/bin}")
# shellcheck disable=SC2034
sb=$bin_dir/slicebench
tmp=$(mktemp -d)
# runs' noise kept for the next plan (harness/run_sizing.c): never the user's
export SLICEBENCH_NOISE=$tmp/noise
[[ -z ${KEEP:-} ]] || echo "keeping $tmp"
# Host mode refuses feature sets it cannot set (the kernel's features file is
# locked down on most test machines): a settable stand-in with 6.12's list
# (harness/features.h), unless the script chose its own.
if [[ -z ${SLICEBENCH_FEATURES_PATH:-} ]]; then
	export SLICEBENCH_FEATURES_PATH=$tmp/sched_features
	echo "PLACE_LAG PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE RUN_TO_PARITY" \
		"PREEMPT_SHORT NO_NEXT_BUDDY PICK_BUDDY CACHE_HOT_BUDDY DELAY_DEQUEUE" \
		"DELAY_ZERO WAKEUP_PREEMPTION NO_HRTICK NO_HRTICK_DL NO_DOUBLE_TICK" \
		"NONTASK_CAPACITY TTWU_QUEUE SIS_UTIL NO_WARN_DOUBLE_CLOCK" \
		"NO_RT_PUSH_IPI NO_RT_RUNTIME_SHARE NO_LB_MIN ATTACH_AGE_LOAD WA_IDLE" \
		"WA_WEIGHT WA_BIAS UTIL_EST NO_LATENCY_WARN NI_RANDOM" >"$SLICEBENCH_FEATURES_PATH"
fi

exit_cmds=()
checks_failed=0

# at_exit CMD: run the command (a function, say) CMD on exit, the last
# registered first, before the scratch directory is removed; its failures
# are ignored.
at_exit() {
	exit_cmds=("$1" "${exit_cmds[@]}")
}

on_exit() {
	local cmd
	for cmd in "${exit_cmds[@]}"; do
		"$cmd" || true
	done
	[[ -n ${KEEP:-} ]] || rm -rf "$tmp"
}
trap on_exit EXIT

# fail MSG...: print "FAIL: MSG" and end the script with exit 1. A script
# may define on_fail (more context, e.g. logs), which runs first.
fail() {
	echo "FAIL: $*"
	if declare -F on_fail >/dev/null; then on_fail || true; fi
	exit 1
}

# skip MSG...: print "SKIP: MSG" and end the script as skipped (exit 77).
skip() {
	echo "SKIP: $*"
	exit 77
}

# need CMD...: skip the script unless every CMD is a program or a path that runs.
need() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null || skip "$c missing"
	done
}

# require CMD...: fail the script unless every CMD is installed (make deps
# installs them).
require() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null || fail "$c is not installed (make deps)"
	done
}

# rc_of CMD...: run CMD and leave its exit status in $rc, whatever it is.
rc_of() {
	rc=0
	"$@" || rc=$?
}

# expect_rc WANT CMD...: run CMD, its output in $tmp/out and $tmp/err; fail
# showing its stderr unless it exits WANT.
expect_rc() {
	local want=$1
	shift
	rc_of "$@" >"$tmp/out" 2>"$tmp/err"
	[[ $rc == "$want" ]] || {
		cat "$tmp/err"
		fail "'$*' exited $rc, wanted $want"
	}
}

# soft_fail MSG...: print "FAIL: MSG" and count a failed check; the script
# goes on and finish reports it.
soft_fail() {
	echo "FAIL: $*"
	checks_failed=$((checks_failed + 1))
}

# check WHAT CMD...: run CMD (its stdout dropped); "ok: WHAT" when it
# succeeds, else a soft failure.
check() {
	local what=$1
	shift
	if "$@" >/dev/null; then
		echo "ok: $what"
	else
		soft_fail "$what"
	fi
}

# check_eq WHAT WANT GOT: "ok: WHAT (GOT)" when GOT is WANT, else a soft
# failure naming both.
check_eq() {
	if [[ $3 == "$2" ]]; then
		echo "ok: $1 ($3)"
	else
		soft_fail "$1: wanted $2, got $3"
	fi
}

# unfold FILE: FILE's text with the prose the bench end folds to 100
# columns (common/fmt.h, sb_fmt_fold: continued lines indented 3 or 4
# spaces) joined again, one line each, for a grep of a whole line.
unfold() {
	sed -e ':a' -e 'N' -e '$!ba' -e 's/\n \{3,4\}\([^ ]\)/ \1/g' "$1"
}

# finish: the end of a script: exit 1 if a soft check failed, else print
# "PASS" (exit 0).
finish() {
	((checks_failed == 0)) || fail "$checks_failed checks failed"
	echo "PASS"
}
