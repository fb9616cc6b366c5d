#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A real boot of the debian kernel under TCG: configs/smoke.json with both
# feature sets (features read back as requested, workload JSON and trace
# arrive); a tool the guest lacks and a feature the kernel lacks (its own
# list, kept from the first run) refused before booting; one control run a
# feature set (untraced_repeats) boots without recording and gives the
# tracing cost lines. Guest failures during a run: tests/vm/fault_guest.sh.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

echo "check: configs/smoke.json (and a control arm) on debian under TCG completes (exit 0)"
jq '.untraced_repeats = 1' configs/smoke.json >"$tmp/smoke.json"
"$sb" run --kernel debian --scenario "$tmp/smoke.json" --accel tcg \
	--results "$tmp/res" >"$tmp/out1" 2>&1 || { cat "$tmp/out1"; fail "run exited $?"; }
root=$(readlink -f "$tmp/res/latest")
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	d=$root/debian/$set/1
	echo "check: $set: complete manifest of a TCG guest"
	jq -e '.status == "complete" and .vm.accel == "tcg" and .features.settable == true and
		(.kernel.release | test("^6\\.12")) and .recorder.tool == "tracefs"' \
		"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c . "$d/manifest.json")"
	grep -q "SLICEBENCH: done status=ok" "$d/console.log" || fail "no done line on the console"
	echo "check: $set: workload documents and the trace arrived"
	for w in massive_intr mixload cyclic; do
		jq -e '.status == "ok"' "$d/workloads/$w.json" >/dev/null ||
			fail "$d/workloads/$w.json did not arrive ok"
	done
	[[ -s $d/trace.dat && -s $d/dmesg.txt && -s $d/uname.txt ]] || fail "trace/dmesg/uname missing"
	jq -e '.tasks | length > 0' "$d/schedstat.json" >/dev/null || fail "no schedstat samples"
	echo "check: $set: the workload (its pids and forks) by name, the rest other:(N), never the agent"
	jq -e '([.groups[] | select(.workload | not) | .comm] | . == [] or . == ["other"]) and
		([.groups[] | select(.workload)] | length >= 3) and
		([.tasks[] | select(.workload) | .task] | all(test("^(sbguest|trace-cmd|init|sh|busybox):") | not)) and
		(.machine_noise.share_pct | type) == "number"' "$d/table.json" >/dev/null ||
		fail "$d/table.json: $(jq -c '[.groups[] | {task, workload}]' "$d/table.json")"
	jq -e '.preflight.summary | startswith("machine: ")' "$d/manifest.json" >/dev/null ||
		fail "$d/manifest.json: no preflight"
done
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	d=$root/debian/$set/2
	echo "check: $set: the control run booted with sb.untraced=1 and recorded nothing"
	jq -e '.status == "complete" and .run.untraced == true and .recorder.tool == "none"' \
		"$d/manifest.json" >/dev/null || fail "$d/manifest.json: $(jq -c '{status, run, recorder}' "$d/manifest.json")"
	grep -q "SLICEBENCH: workloads: starting [0-9]*, not recording" "$d/console.log" || fail "$d: the guest recorded"
	[[ ! -e $d/trace.dat && ! -e $d/table.json ]] || fail "$d has a trace or a table"
	grep -q "^tracing cost: debian / $set: cyclic (1 recorded, 1 unrecorded runs): " "$tmp/out1" ||
		fail "no tracing cost of $set: $(grep 'tracing cost' "$tmp/out1")"
done
grep -q "^cross-check: cyclic: trace [0-9.]* ms, schedstat [0-9.]* ms" "$tmp/out1" ||
	fail "no cross-check at the end: $(grep -c cross-check "$tmp/out1")"
off=$(tr ' ' '\n' <"$root/debian/NO_PREEMPT_SHORT/1/features.txt")
on=$(tr ' ' '\n' <"$root/debian/PREEMPT_SHORT/1/features.txt")
echo "check: features read back differ as requested"
grep -qx NO_PREEMPT_SHORT <<<"$off" || fail "NO_PREEMPT_SHORT run reads back: $off"
grep -qx PREEMPT_SHORT <<<"$on" || fail "PREEMPT_SHORT run reads back: $on"
diff <(grep -v PREEMPT_SHORT <<<"$off") <(grep -v PREEMPT_SHORT <<<"$on") >/dev/null ||
	fail "the two runs differ in more than PREEMPT_SHORT"

echo "check: a tool the guest lacks is refused before any boot (exit 2)"
jq '.feature_sets |= .[1:] | .workloads += [{"tool": "no-such-tool"}]' \
	tests/fixtures/scenarios/vm_failures.json >"$tmp/tool.json"
rc=0
"$sb" run --kernel debian --scenario "$tmp/tool.json" --accel tcg \
	--results "$tmp/tool" >"$tmp/out2" 2>&1 || rc=$?
((rc == 2)) || { cat "$tmp/out2"; fail "exit $rc, want 2"; }
grep -q 'workloads\[1\]\.tool: "no-such-tool" is not a program in the guest' "$tmp/out2" ||
	fail "$(cat "$tmp/out2")"
[[ ! -e $tmp/tool ]] || fail "a results root was made for a refused scenario"

echo "check: a feature the kernel does not have is refused before any boot (exit 2)"
rc=0
"$sb" run --kernel debian --scenario tests/fixtures/scenarios/vm_failures.json --accel tcg \
	--results "$tmp/feat" >"$tmp/out3" 2>&1 || rc=$?
((rc == 2)) || { cat "$tmp/out3"; fail "exit $rc, want 2"; }
grep -q 'feature_sets\[0\]\.features\[0\]: NO_SUCH_FEATURE: is not a scheduler feature of kernel debian' \
	"$tmp/out3" || fail "$(cat "$tmp/out3")"
[[ ! -e $tmp/feat ]] || fail "a results root was made for a refused scenario"
finish
