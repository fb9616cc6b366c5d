#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test (debian kernel, TCG): faults inside the guest during a matrix. A
# workload killed by SIGSEGV fails its run naming it and the signal; a
# kernel panic (sysrq) fails its run with the panic line, console kept; the
# matrix goes on and its last run completes. Exit 3. About 25 s.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
# shellcheck disable=SC2016 # expanded by the guest's shell, not this one
fault='case $(cat /proc/cmdline) in *featureset=segv*) kill -SEGV $$;; *featureset=panic*) echo c >/proc/sysrq-trigger;; esac; exit 0'
cat >"$tmp/s.json" <<JSON
{"name": "vmfault", "duration": "1s",
 "feature_sets": [{"name": "segv", "features": []}, {"name": "panic", "features": []},
                  {"name": "ok", "features": []}],
 "workloads": [{"tool": "cyclic", "count": 1},
               {"name": "fault", "tool": "sh", "args": ["-c", $(jq -Rn --arg v "$fault" '$v')]}]}
JSON

echo "check: two faulty runs fail, the matrix goes on (exit 4)"
# The fault reads the feature set from /proc/cmdline: booted runs only (a
# restored guest has the snapshot's command line).
export SLICEBENCH_NO_RESTORE=1
expect 4 '\(3 runs, 2 failed\)' timeout 300 "$sb" run --kernel debian --accel tcg \
	--scenario "$tmp/s.json" --results "$tmp/res"
root=$(readlink -f "$tmp/res/latest")/debian
manifest() { # SET JQ-TEST
	jq -e "$2" "$root/$1/1/manifest.json" >/dev/null ||
		fail "$1: $(jq -c '{status, failure}' "$root/$1/1/manifest.json")"
	echo "ok: $1: $(jq -c '{status, failure}' "$root/$1/1/manifest.json")"
}
echo "check: the crashed workload is named with its signal"
manifest segv '.status == "failed" and (.failure | test("workload fault killed by signal 11"))'
echo "check: the guest panic is the failure, its console kept"
manifest panic '.status == "failed" and (.failure | test("Kernel panic"))'
grep -q 'sysrq triggered crash' "$root/panic/1/console.log" || fail "no panic in console.log"
echo "check: the last run is complete with its documents and trace"
manifest ok '.status == "complete" and .failure == null'
[[ -s $root/ok/1/trace.dat && -s $root/ok/1/workloads/cyclic.json ]] || fail "ok: trace or document missing"
finish
