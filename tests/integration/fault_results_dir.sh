#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Results that cannot be written: a read-only results root exits 2 (no
# place for results: bad usage) naming it, and so does a --results that is
# a file; a disk that fills up mid-matrix (a 4 MB tmpfs, filled once the first
# run is complete) fails the later runs (exit 4) naming the run directory,
# keeps the complete run as it was, and leaves no half-written run looking
# complete; with space again, the same command resumes and completes.
# Two runs into one results root: the second exits 2 at once naming the
# run directory and the first's pid, and the first ends with every run on
# disk. An empty --results is refused (exit 2) before anything is made.
# A disk full at the start exits 3 with the reason and leaves no results
# directory; one that fills while the summary is written (a tmpfs with
# inodes for the runs but not the plots) keeps the runs (exit 0, counted),
# and says so on a line of its own after the tables.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/fault.sh
source tests/lib/fault.sh
[[ $EUID == 0 ]] || fail "needs root (it mounts small tmpfs file systems)"
mnt=$tmp/mnt
mkdir -p "$mnt"
unmount() { umount "$mnt" 2>/dev/null; }
at_exit unmount
scenario "$tmp/s.json" full 1 2

echo "check: --results \"\": exit 2 naming the option"
expect 2 '--results: "": is empty' "$sb" run --kernel host --scenario "$tmp/s.json" --results ""

echo "check: a second run into the same results: exit 2 naming the run directory and the first's pid"
scenario "$tmp/two.json" two 2 2
"$sb" run --kernel host --scenario "$tmp/two.json" --results "$tmp/two" >"$tmp/first" 2>&1 &
pid=$!
first=$(wait_complete "$tmp/two")
run_dir=$(realpath "$first/../../..")
expect 2 "^slicebench run: $run_dir: another slicebench run \(pid $pid\) is using this results directory: wait for it to end, or give another --results$" \
	"$sb" run --kernel host --scenario "$tmp/two.json" --results "$tmp/two"
expect 2 "$run_dir: another slicebench run \(pid $pid\) is using this results directory" \
	"$sb" run --kernel host --scenario "$tmp/two.json" --resume "$run_dir"
rc=0
wait "$pid" || rc=$?
((rc == 0)) || { cat "$tmp/first"; fail "the first run exited $rc"; }
grep -q "(4 runs, 0 failed)" "$tmp/first" || { cat "$tmp/first"; fail "no (4 runs, 0 failed)"; }
n=$(complete_runs "$run_dir" | wc -l)
((n == 4)) || fail "$n complete runs on disk, the first run reported 4"
echo "ok: the first run ended with its 4 runs on disk"

echo "check: a read-only results root, or one that is a file: exit 2 naming it"
mount -t tmpfs -o size=1m,ro tmpfs "$mnt"
expect 2 "$mnt/res: --results: cannot create a run here: Read-only file system" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$mnt/res"
expect 2 "$mnt: --results: cannot create a run here: Read-only file system" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$mnt"
umount "$mnt"
expect 2 "/etc/passwd: --results: is not a directory" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results /etc/passwd

echo "check: a full disk at the start: exit 4 with the reason, no results directory left"
mount -t tmpfs -o size=1m tmpfs "$mnt"
dd if=/dev/zero of="$mnt/fill" bs=64k status=none 2>/dev/null || true
expect 4 "$mnt/res: --results: cannot create a run here: No space left on device \(free space, or give another --results\)" \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$mnt/res"
[[ ! -e $mnt/res ]] || fail "$mnt/res was left behind"
umount "$mnt"

echo "check: the disk fills up while the summary is written: the runs kept and counted, the reason on its own line"
scenario "$tmp/one.json" one 1 1
mount -t tmpfs -o size=16m tmpfs "$mnt"
"$sb" run --kernel host --scenario "$tmp/one.json" --results "$mnt/res" >/dev/null 2>&1 ||
	fail "a run with space failed"
runs=$(find "$mnt/res" -not -path '*/plots*' -not -name report.html | wc -l)
plots=$(find "$mnt/res" -path '*/plots*' | wc -l)
((plots >= 8)) || skip "only $plots plot files: too few to fill the disk between the runs and the summary"
umount "$mnt"
# the runs' inodes, the file system's root and a few temp files; not the plots
mount -t tmpfs -o "size=16m,nr_inodes=$((runs + 4))" tmpfs "$mnt"
expect 0 '^slicebench run: the runs are kept, but not the summary \(report.html, plots\): .*; `slicebench report' \
	"$sb" run --kernel host --scenario "$tmp/one.json" --results "$mnt/res"
grep -q '(1 run, 0 failed)' "$tmp/out" || fail "no (1 run, 0 failed)"
n=$(complete_runs "$mnt/res/latest" | wc -l)
((n == 1)) || fail "$n complete runs on disk, 1 reported"
echo "ok: 1 complete run on disk, as reported"
umount "$mnt"

echo "check: the disk fills up after the first run: exit 4 naming the run that could not be written"
mount -t tmpfs -o size=4m tmpfs "$mnt"
rc=0
timeout 600 "$sb" run --kernel host --scenario "$tmp/s.json" --results "$mnt/res" \
	>"$tmp/out" 2>&1 &
pid=$!
first=$(wait_complete "$mnt/res")
dd if=/dev/zero of="$mnt/fill" bs=64k status=none 2>/dev/null || true
sum1=$(tree_sum "$first")
wait "$pid" || rc=$?
((rc == 4)) || { cat "$tmp/out"; fail "exit $rc, want 4"; }
grep -qE "cannot finish $mnt/res/full-[0-9-]+/host/A/2" "$tmp/out" ||
	{ cat "$tmp/out"; fail "no message naming run 2"; }
echo "ok: exit 4, $(grep -m1 'cannot finish' "$tmp/out")"
[[ $(tree_sum "$first") == "$sum1" ]] || fail "the complete run changed"
[[ ! -e $(dirname "$first")/2/manifest.json ]] ||
	fail "run 2 has a manifest in its final place"

echo "check: with space again, the same command resumes the run and completes it"
rm "$mnt/fill"
expect 0 '\(2 runs, 0 failed\)|resum' \
	"$sb" run --kernel host --scenario "$tmp/s.json" --results "$mnt/res"
n=$(complete_runs "$mnt/res/latest" | wc -l)
((n == 2)) || fail "$n complete runs, want 2"
[[ $(find "$mnt/res" -mindepth 1 -maxdepth 1 -name 'full-*' | wc -l) == 1 ]] ||
	fail "a second run-id was started instead of resuming"
[[ $(tree_sum "$first") == "$sum1" ]] || fail "the resumed matrix rewrote the complete run"
[[ -z $(find "$mnt/res" -name '*.tmp') ]] || fail "temp run directories left behind"
finish
