#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Outputs at the edges (docs/faults.md, "Outputs" and "Exit codes by
# failure class"): a symlink to a private file is written through, its
# target keeping inode, mode 0600 and owner; a regular file replaced keeps
# its mode and owner; an output that is one of the command's inputs, or
# lies inside an input results directory, or is named twice (also through
# a symlink, or "-" twice) is refused with exit 2 and the input is
# unchanged (sha256 before and after); an output on a read-only file
# system is refused with exit 2 by table, compare (also --plots --out),
# gate, check and kernel boot, check before it makes a results directory
# or starts QEMU; so is a --results there for check and bisect, before
# any boot or build. Input exit codes: report and compare of a directory
# not there, --results naming a file (run, check, plan, bisect): 2.
# Hand-edited run files (lost_events -1, schema 99,
# runs of two scenarios in one directory) are refused by compare, report
# and gate with exit 2 naming file, field and value.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
output_inputs
gate=("$sb" gate --base "$r:debian/A" --cand "$r:debian/B")

# A private file: mode 0600, and owned by nobody when we may give it away.
private() {
	echo "secret" >"$1"
	chmod 600 "$1"
	if ((EUID == 0)); then chown 65534:65534 "$1"; fi
}

# kept PATH WANT: PATH's mode, owner and inode are WANT ("mode uid:gid inode").
kept() {
	local got
	got=$(stat -c '%a %u:%g %i' "$1")
	[[ $got == "$2" ]] || fail "$1 is now $got, was $2"
}

tree_sha() { find "$1" -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum; }

echo "check: a symlink to a private file is written through; the target keeps mode, owner, inode"
for args in "table $tmp/p.data --json" "compare $r --json" "compare $r --markdown" \
	"gate --base $r:debian/A --cand $r:debian/B --json" \
	"gate --base $r:debian/A --cand $r:debian/B --junit"; do
	rm -f "$tmp/private" "$tmp/link"
	private "$tmp/private"
	ln -s private "$tmp/link"
	before=$(stat -c '%a %u:%g %i' "$tmp/private")
	# shellcheck disable=SC2086 # the words of $args are the command's
	rc=0 && "$sb" $args "$tmp/link" >/dev/null 2>"$tmp/err" || rc=$?
	((rc == 0 || rc == 3)) || { cat "$tmp/err"; fail "$args LINK exited $rc"; }
	[[ -L $tmp/link ]] || fail "$args: the symlink was replaced"
	kept "$tmp/private" "$before"
	[[ $(head -c 6 "$tmp/private") != secret ]] || fail "$args: nothing was written"
	echo "ok: $args LINK: the target is still $before ($(wc -c <"$tmp/private") bytes written)"
done

echo "check: a regular file replaced keeps its mode and owner"
private "$tmp/reg.json"
chmod 640 "$tmp/reg.json"
want=$(stat -c '%a %u:%g' "$tmp/reg.json")
expect 0 "" "$sb" compare "$r" --json "$tmp/reg.json"
[[ $(stat -c '%a %u:%g' "$tmp/reg.json") == "$want" ]] ||
	fail "compare --json changed $tmp/reg.json to $(stat -c '%a %u:%g' "$tmp/reg.json"), was $want"
jq -e .schema "$tmp/reg.json" >/dev/null || fail "the replaced file is not the JSON"
echo "ok: still $want, and the new JSON"

echo "check: an output that is an input, or inside one, is refused (2) and the input unchanged"
sum=$(tree_sha "$r")
expect 2 "--json: $r/debian/A/1/table.json: lies inside the results $r" \
	"${gate[@]}" --json "$r/debian/A/1/table.json"
expect 2 "--markdown: $r/new.md: lies inside the results $r" \
	"$sb" compare "$r" --markdown "$r/new.md"
[[ ! -e $r/new.md ]] || fail "compare made $r/new.md"
cp ci/gate.json "$tmp/rules.json"
rules_sum=$(sha256sum <"$tmp/rules.json")
expect 2 "--junit: $tmp/rules.json: is --rules $tmp/rules.json" \
	"${gate[@]}" --rules "$tmp/rules.json" --junit "$tmp/rules.json"
[[ $(sha256sum <"$tmp/rules.json") == "$rules_sum" ]] || fail "the rules file changed"
p_sum=$(sha256sum <"$tmp/p.data")
expect 2 "--json: $tmp/p.data: is FILE $tmp/p.data" "$sb" table "$tmp/p.data" --json "$tmp/p.data"
ln -s p.data "$tmp/p.link"
expect 2 "--json: $tmp/p.link: is FILE" "$sb" table "$tmp/p.data" --json "$tmp/p.link"
[[ $(sha256sum <"$tmp/p.data") == "$p_sum" ]] || fail "the trace changed"
[[ $(tree_sha "$r") == "$sum" ]] || fail "the results changed"
echo "ok: the results, the rules file and the trace are unchanged"

echo "check: the same output named twice is refused (2) before any work"
expect 2 "--junit: $tmp/x: --json names it too: one output a file" \
	"${gate[@]}" --json "$tmp/x" --junit "$tmp/x"
ln -s x "$tmp/x.link"
expect 2 "--json: $tmp/x: --markdown names it too" \
	"$sb" compare "$r" --json "$tmp/x" --markdown "$tmp/x.link"
expect 2 "--junit: -: --markdown names it too: standard output takes one output" \
	"${gate[@]}" --markdown - --junit -
[[ ! -e $tmp/x ]] || fail "$tmp/x was written"
echo "ok: nothing written"

