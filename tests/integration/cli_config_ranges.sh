#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A setting that both a command line and a config file set has one range:
# `kernel boot --cpus/--memory/--icount-shift/--accel` and a scenario's
# guest object, run's and plan's --repeats, check's and bisect's
# --max-repeats and a scenario's repeats, a generator's --duration,
# --warmup and --slice and a scenario's (each row names one shared
# constant; this fails when one of them is given a range of its own).
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
require jq

# A scenario that plans on the host kernel without booting: spin_example.
jq '.workloads = [{"tool": "spin_example", "count": 1}]' \
	tests/fixtures/ci/vm-smoke/scenario.json >"$tmp/base.json"

# scenario_err JQ: the first error line of planning the scenario edited by JQ.
scenario_err() {
	jq "$1" "$tmp/base.json" >"$tmp/s.json"
	rc_of "$sb" plan "$tmp/s.json" --kernel host >/dev/null 2>"$tmp/serr"
	[[ $rc == 2 ]] || fail "plan of $1 exited $rc, wanted 2"
	head -n1 "$tmp/serr"
}

# cli_err CMD...: the first error line of a command line refused (exit 2).
cli_err() {
	rc_of "$@" >/dev/null 2>"$tmp/cerr"
	[[ $rc == 2 ]] || fail "'$*' exited $rc, wanted 2"
	head -n1 "$tmp/cerr"
}

# The "[min, max]" a message quotes.
range_of() {
	grep -oE '\[-?[0-9]+, -?[0-9]+\]' <<<"$1" || echo "no range in: $1"
}

# same_range WHAT CLI_LINE SCENARIO_LINE
same_range() {
	check_eq "$1" "$(range_of "$3")" "$(range_of "$2")"
}

echo "check: the guest's shape: kernel boot and guest.*"
boot=("$sb" kernel boot x --init /dev/null)
same_range "--cpus and guest.cpus" "$(cli_err "${boot[@]}" --cpus 0)" \
	"$(scenario_err '.guest.cpus = 0')"
same_range "--memory and guest.memory_mb" "$(cli_err "${boot[@]}" --memory 1)" \
	"$(scenario_err '.guest.memory_mb = 1')"
same_range "--icount-shift and guest.icount_shift" \
	"$(cli_err "${boot[@]}" --icount-shift 99)" \
	"$(scenario_err '.guest.icount_shift = 99')"
cli=$(cli_err "${boot[@]}" --accel bogus)
conf=$(scenario_err '.guest.accel = "bogus"')
check_eq "--accel and guest.accel" "${conf#*is not one of }" "${cli#*is not one of }"
for cmd in run check bisect; do
	cli=$(cli_err "$sb" "$cmd" --accel bogus)
	check_eq "$cmd --accel and guest.accel" "${conf#*is not one of }" \
		"${cli#*is not one of }"
done

echo "check: runs a side: --repeats, --max-repeats and repeats"
conf=$(scenario_err '.repeats = 0')
same_range "run --repeats" "$(cli_err "$sb" run --repeats 0)" "$conf"
same_range "plan --repeats" "$(cli_err "$sb" plan --repeats 0)" "$conf"
same_range "check --max-repeats" "$(cli_err "$sb" check --max-repeats 0)" "$conf"
same_range "bisect --max-repeats" "$(cli_err "$sb" bisect --max-repeats 0)" "$conf"

echo "check: durations: a generator's options and the scenario's keys"
# The longest accepted by both, and one ns more refused by both.
jq '.duration = "24h" | .warmup = "24h" | .workloads[0].slice = "24h"' \
	"$tmp/base.json" >"$tmp/s.json"
expect_rc 0 "$sb" plan "$tmp/s.json" --kernel host
expect_rc 0 "$bin_dir/spin_example" --duration 24h --warmup 24h --slice 24h --check-args
over=86400000000001
scenario_err ".duration = $over" >/dev/null
scenario_err ".warmup = $over" >/dev/null
scenario_err ".workloads[0].slice = $over" >/dev/null
for opt in duration warmup slice; do
	cli_err "$bin_dir/spin_example" "--$opt" "$over" --check-args >/dev/null
	echo "ok: --$opt and $opt: at most 24h"
done
finish
