#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test: the Debian kernel boots our test init (features toggled, results
# out over virtio-serial), a guest panic is VM_PANIC and a hang VM_TIMEOUT.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
fixtures=tests/fixtures/boot

boot() { # name init timeout [options] -> JSON in $tmp/<name>.json, exit code echoed
	local rc=0
	"$sb" kernel boot debian --init "$fixtures/$2" --timeout "$3" \
		--results-out "$tmp/$1.tar" --console "$tmp/$1.log" \
		--initrd-out "$tmp/$1.cpio" "${@:4}" >"$tmp/$1.json" || rc=$?
	echo "$rc"
}

echo "check: the debian kernel is fetched (or reused from the cache)"
"$sb" kernel fetch debian | jq -e '.image != "" and (.release | startswith("6.12"))' >/dev/null

echo "check: a 2-node NUMA boot with the features init succeeds and sends its results out"
rc=$(boot ok init-features.sh 180s --numa 0:512,1:512)
jq . "$tmp/ok.json"
[[ $rc == 0 ]]
jq -e '.outcome == "ok" and .boot_to_user_ms > 0 and .boot_to_user_ms <= .wall_ms and
	.tool == "slicebench-kernel" and .status == "ok" and .command_line[:3] == ["kernel", "boot", "debian"]' \
	"$tmp/ok.json" >/dev/null
mkdir "$tmp/out"
tar xf "$tmp/ok.tar" -C "$tmp/out"
echo "check: PREEMPT_SHORT was on and NO_PREEMPT_SHORT took"
grep -qw PREEMPT_SHORT "$tmp/out/features-before.txt"
grep -qw NO_PREEMPT_SHORT "$tmp/out/features-after.txt"
grep -qw NO_PREEMPT_SHORT "$tmp/out/features-before.txt" && exit 1
grep -q '^6\.12' "$tmp/out/uname.txt"
grep -qx node1 "$tmp/out/nodes.txt"

echo "check: a kernel panic is reported as such, with the panic line"
rc=$(boot panic init-panic.sh 180s)
jq . "$tmp/panic.json"
[[ $rc == 4 ]]
jq -e '.outcome == "panic" and (.detail | test("Kernel panic")) and .status == "error"' "$tmp/panic.json" >/dev/null

echo "check: a guest that never finishes is killed at the timeout"
rc=$(boot hang init-hang.sh 20s)
jq . "$tmp/hang.json"
[[ $rc == 4 ]]
jq -e '.outcome == "timeout"' "$tmp/hang.json" >/dev/null

echo "check: a guest that is done but does not power off is stopped, its run kept"
rc=$(boot stuck init-no-poweroff.sh 180s)
jq . "$tmp/stuck.json"
[[ $rc == 0 ]]
jq -e '.outcome == "ok" and (.detail | test("did not power off"))' "$tmp/stuck.json" >/dev/null

echo "check: an init that exits without 'done' is a guest failure, not a hang"
# The sleep lets the tty drain: the panic that follows init's exit would cut it.
printf '#!/bin/sh\necho "SLICEBENCH: start"\necho "SLICEBENCH: error nothing to do"\nsleep 1\n' >"$tmp/init-exit.sh"
rc=0
"$sb" kernel boot debian --init "$tmp/init-exit.sh" --timeout 180s \
	--initrd-out "$tmp/exit.cpio" >"$tmp/exit.json" || rc=$?
jq . "$tmp/exit.json"
[[ $rc == 4 ]]
jq -e '.outcome == "guest_failed" and (.detail | test("nothing to do"))' "$tmp/exit.json" >/dev/null
finish
