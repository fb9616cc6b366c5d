#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The local executor with --jobs: units run at once, each pinned to its own
# host CPUs, with a warning; more jobs than CPUs is refused (exit 2).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
ncpu=$(nproc)
((ncpu >= 2)) || skip "--jobs 2 needs 2 CPUs, this machine has $ncpu"

echo "check: --jobs 2: both units complete, on disjoint CPUs, with a warning"
"$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" --jobs 2 \
	>"$tmp/out" 2>&1 || fail "exit $?: $(tail "$tmp/out")"
grep -q '^warning: 2 runs at once on one host' "$tmp/out" || fail "no warning"
mapfile -t sets < <(sed -nE 's/^unit .*: running into .* on CPUs (.*)$/\1/p' "$tmp/out")
[[ ${#sets[@]} == 2 ]] || fail "CPU sets: ${sets[*]}"
[[ ${sets[0]} != "${sets[1]}" ]] || fail "both units on CPUs ${sets[0]}"
root=$(readlink -f "$tmp/res/latest")
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	jq -e --argjson n $((ncpu / 2)) '.status == "complete" and (.host.cpus_allowed | length) == $n' \
		"$root/host/$set/1/manifest.json" >/dev/null || fail "$set not complete or not pinned"
done
a=$(jq -c .host.cpus_allowed "$root"/host/*/1/manifest.json | sort -u | wc -l)
[[ $a == 2 ]] || fail "manifests name $a distinct CPU sets, want 2"

echo "check: more jobs than CPUs is refused (exit 2)"
rc_of "$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" --new \
	--jobs $((ncpu + 1)) >"$tmp/out" 2>&1
[[ $rc == 2 ]] || fail "exit $rc"
grep -q "more than the host CPUs" "$tmp/out" || fail "$(cat "$tmp/out")"

echo "check: option misuse is refused (exit 2)"
for bad in "--unit host/A/1 --jobs 2 --results $tmp/x" "--per-host" \
	"--executor ssh" "--executor slurm --jobs 2" "--sshlogin :" "--jobs 0"; do
	# shellcheck disable=SC2086 # the options are split on purpose
	rc_of "$sb" run --kernel host --scenario configs/smoke.json $bad >"$tmp/out" 2>&1
	[[ $rc == 2 ]] || fail "$bad: exit $rc"
done
finish
