#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A workload that never ends: the agent kills it after its margin, the run
# is failed with that reason, the matrix exits 3, and nothing is left running.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: a hung workload fails its run (exit 4) instead of hanging"
rc=0
timeout 300 "$sb" run --kernel host --scenario tests/fixtures/scenarios/hang.json \
	--results "$tmp/res" >"$tmp/out" 2>&1 || rc=$?
((rc == 4)) || { cat "$tmp/out"; fail "exit $rc, want 4"; }
m=$(readlink -f "$tmp/res/latest")/host/as-is/1/manifest.json
jq -e '.status == "failed" and (.failure | test("still running"))' "$m" >/dev/null ||
	fail "$(jq -c '{status, failure}' "$m")"
jq -e '[.workloads[] | select(.workload == "sleeper") | .exit_status] == [143]' \
	"$(dirname "$m")/agent.json" >/dev/null || fail "sleeper not ended by SIGTERM"
echo "check: the workload's process group is gone"
pid=$(jq -r '.workloads[] | select(.workload == "sleeper") | .pid' "$(dirname "$m")/agent.json")
if kill -0 "$pid" 2>/dev/null; then
	fail "sleeper $pid still alive"
fi
finish
