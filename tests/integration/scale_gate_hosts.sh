#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate's host rules on synthetic results: base and candidate on disjoint
# host sets are refused (exit 2); on several common hosts they are compared
# host by host (the worst verdict wins: regression, then too little data);
# hosts only one side ran on are left out, said so.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
# host DIR KERNEL SET NAME REPEAT...: record NAME as the host of those runs
host() {
	local d=$1/$2/$3 name=$4 rep m
	shift 4
	for rep in "$@"; do
		m=$d/$rep/manifest.json
		jq --arg h "$name" '.host = {hostname: $h}' "$m" >"$m.new"
		mv "$m.new" "$m"
	done
}
gate() {
	local rc=0
	"$sb" gate "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	echo "$rc"
}

r=$tmp/r
bash "$synth" "$r" debian BASE 8 1 run_sd=0.01 iv_sd=0.05
bash "$synth" "$r" debian BASE_B 8 3 run_sd=0.01 iv_sd=0.05
bash "$synth" "$r" debian CAND 8 2 delay=3
base=$r:debian/BASE cand=$r:debian/CAND

echo "check: one common host: the gate as before (regression, exit 1)"
rc=$(gate --base "$base" --cand "$cand")
[[ $rc == 1 ]] || fail "exit $rc: $(cat "$tmp/err")"
! grep -q '== host' "$tmp/out" || fail "per-host report for one host"

echo "check: disjoint host sets are refused naming them (exit 2)"
host "$r" debian BASE box-a 1 2 3 4 5 6 7 8
host "$r" debian CAND box-b 1 2 3 4 5 6 7 8
rc=$(gate --base "$base" --cand "$cand")
[[ $rc == 2 ]] || fail "exit $rc"
grep -q 'base ran on host(s) box-a, candidate on box-b: disjoint host sets' "$tmp/err" ||
	fail "message: $(cat "$tmp/err")"

echo "check: two common hosts are compared host by host, alpha split (exit 1, JSON per host)"
host "$r" debian BASE box-b 5 6 7 8
host "$r" debian CAND box-a 1 2 3 4
rc=$(gate --base "$base" --cand "$cand" --json "$tmp/v.json")
[[ $rc == 1 ]] || fail "exit $rc: $(cat "$tmp/out" "$tmp/err")"
grep -q '^== host box-a: base 4 runs, candidate 4 runs' "$tmp/out" || fail "$(cat "$tmp/out")"
grep -q '^== host box-b: base 4 runs, candidate 4 runs' "$tmp/out" || fail "$(cat "$tmp/out")"
grep -q '^== 2 hosts compared host by host (alpha 0.005 each): exit 1' "$tmp/out" || fail "$(cat "$tmp/out")"
for h in box-a box-b; do
	jq -e '.base.runs == 4 and .cand.runs == 4 and .method.alpha == 0.005' "$tmp/v.json.$h" >/dev/null ||
		fail "$tmp/v.json.$h"
done

echo "check: A against A' on two hosts passes (exit 0)"
host "$r" debian BASE_B box-a 1 2 3 4
host "$r" debian BASE_B box-b 5 6 7 8
rc=$(gate --base "$base" --cand "$r:debian/BASE_B")
[[ $rc == 0 ]] || fail "A vs A: exit $rc: $(cat "$tmp/out")"

echo "check: a host only the base ran on is left out, said so"
host "$r" debian BASE box-c 1
rc=$(gate --base "$base" --cand "$cand")
grep -q 'left out (base 3 hosts, candidate 2, common 2)' "$tmp/out" || fail "$(cat "$tmp/out")"
grep -q '^== host box-a: base 3 runs, candidate 4 runs' "$tmp/out" || fail "$(cat "$tmp/out")"
[[ $rc == 1 ]] || fail "exit $rc"

echo "check: a host with too few runs on a side makes the gate undecided (exit 3)"
host "$r" debian BASE_B box-c 1
rc=$(gate --base "$base" --cand "$r:debian/BASE_B")
[[ $rc == 3 ]] || fail "exit $rc"
grep -q '^== host box-c: base 1 runs, candidate 1 runs' "$tmp/out" || fail "$(cat "$tmp/out")"

finish
