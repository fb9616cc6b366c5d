#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A real boot of the debian kernel under TCG: configs/smoke.json with both
# feature sets (features read back as requested, workload JSON and trace
# arrive); a tool the guest lacks refused before booting; a forced guest
# failure reported as a failed run, not a hang, and the matrix going on.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: configs/smoke.json on debian under TCG completes (exit 0)"
"$sb" run --kernel debian --scenario configs/smoke.json --accel tcg \
	--results "$tmp/res" >"$tmp/out1" 2>&1 || { cat "$tmp/out1"; fail "run exited $?"; }
root=$(readlink -f "$tmp/res/latest")
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	d=$root/debian/$set/1
	echo "check: $set: complete manifest of a TCG guest"
	jq -e '.status == "complete" and .vm.accel == "tcg" and .features.settable == true and
		(.kernel.release | test("^6\\.12")) and .recorder.tool == "trace-cmd"' \
		"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c . "$d/manifest.json")"
	grep -q "SLICEBENCH: done status=ok" "$d/console.log" || fail "no done line on the console"
	echo "check: $set: workload documents and the trace arrived"
	for w in massive_intr mixload cyclic; do
		jq -e '.status == "ok"' "$d/workloads/$w.json" >/dev/null ||
			fail "$d/workloads/$w.json did not arrive ok"
	done
	[[ -s $d/trace.dat && -s $d/dmesg.txt && -s $d/uname.txt ]] || fail "trace/dmesg/uname missing"
	jq -e '.tasks | length > 0' "$d/schedstat.json" >/dev/null || fail "no schedstat samples"
done
off=$(tr ' ' '\n' <"$root/debian/NO_PREEMPT_SHORT/1/features.txt")
on=$(tr ' ' '\n' <"$root/debian/PREEMPT_SHORT/1/features.txt")
echo "check: features read back differ as requested"
grep -qx NO_PREEMPT_SHORT <<<"$off" || fail "NO_PREEMPT_SHORT run reads back: $off"
grep -qx PREEMPT_SHORT <<<"$on" || fail "PREEMPT_SHORT run reads back: $on"
diff <(grep -v PREEMPT_SHORT <<<"$off") <(grep -v PREEMPT_SHORT <<<"$on") >/dev/null ||
	fail "the two runs differ in more than PREEMPT_SHORT"

echo "check: a tool the guest lacks is refused before any boot (exit 2)"
jq '.workloads += [{"tool": "no-such-tool"}]' tests/fixtures/scenarios/vm_failures.json >"$tmp/tool.json"
rc=0
"$sb" run --kernel debian --scenario "$tmp/tool.json" --accel tcg \
	--results "$tmp/tool" >"$tmp/out2" 2>&1 || rc=$?
((rc == 2)) || { cat "$tmp/out2"; fail "exit $rc, want 2"; }
grep -q 'workloads\[1\]\.tool: "no-such-tool" is not a program in the guest' "$tmp/out2" ||
	fail "$(cat "$tmp/out2")"
[[ ! -e $tmp/tool ]] || fail "a results root was made for a refused scenario"

echo "check: a guest failure is a failed run with its reason; the matrix goes on (exit 3)"
rc=0
"$sb" run --kernel debian --scenario tests/fixtures/scenarios/vm_failures.json --accel tcg \
	--results "$tmp/res" >"$tmp/out3" 2>&1 || rc=$?
((rc == 3)) || { cat "$tmp/out3"; fail "exit $rc, want 3"; }
root=$(readlink -f "$tmp/res/latest")
jq -e '.status == "failed" and (.failure | test("feature NO_SUCH_FEATURE"))' \
	"$root/debian/bogus/1/manifest.json" >/dev/null ||
	fail "unknown feature: $(jq -c '{status,failure}' "$root/debian/bogus/1/manifest.json")"
jq -e '.status == "complete"' "$root/debian/PREEMPT_SHORT/1/manifest.json" >/dev/null ||
	fail "the run after the failure: $(jq -c '{status,failure}' "$root/debian/PREEMPT_SHORT/1/manifest.json")"
grep -q "SLICEBENCH: error" "$root/debian/bogus/1/console.log" || fail "no error line on the console"
finish
