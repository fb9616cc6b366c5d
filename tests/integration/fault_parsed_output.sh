#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A parsed tool whose output does not parse fails the run (exit 4), and the
# manifest names the workload, the tool and the file: host mode, hackbench
# asked for its usage text (exit 0, no "Time:" line).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

cat >"$tmp/s.json" <<'JSON'
{"name": "parsed-fault", "duration": "1s", "repeats": 1,
 "feature_sets": [{"name": "default", "features": []}],
 "workloads": [{"tool": "hackbench", "name": "hb", "args": ["-h"]}]}
JSON
echo "check: hackbench printing its usage fails the run (exit 4)"
rc=0
"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res" \
	>"$tmp/out" 2>&1 || rc=$?
((rc == 4)) || {
	cat "$tmp/out"
	fail "exit $rc, want 4"
}
run=$(readlink -f "$tmp/res/latest")/host/default/1
want='workload hb: hackbench: workloads/hb.out: no "Time:" line'

echo "check: the manifest says: $want"
jq -e --arg w "$want" '.status == "failed" and (.failure | startswith($w))' \
	"$run/manifest.json" >/dev/null ||
	fail "manifest: $(jq -c '{status, failure}' "$run/manifest.json")"
grep -q '^Usage:' "$run/workloads/hb.out" || fail "hb.out is not hackbench's usage"
[[ ! -e $run/workloads/hb.json ]] || fail "a document was written anyway"
echo "parsed output fault: all checks passed"
