#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The Slurm executor on a real one-node cluster started here: munged,
# slurmctld and slurmd with a temporary key, config and state (stopped by
# their own pids); the smoke scenario with --kernel host runs as an sbatch
# array job, one unit per task, sbatch options passed through, and merges;
# a failed task is named with its unit and a rerun submits just that unit.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/scale.sh
source "$(dirname "$0")/../lib/scale.sh"
((EUID == 0)) || skip "a Slurm cluster needs root here (slurmd runs jobs as their user)"
require munged mungekey slurmctld slurmd sbatch squeue sinfo
pids=()
stop_cluster() {
	local pid
	for pid in "${pids[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
}
at_exit stop_cluster
# shellcheck disable=SC2317 # called by fail
on_fail() { # the cluster's logs
	local f
	for f in "$tmp"/c/*.log; do
		echo "--- $f"
		tail -n 5 "$f"
	done
}

c=$tmp/c
mkdir -p "$c/state" "$c/spool"
chmod 0700 "$c"
host=$(hostname -s)
mungekey --create --keyfile="$c/munge.key"
chmod 0400 "$c/munge.key"
munged -F --force --key-file="$c/munge.key" --socket="$c/munge.sock" \
	--pid-file="$c/munged.pid" --seed-file="$c/munged.seed" \
	--log-file="$c/munged.log" >"$c/munged.log" 2>&1 &
pids+=($!)
cat >"$c/slurm.conf" <<CONF
ClusterName=sbtest
SlurmctldHost=$host
SlurmctldPort=$((20000 + RANDOM % 10000))
SlurmdPort=$((30000 + RANDOM % 10000))
AuthType=auth/munge
AuthInfo=socket=$c/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$c/state
SlurmdSpoolDir=$c/spool
SlurmctldPidFile=$c/slurmctld.pid
SlurmdPidFile=$c/slurmd.pid
SlurmctldLogFile=$c/slurmctld.log
SlurmdLogFile=$c/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=sbtest Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$c/slurm.conf
for _ in $(seq 50); do
	[[ -S $c/munge.sock ]] && break
	sleep 0.1
done
slurmctld -D -f "$SLURM_CONF" >"$c/slurmctld.out.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$c/slurmd.out.log" 2>&1 &
pids+=($!)

echo "check: the one-node cluster comes up (node idle)"
for _ in $(seq 100); do
	[[ $(sinfo -h -o '%T' 2>/dev/null) == idle ]] && break
	sleep 0.2
done
[[ $(sinfo -h -o '%T' 2>/dev/null) == idle ]] || fail "node not idle: $(sinfo 2>&1)"

echo "check: --executor slurm runs the smoke units as an array job and merges them"
"$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" \
	--executor slurm --slurm-args "--exclusive --time=10 --job-name=sb-test" \
	>"$tmp/out" 2>&1 || {
	cat "$tmp/out"
	fail "run exited $?"
}
root=$(readlink -f "$tmp/res/latest")
grep -Eq '^slurm: job [0-9]+, 2 array tasks' "$tmp/out" || fail "no job line: $(head "$tmp/out")"
job=$(sed -nE 's/^slurm: job ([0-9]+),.*/\1/p' "$tmp/out")
for t in 0 1; do
	[[ -s $root/slurm/${job}_$t.out ]] || fail "no output of array task $t"
	grep -q '^unit host/.*: complete$' "$root/slurm/${job}_$t.out" ||
		fail "task $t: $(cat "$root/slurm/${job}_$t.out")"
done
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	jq -e --arg h "$(hostname)" '.status == "complete" and .host.hostname == $h' \
		"$root/host/$set/1/manifest.json" >/dev/null || fail "$set not complete"
done
jq -e '.units | length == 2' "$root/merge.json" >/dev/null || fail "merge.json"
grep -q '(2 runs, 0 not complete)' "$tmp/out" || fail "summary: $(tail -3 "$tmp/out")"

echo "check: the batch script carries no value of the run (all through argv)"
! grep -Fq "$tmp" "$root/slurm/array.sh" || fail "array.sh holds a path"

echo "check: a failed array task is named with its unit; the rerun submits just it"
crash_once_scenario "$tmp/crashed-once" "$tmp/crash.json"
rc_of "$sb" run --kernel host --scenario "$tmp/crash.json" --results "$tmp/res2" \
	--executor slurm --slurm-args "--exclusive" >"$tmp/out" 2>&1
[[ $rc == 4 ]] || fail "exit $rc: $(cat "$tmp/out")"
grep -Eq '^slurm: job [0-9]+ task [01] \(unit host/[AB]/1\): FAILED exit 4:0' "$tmp/out" ||
	fail "failed task not named: $(cat "$tmp/out")"
"$sb" run --kernel host --scenario "$tmp/crash.json" --results "$tmp/res2" \
	--executor slurm --slurm-args "--exclusive" >"$tmp/out" 2>&1 || fail "rerun: $(cat "$tmp/out")"
grep -Eq '^slurm: job [0-9]+, 1 array tasks' "$tmp/out" || fail "rerun: $(head "$tmp/out")"
grep -q '(2 runs, 0 not complete)' "$tmp/out" || fail "rerun: $(tail -3 "$tmp/out")"

echo "check: a bad sbatch option is an error naming sbatch (exit 4)"
rc_of "$sb" run --kernel host --scenario configs/smoke.json --results "$tmp/res" --new \
	--executor slurm --slurm-args "--no-such-option" >"$tmp/out" 2>&1
[[ $rc == 4 ]] || fail "exit $rc: $(cat "$tmp/out")"
grep -q 'sbatch failed' "$tmp/out" || fail "$(cat "$tmp/out")"
finish
