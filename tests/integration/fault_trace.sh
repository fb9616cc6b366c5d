#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Broken traces into `slicebench table` (the ASan+UBSan build): empty,
# garbage, trace.dat and perf.data cut at many points, bytes flipped
# anywhere. Each is exit 2 with one line naming the file (a flipped byte may
# also still read: exit 0), never a crash, a hang or a sanitizer report;
# lost events are counted and the text table warns about them.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
sb=$build_dir/asan/bin/slicebench
writer=$build_dir/tests/test_analyzer_tracedat
[[ -x $sb ]] || make -s "${sb#"$repo_dir"/}"
[[ -x $writer ]] || make -s "${writer#"$repo_dir"/}"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1

# table FILE OKCODES: exit code in OKCODES ("2" or "0 2"); a failure is one
# line on stderr naming FILE; no sanitizer report. The JSON table of a
# success is left in $tmp/out.
table() {
	local file=$1 ok=$2 rc=0
	timeout 60 "$sb" table "$file" --json - >"$tmp/out" 2>"$tmp/err" || rc=$?
	[[ " $ok " == *" $rc "* ]] || { cat "$tmp/err"; fail "$file: exit $rc, want one of: $ok"; }
	! grep -qE 'Sanitizer|runtime error' "$tmp/err" || { cat "$tmp/err"; fail "$file: sanitizer report"; }
	if ((rc != 0)); then
		[[ $(wc -l <"$tmp/err") == 1 ]] || { cat "$tmp/err"; fail "$file: not one line"; }
		grep -qF "$file" "$tmp/err" || fail "$file: message does not name it: $(cat "$tmp/err")"
	fi
	return 0
}

"$writer" --write "$tmp/trace.dat" >/dev/null
perf record -q -o "$tmp/perf.data" -e sched:sched_switch -e sched:sched_wakeup -- \
	sleep 0.05 >/dev/null 2>&1 || fail "perf record failed"

echo "check: an empty file and garbage"
: >"$tmp/empty.dat"
table "$tmp/empty.dat" 2
head -c 65536 /dev/urandom >"$tmp/garbage.dat"
table "$tmp/garbage.dat" 2
echo "check: a trace.dat magic followed by nothing, and by garbage"
head -c 10 "$tmp/trace.dat" >"$tmp/magic.dat"
table "$tmp/magic.dat" 2
cat "$tmp/magic.dat" "$tmp/garbage.dat" >"$tmp/magicgarbage.dat"
table "$tmp/magicgarbage.dat" 2

# The figures of a JSON table that do not depend on its path or the clock.
summary() {
	jq -c '[.events, .lost_events, .total, .tasks]' "$1"
}

for f in trace.dat perf.data; do
	size=$(stat -c %s "$tmp/$f")
	table "$tmp/$f" 0
	full=$(summary "$tmp/out")
	ok_cut=2
	[[ $f == trace.dat ]] || ok_cut="0 2"
	echo "check: $f ($size bytes) cut at 40 points"
	for ((i = 1; i <= 40; i++)); do
		cut=$((size * i / 41))
		head -c "$cut" "$tmp/$f" >"$tmp/cut-$f"
		table "$tmp/cut-$f" "$ok_cut"
		# Read anyway: only when the events were all there (perf.data's
		# trailing feature sections), giving the whole file's table.
		[[ ! -s $tmp/out ]] || [[ $(summary "$tmp/out") == "$full" ]] ||
			fail "$f cut at $cut of $size bytes: read, with other figures"
	done
	echo "check: $f with a byte flipped at 40 points (reads or exit 2, never a crash)"
	for ((i = 0; i < 40; i++)); do
		cp "$tmp/$f" "$tmp/flip-$f"
		off=$((size * i / 40))
		printf '\xff' | dd of="$tmp/flip-$f" bs=1 seek="$off" conv=notrunc status=none
		table "$tmp/flip-$f" "0 2"
	done
done

echo "check: lost events are counted in the JSON and warned about in the text"
"$sb" table "$tmp/trace.dat" --json "$tmp/t.json" >"$tmp/t.txt"
[[ $(jq .lost_events "$tmp/t.json") -ge 1 ]] || fail "lost_events $(jq .lost_events "$tmp/t.json")"
grep -qiE 'lost' "$tmp/t.txt" || fail "the text does not warn about lost events"
finish
