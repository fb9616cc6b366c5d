#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The pre-EEVDF reference kernel (Debian 6.1) boots, its virtio modules load,
# results arrive, and the ignored slices are reported as such, not a crash.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
"$sb" run --kernel cfs --scenario configs/cfs-reference.json \
	--accel tcg --results "$tmp" 2>&1 | tee "$tmp/out.txt"
grep -q 'predates EEVDF custom slices' "$tmp/out.txt"
run=$(echo "$tmp"/cfs-reference-*/cfs/default/1)
jq -e '.status == "complete" and .kernel.custom_slices == false' \
	"$run/manifest.json" >/dev/null
jq -e '.slice.requested_ns == 500000 and .slice.effective_ns == null' \
	"$run/workloads/cyclic.json" >/dev/null
jq -e '.groups | map(.comm) | index("cyclic") != null' \
	"$run/table.json" >/dev/null
echo "cfs: complete, slices reported ignored, table has the cyclic group"
finish
