#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test (debian kernel, virtual time): the time limit of a guest in
# virtual time counts the guest's clock, not the host's. A guest slowed
# down by its host (QEMU stopped 4 x 12 s with SIGSTOP, as a busy host
# starves it) runs past its 40 s limit in host time and completes; a guest
# whose run is longer than its limit is killed after that much guest time;
# a QEMU that stops for good is killed when neither the guest's clock nor
# its instruction count moved for the limit. About 3 min.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
sc() { # FILE DURATION
	cat >"$1" <<JSON
{"name": "vmlimit", "duration": "$2",
 "feature_sets": [{"name": "as-is", "features": []}],
 "workloads": [{"tool": "cyclic", "count": 1}]}
JSON
}
sc "$tmp/long.json" 15s
sc "$tmp/over.json" 60s
# qemu_of LOG: the pid of the QEMU whose console goes to LOG, once it runs.
qemu_of() {
	local pid=""
	for _ in $(seq 600); do
		pid=$(pgrep -f -- "file:$1" | head -n1) && break
		sleep 0.1
	done
	[[ -n $pid ]] || fail "no QEMU with console $1"
	echo "$pid"
}
# outcome NAME: the JSON outcome in $tmp/NAME.out (notes around it)
outcome() { sed -n '/^{/,/^}/p' "$tmp/$1.out"; }
boot() { # NAME SCENARIO TIMEOUT: in the background, output in $tmp/NAME.out
	"$sb" kernel boot debian --init harness/guest/init --scenario "$2" \
		--accel virtual --timeout "$3" --console "$tmp/$1.log" \
		--results-out "$tmp/$1.tar" --append "sb.featureset=as-is sb.seed=1" >"$tmp/$1.out" 2>&1 &
}

echo "check: a guest starved by its host (stopped 48 s) outlives its 40 s limit and completes"
boot slow "$tmp/long.json" 40s
bpid=$!
q=$(qemu_of "$tmp/slow.log")
sleep 2 # the guest's clock read once: a limit in guest time
for _ in 1 2 3 4; do
	kill -STOP "$q" 2>/dev/null || break
	sleep 12
	kill -CONT "$q" 2>/dev/null || break
	sleep 1
done
rc=0
wait "$bpid" || rc=$?
((rc == 0)) || { cat "$tmp/slow.out"; fail "exit $rc, want 0"; }
outcome slow | jq -e '.outcome == "ok" and .wall_ms > 40000' >/dev/null ||
	fail "$(outcome slow | jq -c '{outcome, wall_ms, detail}')"
tar -tf "$tmp/slow.tar" | grep -Eqx '(\./)?agent.json' || fail "no agent.json in the results"
echo "ok: $(outcome slow | jq -c '{outcome, wall_ms}')"

echo "check: a run longer than its limit is killed after 20 s of guest time"
expect 4 '"outcome": "timeout"' "$sb" kernel boot debian --init harness/guest/init \
	--scenario "$tmp/over.json" --accel virtual --timeout 20s \
	--results-out "$tmp/over.tar" --append "sb.featureset=as-is sb.seed=1"
# read once a second: an idle guest's clock may have jumped past 20 s
n=$(sed -nE 's/.*killed after the timeout: ([0-9]+) s of guest time.*/\1/p' "$tmp/out" | head -n1)
if [[ -z $n ]] || ((n < 20)); then
	fail "not killed in guest time: $(grep detail "$tmp/out")"
fi

echo "check: a QEMU stopped for good is killed once its clock stood still 30 s"
boot stall "$tmp/over.json" 30s
bpid=$!
q=$(qemu_of "$tmp/stall.log")
sleep 2
kill -STOP "$q"
rc=0
wait "$bpid" || rc=$?
((rc == 4)) || { cat "$tmp/stall.out"; fail "exit $rc, want 4"; }
grep -q "killed: the guest's clock stood still for 30 s" "$tmp/stall.out" ||
	fail "not a stall: $(grep detail "$tmp/stall.out")"
kill -0 "$q" 2>/dev/null && fail "QEMU $q still there"
echo "ok: $(outcome stall | jq -r .detail | cut -c1-120)"
finish
