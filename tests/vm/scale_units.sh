#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run units in real TCG guests (debian kernel): the plan's units one by one
# with run --unit --per-host into two "hosts'" trees, merged; then the same
# matrix with --jobs 2 (guests pinned apart). Manifests name the host,
# QEMU version and accelerator.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
scen=configs/smoke.json

echo "check: plan --results, then each unit on its own into its own tree"
"$sb" plan "$scen" --kernel debian --results "$tmp/run" >"$tmp/plan"
i=0
while IFS=$'\t' read -r unit _; do
	i=$((i + 1))
	mkdir -p "$tmp/h$i"
	cp "$tmp/run/plan.json" "$tmp/h$i/"
	"$sb" run --unit "$unit" --scenario "$scen" --accel tcg --results "$tmp/h$i" \
		>"$tmp/u$i" 2>&1 || fail "unit $unit: $(tail "$tmp/u$i")"
done <"$tmp/plan"
((i == 2)) || fail "$i units planned"
"$sb" merge "$tmp/run" "$tmp/h1" "$tmp/h2" >"$tmp/m" || fail "merge: $(cat "$tmp/m")"
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	jq -e '.status == "complete" and .host.accel == "tcg" and
		(.host.qemu_version | test("^[0-9]+\\.")) and .host.hostname != ""' \
		"$tmp/run/debian/$set/1/manifest.json" >/dev/null ||
		fail "$set: $(jq -c .host "$tmp/run/debian/$set/1/manifest.json")"
done

echo "check: --jobs 2: two guests at once, pinned apart, both complete"
"$sb" run --kernel debian --scenario "$scen" --accel tcg --results "$tmp/res" --jobs 2 \
	>"$tmp/out" 2>&1 || fail "exit $?: $(tail "$tmp/out")"
mapfile -t sets < <(sed -nE 's/^unit .*: running into .* on CPUs (.*)$/\1/p' "$tmp/out")
[[ ${#sets[@]} == 2 && ${sets[0]} != "${sets[1]}" ]] || fail "CPU sets: ${sets[*]}"
grep -q '(2 runs, 0 not complete)' "$tmp/out" || fail "$(tail -3 "$tmp/out")"
finish
