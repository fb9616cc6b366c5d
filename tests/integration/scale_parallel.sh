#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The GNU parallel executor on this machine (-S :) with --kernel host: the
# smoke scenario at a path a shell would mangle runs as units and is merged;
# a unit that fails once is retried alone by a rerun (joblog); plan prints
# the units; merge refuses duplicates and gaps naming them (exit 2).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/scale.sh
source "$(dirname "$0")/../lib/scale.sh"
require parallel

# Quotes, a space, $ and ; in every path: parallel's shell must not see them.
odd="$tmp/it's a \$HOME; dir"
mkdir -p "$odd"
cp configs/smoke.json "$odd/smoke \$(x).json"
scen="$odd/smoke \$(x).json"

echo "check: plan prints one line per unit, interleaved, and writes RUN_DIR"
"$sb" plan "$scen" --kernel host --repeats 2 --results "$odd/planned" >"$tmp/plan"
[[ $(cut -f1 "$tmp/plan" | tr '\n' ' ') == "host/NO_PREEMPT_SHORT/1 host/PREEMPT_SHORT/1 host/PREEMPT_SHORT/2 host/NO_PREEMPT_SHORT/2 " ]] ||
	fail "plan: $(cat "$tmp/plan")"
jq -e '.runs | length == 4' "$odd/planned/plan.json" >/dev/null || fail "plan.json"
cmp -s "$scen" "$odd/planned/scenario.json" || fail "planned scenario.json"

# run_parallel SCENARIO RESULTS: slicebench run with GNU parallel on this
# machine; its exit status in $rc, its output in $tmp/out.
run_parallel() {
	rc_of "$sb" run --kernel host --scenario "$1" --results "$2" \
		--executor parallel --sshlogin : >"$tmp/out" 2>&1
}

# merge_refused WHAT PATTERN: merging $tmp/a and $tmp/b exits 2 with PATTERN
# on stderr and merges nothing.
merge_refused() {
	rc_of "$sb" merge "$tmp/m2" "$tmp/a" "$tmp/b" 2>"$tmp/err"
	[[ $rc == 2 ]] || fail "$1: exit $rc"
	grep -q "$2" "$tmp/err" || fail "$1: $(cat "$tmp/err")"
	[[ ! -e $tmp/m2 ]] || fail "merged despite a $1"
}

echo "check: --executor parallel -S : runs both units and merges them (exit 0)"
run_parallel "$scen" "$odd/res"
[[ $rc == 0 ]] || {
	cat "$tmp/out"
	fail "run exited $rc"
}
root=$(readlink -f "$odd/res/latest")
for set in NO_PREEMPT_SHORT PREEMPT_SHORT; do
	m=$root/host/$set/1/manifest.json
	jq -e '.status == "complete" and (.host | .hostname != "" and .kernel != ""
		and .cpu_model != "" and .cpus >= 1 and .accel == "none"
		and has("qemu_version"))' "$m" >/dev/null || fail "$m: $(jq -c .host "$m")"
done
[[ -z $(find "$root/hosts" -name manifest.json) ]] || fail "units left in hosts/ after the merge"
jq -e '[.units[].unit] | sort == ["host/NO_PREEMPT_SHORT/1", "host/PREEMPT_SHORT/1"]' \
	"$root/merge.json" >/dev/null || fail "merge.json: $(cat "$root/merge.json")"
[[ $(awk 'NR > 1 && $7 == 0' "$root/parallel.joblog" | wc -l) == 2 ]] ||
	fail "joblog: $(cat "$root/parallel.joblog")"
grep -q '(2 runs, 0 not complete)' "$tmp/out" || fail "summary: $(tail -3 "$tmp/out")"

echo "check: merge RUN_DIR DIR... of two host trees (copies, inputs kept)"
mkdir -p "$tmp/a/host" "$tmp/b/host"
cp "$root/plan.json" "$root/scenario.json" "$tmp/a/"
cp -a "$root/host/NO_PREEMPT_SHORT" "$tmp/a/host/"
cp -a "$root/host/PREEMPT_SHORT" "$tmp/b/host/"
"$sb" merge "$tmp/m" "$tmp/a" "$tmp/b" >"$tmp/mout" || fail "merge: $(cat "$tmp/mout")"
grep -q 'merged 2 units' "$tmp/mout" || fail "merge said: $(cat "$tmp/mout")"
[[ -f $tmp/a/host/NO_PREEMPT_SHORT/1/manifest.json ]] || fail "merge changed an input"

echo "check: a duplicate and a gap are refused naming the units (exit 2)"
cp -a "$root/host/NO_PREEMPT_SHORT" "$tmp/b/host/"
merge_refused duplicate 'unit host/NO_PREEMPT_SHORT/1: arrived 2 times'
rm -rf "$tmp/b/host/PREEMPT_SHORT" "$tmp/b/host/NO_PREEMPT_SHORT"
merge_refused gap 'unit host/PREEMPT_SHORT/1: missing'

echo "check: a unit failing once is retried alone by the rerun (joblog)"
crash_once_scenario "$tmp/crashed-once" "$odd/crash.json"
run_parallel "$odd/crash.json" "$odd/res2"
[[ $rc == 4 ]] || fail "first run: exit $rc; $(tail -5 "$tmp/out")"
grep -q 'note: unit host/A/1: missing' "$tmp/out" || fail "gap not named: $(cat "$tmp/out")"
grep -q '  failed: workload crasher killed by signal 11' "$tmp/out" || fail "no reason: $(cat "$tmp/out")"
run_parallel "$odd/crash.json" "$odd/res2"
[[ $rc == 0 ]] || fail "rerun: exit $rc; $(tail -5 "$tmp/out")"
root=$(readlink -f "$odd/res2/latest")
jq -e '.status == "complete"' "$root/host/A/1/manifest.json" "$root/host/B/1/manifest.json" >/dev/null ||
	fail "not complete after the rerun"
# joblog: A failed, B ran; the rerun ran A alone
[[ $(awk 'NR > 1' "$root/parallel.joblog" | wc -l) == 3 ]] || fail "joblog: $(cat "$root/parallel.joblog")"
finish
