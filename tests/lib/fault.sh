# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Helpers the fault tests (tests/integration/fault_*.sh, tests/vm/fault_*.sh)
# source after tests/lib/common.sh: expected exit codes and messages, small
# scenarios, and checksums proving that completed runs were neither lost nor
# altered.
# shellcheck disable=SC2154 # tmp and sb: set by tests/lib/common.sh

# expect WANT_RC REGEX CMD...: run CMD (output in $tmp/out), check its exit
# code and that its output matches the extended REGEX.
expect() {
	local want=$1 re=$2 rc=0
	shift 2
	"$@" >"$tmp/out" 2>&1 || rc=$?
	if ((rc != want)); then
		tail -n 20 "$tmp/out"
		fail "$* exited $rc, want $want"
	fi
	grep -qE -- "$re" "$tmp/out" || { tail -n 20 "$tmp/out"; fail "no /$re/ in the output of $*"; }
	echo "ok: exit $rc, $(grep -m1 -E -- "$re" "$tmp/out" | cut -c1-160)"
}

# fake_bzimage PATH RELEASE: a file with just enough of the x86 boot
# header (HdrS, the version pointer) to be taken for a bzImage.
fake_bzimage() {
	head -c 1024 /dev/zero >"$1"
	printf 'HdrS' | dd of="$1" bs=1 seek=$((0x202)) conv=notrunc status=none
	printf '\x00\x01' | dd of="$1" bs=1 seek=$((0x20e)) conv=notrunc status=none
	printf '%s (own@test) #1 SMP\0' "$2" | dd of="$1" bs=1 seek=$((0x300)) conv=notrunc status=none
}

# scenario FILE NAME SETS REPEATS [WORKLOADS_JSON]: a short host scenario
# with feature sets A, B, ... (labels only on the host).
scenario() {
	local file=$1 name=$2 nsets=$3 reps=$4 wls=${5:-}
	local sets="" letters=ABCDEFGH
	[[ -n $wls ]] || wls='[{"tool": "cyclic", "count": 1, "slice": "500us", "args": ["--interval", "1ms"]}]'
	for ((i = 0; i < nsets; i++)); do
		sets+="${sets:+, }{\"name\": \"${letters:i:1}\", \"features\": []}"
	done
	cat >"$file" <<JSON
{"name": "$name", "duration": "200ms", "repeats": $reps,
 "feature_sets": [$sets], "workloads": $wls}
JSON
}

# tree_sum DIR: one checksum over every file's path and content under DIR.
tree_sum() {
	(cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

# complete_runs DIR: the run directories whose manifest says complete.
complete_runs() {
	local m
	for m in "$1"/*/*/*/manifest.json; do
		[[ -f $m ]] && jq -e '.status == "complete"' "$m" >/dev/null && dirname "$m"
	done
	return 0
}

# kill9_leaves_none PID LISTER WHAT: kill -9 PID (the tool), then wait up
# to 2 s for LISTER (a function printing what should die with it) to print
# nothing; fail naming WHAT otherwise, else say how long it took.
kill9_leaves_none() {
	local t0
	kill -9 "$1"
	t0=$(date +%s%N)
	while [[ -n $("$2") ]] && (($(date +%s%N) - t0 < 2000000000)); do
		sleep 0.05
	done
	[[ -z $("$2") ]] || fail "$3 still alive 2 s after kill -9 of slicebench: $("$2" | tr '\n' ' ')"
	echo "ok: no $3 $((($(date +%s%N) - t0) / 1000000)) ms after kill -9"
	wait "$1" 2>/dev/null || true
}

# wait_complete ROOT: wait (up to 60 s) until a run under ROOT/<run-id>/
# is complete and print its directory.
wait_complete() {
	local first="" i
	for ((i = 0; i < 600; i++)); do
		first=$(complete_runs "$1"/*/ 2>/dev/null | head -n 1)
		[[ -z $first ]] || break
		sleep 0.1
	done
	[[ -n $first ]] || fail "no run under $1 completed"
	echo "${first%/}"
}

# output_inputs: what the output tests write from: $tmp/p.data (a
# recorded perf.data) and $r, a results directory with feature sets A and
# B of kernel debian, 4 synthetic runs each.
output_inputs() {
	need jq xz
	xz -dc tests/fixtures/analyzer/guest_peer/perf.data.xz >"$tmp/p.data"
	r=$tmp/r
	bash tests/fixtures/ci/synth.sh "$r" debian A 4 1 >/dev/null
	bash tests/fixtures/ci/synth.sh "$r" debian B 4 2 >/dev/null
}
