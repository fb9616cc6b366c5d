#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Hostile strings in a scenario never reach a shell nor leave the results
# directory: names with ; $() ` quotes newlines / or .. are refused (exit 2,
# the path and value named); arguments and descriptions holding them are
# passed and stored verbatim; no file appears outside the results root.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
canary=$tmp/pwned
hostile=("a;touch $canary" "\$(touch $canary)" "\`touch $canary\`" "a'b\"c"
	$'a\nb' "../escape" "x/y" "..")

# with_name WHERE VALUE: a scenario whose WHERE (scenario, set or workload) name is VALUE.
with_name() {
	local v
	v=$(jq -Rn --arg v "$2" '$v')
	case $1 in
	scenario) echo "{\"name\": $v, \"duration\": \"200ms\", \"feature_sets\": [{\"name\": \"A\", \"features\": []}], \"workloads\": [{\"tool\": \"cyclic\"}]}" ;;
	set) echo "{\"name\": \"s\", \"duration\": \"200ms\", \"feature_sets\": [{\"name\": $v, \"features\": []}], \"workloads\": [{\"tool\": \"cyclic\"}]}" ;;
	workload) echo "{\"name\": \"s\", \"duration\": \"200ms\", \"feature_sets\": [{\"name\": \"A\", \"features\": []}], \"workloads\": [{\"name\": $v, \"tool\": \"cyclic\"}]}" ;;
	tool) echo "{\"name\": \"s\", \"duration\": \"200ms\", \"feature_sets\": [{\"name\": \"A\", \"features\": []}], \"workloads\": [{\"tool\": $v}]}" ;;
	esac
}

mkdir -p "$tmp/res"
for where in scenario set workload tool; do
	echo "check: hostile $where names are refused, exit 2"
	for v in "${hostile[@]}"; do
		with_name "$where" "$v" >"$tmp/h.json"
		expect 2 'is not a name of \[A-Za-z0-9_.-\] characters' \
			"$sb" run --kernel host --scenario "$tmp/h.json" --results "$tmp/res"
	done
done
echo "check: hostile CPU lists and kernel names are refused, exit 2"
echo '{"name": "s", "duration": "200ms", "feature_sets": [{"name": "A", "features": []}], "workloads": [{"tool": "cyclic", "cpus": "0;reboot"}]}' >"$tmp/c.json"
expect 2 'workloads\[0\]\.cpus: "0;reboot" is not a CPU list' \
	"$sb" run --kernel host --scenario "$tmp/c.json" --results "$tmp/res"
scenario "$tmp/ok.json" ok 1 1
expect 2 "not a readable image file" \
	"$sb" run --kernel "\$(touch $canary)" --scenario "$tmp/ok.json" --results "$tmp/res"
expect 2 "unknown kernel 'a;reboot'" \
	"$sb" run --kernel "a;reboot" --scenario "$tmp/ok.json" --results "$tmp/res"
[[ -z $(ls -A "$tmp/res") ]] || fail "refused scenarios left files in the results root"

echo "check: hostile arguments and description are passed and kept verbatim"
args=$(printf '%s\n' "${hostile[@]}" "-rf" "--json=$canary" | jq -R . | jq -s -c .)
desc=$(jq -Rn --arg v "\$(touch $canary); \"q\"
nl" '$v')
cat >"$tmp/args.json" <<JSON
{"name": "args", "description": $desc, "duration": "200ms",
 "feature_sets": [{"name": "A", "features": []}],
 "workloads": [{"name": "echoer", "tool": "echo", "args": $args}]}
JSON
touch "$tmp/stamp"
expect 0 '\(1 run, 0 failed\)' "$sb" run --kernel host --scenario "$tmp/args.json" --results "$tmp/res"
run=$(complete_runs "$tmp/res/latest")
want=$(jq -r '.workloads[0].args | join(" ")' "$tmp/args.json")
[[ $(cat "$run/workloads/echoer.txt") == "$want" ]] || fail "echo got other arguments"
[[ $(jq -r .description "$tmp/res/latest/scenario.json") == $(jq -r .description "$tmp/args.json") ]] ||
	fail "the description was not kept verbatim"
[[ ! -e $canary ]] || fail "a hostile string ran as a command"
outside=$(find "$tmp" -mindepth 1 -newer "$tmp/stamp" -not -path "$tmp/res*" -not -path "$tmp/out" \
	-not -path "$SLICEBENCH_FEATURES_PATH" -print) # the stand-in features file a host run sets, atomically
[[ -z $outside ]] || fail "files written outside the results root: $outside"
finish
