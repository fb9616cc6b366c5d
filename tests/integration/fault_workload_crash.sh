#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A workload that crashes (SIGSEGV) in the first run only (host mode): that
# run fails naming the workload and the signal, the matrix goes on (exit 4);
# the same command again retries just the failed run, which now completes,
# and leaves the complete one untouched.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
flag=$tmp/crashed-once
scenario "$tmp/s.json" crash 1 2 "[{\"tool\": \"cyclic\"},
 {\"name\": \"crasher\", \"tool\": \"sh\", \"args\": [\"-c\",
  \"[ -e $flag ] && exit 0; touch $flag; kill -SEGV \$\$\"]}]"

echo "check: the crash fails run 1 naming it; run 2 completes (exit 4)"
expect 4 '\(2 runs, 1 failed\)' "$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
root=$(readlink -f "$tmp/res/latest")/host/A
jq -e '.status == "failed" and .failure == "workload crasher killed by signal 11"' \
	"$root/1/manifest.json" >/dev/null || fail "run 1: $(jq -c '{status, failure}' "$root/1/manifest.json")"
jq -e '.status == "complete"' "$root/2/manifest.json" >/dev/null || fail "run 2 not complete"
sum2=$(tree_sum "$root/2")

echo "check: rerunning retries only the failed run, which completes"
expect 0 'resuming: .*1 of 2 runs still to do' \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
jq -e '.status == "complete"' "$root/1/manifest.json" >/dev/null || fail "run 1 not complete after the retry"
[[ $(tree_sum "$root/2") == "$sum2" ]] || fail "the complete run 2 was altered"
finish
