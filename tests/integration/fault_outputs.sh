#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every output option of table, compare and gate (check's are the gate's
# rows and writer): "-" is standard output and no file named "-"; /dev/full
# fails (non-zero exit, "No space left on device") and stays a character
# device; /dev/null and a FIFO are written in place and stay what they are;
# a symlink is written through (its target truncated and written, the link
# stays a link; fault_outputs_edges.sh checks mode and owner); a
# directory or a path in no directory is refused with exit 2 naming the
# option and the path.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
output_inputs

# outputs NAME OPT WANT_RC VALID CMD...: OPT of CMD written to each kind of
# path; CMD exits WANT_RC when the output can be written; VALID is a command
# that reads the output on its standard input and fails unless well formed.
outputs() {
	local name=$1 opt=$2 want=$3 valid=$4 rc
	shift 4
	echo "check: $name $opt"
	rm -rf "$tmp/o" && mkdir "$tmp/o"

	expect 4 "$opt: /dev/full: No space left on device" "$@" "$opt" /dev/full
	[[ -c /dev/full ]] || fail "/dev/full is no longer a character device"
	expect "$want" "" "$@" "$opt" /dev/null
	[[ -c /dev/null ]] || fail "/dev/null is no longer a character device"

	mkfifo "$tmp/o/fifo"
	cat "$tmp/o/fifo" >"$tmp/o/from_fifo" &
	expect "$want" "" "$@" "$opt" "$tmp/o/fifo"
	wait $!
	[[ -p $tmp/o/fifo ]] || fail "the FIFO was replaced"
	$valid <"$tmp/o/from_fifo" >/dev/null || fail "what came through the FIFO is not well formed"
	echo "ok: the FIFO is still a FIFO, $(wc -c <"$tmp/o/from_fifo") bytes came through"

	echo old >"$tmp/o/target"
	ln -s target "$tmp/o/link"
	expect "$want" "" "$@" "$opt" "$tmp/o/link"
	[[ -L $tmp/o/link && $(readlink "$tmp/o/link") == target ]] || fail "the symlink was replaced"
	$valid <"$tmp/o/target" >/dev/null || fail "the symlink's target was not written"
	echo "ok: the symlink stays, its target was written"

	mkdir "$tmp/o/dir"
	expect 2 "$opt: $tmp/o/dir: is a directory" "$@" "$opt" "$tmp/o/dir"
	[[ -z $(ls -A "$tmp/o/dir") ]] || fail "something was written into the directory"
	expect 2 "$opt: /nonexistent/x: no such directory" "$@" "$opt" /nonexistent/x

	rc=0
	(cd "$tmp/o" && "$@" "$opt" - >"$tmp/o/stdout" 2>"$tmp/o/stderr") || rc=$?
	((rc == want)) || { cat "$tmp/o/stderr"; fail "$opt - exited $rc, want $want"; }
	[[ ! -e $tmp/o/- ]] || fail "$opt - wrote a file named -"
	$valid <"$tmp/o/stdout" >/dev/null || fail "$opt - did not write it alone on standard output"
	echo "ok: $opt - is standard output"
}

json() { jq -e .schema; }
markdown() { grep -q '^### slicebench gate'; }
csv() { head -1 | grep -q $'^rule,group,metric,.*,verdict,note\r$'; }
junit() { grep -q '^<testsuites>'; }
compare_md() { grep -q '^### Medians'; }

outputs table --json 0 json "$sb" table "$tmp/p.data"
outputs compare --json 0 json "$sb" compare "$r"
outputs compare --markdown 0 compare_md "$sb" compare "$r"
for o in json markdown junit csv; do
	outputs gate "--$o" 3 "$o" "$sb" gate --base "$r:debian/A" --cand "$r:debian/B"
done
finish