echo "check: an output on a read-only file system: exit 2 before any work"
ro=$tmp/ro
mkdir "$ro"
unmount_ro() { umount "$ro"; }
if ((EUID == 0)) && mount -t tmpfs -o size=1m,ro tmpfs "$ro" 2>/dev/null; then
	at_exit unmount_ro
	why="Read-only file system"
else
	chmod 555 "$ro"
	why="Permission denied"
fi
expect 2 "slicebench table: --json: $ro/x.json: $why" "$sb" table "$tmp/p.data" --json "$ro/x.json"
expect 2 "slicebench compare: --json: $ro/x.json: $why" "$sb" compare "$r" --json "$ro/x.json"
expect 2 "slicebench gate: --junit: $ro/x.xml: $why" "${gate[@]}" --junit "$ro/x.xml"
expect 2 "slicebench compare: --out: $ro/plots: $why" "$sb" compare "$r" --plots --out "$ro/plots"
expect 2 "slicebench compare: --out: /etc/passwd: Not a directory" "$sb" compare "$r" --plots --out /etc/passwd
# check with what would boot both kernels: a stand-in QEMU and make on
# PATH say whether anything was started
mkdir "$tmp/bin"
for p in qemu-system-x86_64 make; do
	printf '#!/bin/sh\ntouch %s/started-%s\nexit 1\n' "$tmp" "$p" >"$tmp/bin/$p"
	chmod +x "$tmp/bin/$p"
done
base=$(jq -r '.feature_sets[0].name' configs/smoke.json)
expect 2 "slicebench check: --json: $ro/x.json: $why" \
	env PATH="$tmp/bin:$PATH" "$sb" check --base debian --cand host --scenario configs/smoke.json \
	--feature-set "$base" --results "$tmp/res" --json "$ro/x.json"
[[ ! -e $tmp/res ]] || fail "check made a results directory"
compgen -G "$tmp/started-*" >/dev/null && fail "check started $(ls "$tmp"/started-*)"
expect 2 "slicebench kernel boot: --console: $ro/c.txt: $why" \
	env PATH="$tmp/bin:$PATH" "$sb" kernel boot host --init /bin/true --console "$ro/c.txt"
compgen -G "$tmp/started-*" >/dev/null && fail "kernel boot started $(ls "$tmp"/started-*)"
expect 2 "$ro/res: --results: cannot create a run here: $why" \
	env PATH="$tmp/bin:$PATH" "$sb" check --base debian --cand host --scenario configs/smoke.json \
	--feature-set "$base" --results "$ro/res"
expect 2 "$ro/res: --results: cannot create a run here: $why" \
	env PATH="$tmp/bin:$PATH" "$sb" bisect --good bisect-demo+0 --bad bisect-demo \
	--scenario configs/bisect.json --results "$ro/res"
compgen -G "$tmp/started-*" >/dev/null && fail "check or bisect started $(ls "$tmp"/started-*)"
echo "ok: no results directory, no QEMU, no build"

echo "check: input exit codes: a RUN_DIR not there, --results naming a file"
expect 2 "slicebench report: /nonexistent: No such file or directory" "$sb" report /nonexistent
expect 2 "slicebench compare: /nonexistent: No such file or directory" "$sb" compare /nonexistent
expect 2 "slicebench report: /etc/passwd: not a directory" "$sb" report /etc/passwd
expect 2 "/etc/passwd: --results: is not a directory" \
	"$sb" check --base debian --cand host --scenario configs/smoke.json --results /etc/passwd
expect 2 "/etc/passwd: --results: Not a directory" \
	"$sb" plan --scenario configs/smoke.json --kernel host --results /etc/passwd
expect 2 "/etc/passwd: --results: is not a directory" \
	"$sb" bisect --good bisect-demo+0 --bad bisect-demo --scenario configs/bisect.json --results /etc/passwd
scenario "$tmp/s.json" s 1 1
expect 2 "/etc/passwd: --results: is not a directory" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results /etc/passwd
check_eq "run: the refusal is the only line (no plan or sizing table before it)" 1 \
	"$(wc -l <"$tmp/out")"

echo "check: hand-edited run files are refused by compare, report and gate (2)"
# edited DESCRIPTION FILE JQ REGEX: FILE of a copy of the results changed by JQ
edited() {
	local what=$1 file=$2 filter=$3 re=$4 h=$tmp/h
	echo "check: $what"
	rm -rf "$h" && cp -r "$r" "$h"
	jq "$filter" "$h/$file" >"$h/$file.new" && mv "$h/$file.new" "$h/$file"
	expect 2 "^slicebench compare: $h/$file: $re" "$sb" compare "$h"
	expect 2 "^slicebench report: $h/$file: $re" "$sb" report "$h"
	expect 2 "^slicebench gate: $h/$file: $re" "$sb" gate --base "$h:debian/A" --cand "$h:debian/B"
}
edited "lost_events: -1" debian/A/2/table.json '.lost_events = -1' \
	'lost_events: -1: must be an integer of at least 0'
edited "a manifest of schema 99" debian/B/3/manifest.json '.schema = 99' \
	'schema: 99: must be 1'
edited "a table of schema 99" debian/A/1/table.json '.schema = 99' 'schema: 99:'
edited "a workload document of schema 99" debian/B/1/workloads/cyclic.json '.schema = 99' 'schema: 99:'
edited "a scenario sha256 that is not the other runs'" debian/A/2/manifest.json \
	'.scenario.sha256 = "0000"' \
	'scenario.sha256: "0000" is not .*/manifest.json.s "[0-9a-f]{64}": .* holds runs of two scenarios'
finish
