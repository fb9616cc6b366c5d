#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Bad input to `slicebench run` (host mode): each case exits with its code
# and a message naming the file, JSON path and value (line and column for
# malformed JSON), and the completed run already in the results root is
# neither lost nor altered. Slices out of range are clamped with a warning.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
fx=tests/fixtures/scenarios

echo "setup: one completed host run in the results root"
scenario "$tmp/ok.json" ok 1 1
expect 0 'complete' "$sb" run --kernel host --scenario "$tmp/ok.json" --results "$tmp/res"
before=$(tree_sum "$tmp/res")
runs=$(complete_runs "$tmp/res/latest" | wc -l)
((runs == 1)) || fail "$runs complete runs after setup, want 1"

bad() { # FILE REGEX [KERNEL]: exit 2 naming the culprit, results untouched
	local file=$1 re=$2 kernel=${3:-host}
	expect 2 "$re" "$sb" run --kernel "$kernel" --scenario "$file" --results "$tmp/res"
	[[ $(tree_sum "$tmp/res") == "$before" ]] || fail "results changed by $file"
}

echo "check: malformed JSON names the file, line and column"
bad "$fx/bad_malformed.json" "bad_malformed.json: line 2, column 19: "
echo "check: an unknown key is named with its JSON path"
bad "$fx/bad_unknown_key.json" "bad_unknown_key.json: workloads\[0\]\.slcie: unknown key"
echo "check: a value of the wrong type is quoted"
bad "$fx/bad_wrong_type.json" "bad_wrong_type.json: repeats: \"3\" is not an integer"
echo "check: a missing required field"
bad "$fx/bad_missing_field.json" "bad_missing_field.json: duration: is missing"
echo "check: a zero duration"
bad "$fx/bad_zero_duration.json" "duration: \"0s\" must be greater than zero"
echo "check: a negative duration"
bad "$fx/bad_negative_duration.json" "warmup: -5 is negative"
echo "check: a negative duration string"
printf '{"name": "neg", "duration": "-2s", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic"}]}' >"$tmp/neg.json"
bad "$tmp/neg.json" 'neg.json: duration: "-2s" is not a duration'
echo "check: a duration in an unknown unit lists the units; h and min are units"
printf '{"name": "hr", "duration": "1hr", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic"}]}' >"$tmp/hr.json"
bad "$tmp/hr.json" 'hr.json: duration: "1hr" is not a duration \(units: ns \(the default\), us, ms, s, min \(or m\), h\)'
printf '{"name": "hmin", "duration": "1h", "warmup": "1min", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic"}]}' >"$tmp/hmin.json"
expect 0 'host	A	1' "$sb" plan "$tmp/hmin.json" --kernel host
echo "check: a malformed feature name"
bad "$fx/bad_feature_name.json" 'features\[0\]: "preempt_short" is not a feature name'
echo "check: an unknown kernel lists the known ones"
bad "$tmp/ok.json" "unknown kernel 'no-such-kernel'; available: .*debian" no-such-kernel
echo "check: a scenario file that is not there"
bad "$tmp/missing.json" "missing.json: cannot read: No such file or directory"

echo "check: slices out of range are clamped with a warning, and the run uses the clamped value"
scenario "$tmp/clamp.json" clamp 1 1 \
	'[{"name": "tiny", "tool": "cyclic", "slice": "10us"}, {"name": "huge", "tool": "cyclic", "slice": "2s"}]'
expect 0 'workloads\[0\]\.slice: 10us clamped to 100us' \
	"$sb" run --kernel host --scenario "$tmp/clamp.json" --results "$tmp/clamp"
grep -q 'workloads\[1\]\.slice: 2s clamped to 100ms' "$tmp/out" || fail "no warning for the 2s slice"
run=$(complete_runs "$tmp/clamp/latest")
[[ $(jq '.slice.requested_ns' "$run/workloads/tiny.json") == 100000 ]] || fail "tiny slice not 100us"
[[ $(jq '.slice.requested_ns' "$run/workloads/huge.json") == 100000000 ]] || fail "huge slice not 100ms"

echo "check: --quiet keeps the warnings and drops the progress lines"
"$sb" --quiet run --kernel host --scenario "$tmp/clamp.json" --results "$tmp/quiet" \
	>"$tmp/quiet.out" 2>"$tmp/quiet.err" || fail "--quiet run exited $?"
progress='^results: |\]: running$|: complete in '
! grep -qE "$progress" "$tmp/quiet.out" "$tmp/quiet.err" || fail "--quiet printed progress"
grep -q 'workloads\[0\]\.slice: 10us clamped to 100us' "$tmp/quiet.err" || fail "--quiet lost the warning"
grep -q '^== host / A' "$tmp/quiet.out" || fail "--quiet lost the results table"
[[ -n $(complete_runs "$tmp/quiet/latest") ]] || fail "--quiet run did not complete"
[[ $(grep -cE "$progress" "$tmp/out") -ge 3 ]] || fail "without --quiet the progress lines are missing"

echo "check: an unknown tool is refused before any run, naming the workload"
scenario "$tmp/tool.json" tool 2 1 '[{"tool": "cyclic"}, {"tool": "no-such-tool"}]'
bad "$tmp/tool.json" 'tool.json: workloads\[1\]\.tool: "no-such-tool" is not a program in build/bin or on PATH'
echo "check: in the guest a busybox applet passes and an unknown tool is refused"
scenario "$tmp/guest_tools.json" guest_tools 1 1 '[{"tool": "sh"}, {"tool": "no-such-tool"}]'
bad "$tmp/guest_tools.json" 'workloads\[1\]\.tool: "no-such-tool" is not a program in the guest' debian
[[ $(tree_sum "$tmp/res") == "$before" ]] || fail "the first results root changed"
finish
