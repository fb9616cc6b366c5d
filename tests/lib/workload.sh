# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Checks every workload generator passes, sourced by the workload tests
# (tests/integration/wl_*.sh) after tests/lib/common.sh: bad options refused
# naming option and value, and a document still written after SIGINT.
# shellcheck disable=SC2154 # tmp and rc: set by tests/lib/common.sh

# bad_options PROG NAME: for each "ARGS|MESSAGE" line of stdin, PROG ARGS
# exits 2 and its stderr is the one line "NAME: MESSAGE".
bad_options() {
	local prog=$1 name=$2 args msg
	while IFS='|' read -r args msg; do
		# shellcheck disable=SC2086 # word splitting of the case is wanted
		rc_of "$prog" $args </dev/null >/dev/null 2>"$tmp/err"
		echo "  $name $args -> $rc: $(cat "$tmp/err")"
		((rc == 2)) || fail "$name $args: exit $rc, want 2"
		grep -qxF "$name: $msg" "$tmp/err" || fail "$name $args: want the message '$name: $msg'"
	done
}

# interrupted PROG JQ ARGS...: PROG ARGS... --json FILE, sent SIGINT after
# 1.5 s, exits 0 and its document passes the jq test JQ.
interrupted() {
	local prog=$1 test=$2 pid
	shift 2
	"$prog" "$@" --json "$tmp/int.json" &
	pid=$!
	sleep 1.5
	kill -INT "$pid"
	wait "$pid" || fail "interrupted ${prog##*/}: exit $?"
	jq -e "$test" "$tmp/int.json" >/dev/null ||
		fail "interrupted ${prog##*/}: $(jq -c '{status, duration_ns}' "$tmp/int.json")"
}
