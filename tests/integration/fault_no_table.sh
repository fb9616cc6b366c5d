#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A traced run whose trace makes no delay table (host mode; a perf on PATH
# that, in the first run only, leaves garbage where its perf.data should
# be): that run fails, "no delay table" naming the file in the run's
# directory, the matrix goes on (exit 4); the same command again retries
# just that run, which now completes.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
real=$(command -v perf) || fail "perf is not installed"
mkdir "$tmp/bin"
cat >"$tmp/bin/perf" <<SH
#!/bin/bash
# the first perf record: its -o holds garbage, perf writes beside it
args=() prev=
for a; do
	if [[ \$1 == record && \$prev == -o && ! -e $tmp/garbled-once ]]; then
		touch $tmp/garbled-once
		printf 'not a trace\n' >"\$a"
		a=\$a.real
	fi
	args+=("\$a") prev=\$a
done
exec $real "\${args[@]}"
SH
chmod +x "$tmp/bin/perf"
scenario "$tmp/s.json" notable 1 2

echo "check: the garbled trace fails run 1 naming perf.data; run 2 completes (exit 4)"
PATH=$tmp/bin:$PATH expect 4 '\(2 runs, 1 failed\)' \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
root=$(readlink -f "$tmp/res/latest")/host/A
jq -e '.status == "failed" and (.failure | startswith("no delay table: perf.data: "))' \
	"$root/1/manifest.json" >/dev/null || fail "run 1: $(jq -c '{status, failure}' "$root/1/manifest.json")"
jq -e '.status == "complete"' "$root/2/manifest.json" >/dev/null || fail "run 2 not complete"
[[ -s $root/2/table.json ]] || fail "run 2 has no table.json"

echo "check: rerunning retries only the failed run, which now has its table"
PATH=$tmp/bin:$PATH expect 0 'resuming: .*1 of 2 runs still to do' \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$tmp/res"
jq -e '.status == "complete"' "$root/1/manifest.json" >/dev/null || fail "run 1 not complete after the retry"
[[ -s $root/1/table.json ]] || fail "run 1 has no table.json after the retry"
finish
