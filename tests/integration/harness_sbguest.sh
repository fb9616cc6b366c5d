#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The guest agent's failure path outside a VM (no poweroff): a feature that
# cannot be written, an unknown feature set and a missing results port are
# reported on the console and in agent.json, never silently.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# A feature no kernel has: harmless even where the features file is writable.
sc=tests/fixtures/scenarios/vm_failures.json

for bin in build/bin/sbguest build/asan/bin/sbguest; do
	[[ -x $bin ]] || continue
	echo "check: $bin: a feature that does not take fails the run"
	echo "console=ttyS0 sb.featureset=bogus sb.seed=2" >"$tmp/cmdline"
	rc=0
	"$bin" --no-poweroff --scenario "$sc" --out "$tmp/out1" \
		--cmdline "$tmp/cmdline" --port no-such-port >"$tmp/log1" 2>&1 || rc=$?
	((rc != 0)) || fail "exit 0 on failure"
	grep -q "^SLICEBENCH: feature set bogus, seed 2$" "$tmp/log1" || fail "no feature set line"
	grep -q "^SLICEBENCH: error feature NO_SUCH_FEATURE: writing" "$tmp/log1" || fail "$(cat "$tmp/log1")"
	grep -q "^SLICEBENCH: error no virtio port named \"no-such-port\"" "$tmp/log1" || fail "port error missing"
	grep -q "^SLICEBENCH: done status=failed feature NO_SUCH_FEATURE" "$tmp/log1" || fail "done line"
	jq -e '.status == "failed" and (.failure | test("NO_SUCH_FEATURE")) and
		.features.requested == ["NO_SUCH_FEATURE"] and .seed == 2' "$tmp/out1/agent.json" >/dev/null ||
		fail "agent.json: $(cat "$tmp/out1/agent.json")"
	[[ -s $tmp/out1/uname.txt && -e $tmp/out1/features.txt ]] || fail "collection skipped"

	echo "check: $bin: a feature set the scenario does not have"
	echo "sb.featureset=NOPE" >"$tmp/cmdline"
	rc=0
	"$bin" --no-poweroff --scenario configs/smoke.json --out "$tmp/out2" \
		--cmdline "$tmp/cmdline" >"$tmp/log2" 2>&1 || rc=$?
	((rc == 2)) || fail "exit $rc, want 2"
	grep -q 'SLICEBENCH: error sb.featureset="NOPE" is not a feature set' "$tmp/log2" || fail "$(cat "$tmp/log2")"
	jq -e '.status == "failed"' "$tmp/out2/agent.json" >/dev/null || fail "no failed agent.json"
	"$bin" --help | grep -- "--no-poweroff" >/dev/null || fail "--help"
done
finish
