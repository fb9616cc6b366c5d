#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench compare on synthetic results: every group and column in the
# text, Markdown and JSON; --plots writes valid, non-empty PNGs and a static
# report.html (no external resource; one inline script marking loaded
# images); bad input exits 2.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
synth=tests/fixtures/ci/synth.sh
# shellcheck disable=SC2317 # exits and is_png are run through check
exits() { # exits CODE COMMAND...: the command exits with CODE
	local want=$1 rc=0
	shift
	"$@" >/dev/null 2>"$tmp/err" || rc=$?
	[[ $rc == "$want" ]]
}
# shellcheck disable=SC2317
is_png() {
	[[ -s $1 && $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]
}

r=$tmp/run1
bash "$synth" "$r" debian PREEMPT_SHORT 3 1
bash "$synth" "$r" debian NO_PREEMPT_SHORT 3 2 delay=3
bash "$synth" "$tmp/run2" cfs PREEMPT_SHORT 2 3 loops=0.8

echo "== one results dir: feature sets side by side"
"$sb" compare "$r" --json "$tmp/c.json" >"$tmp/out"
for want in 'debian/PREEMPT_SHORT, repeat 1' 'debian/NO_PREEMPT_SHORT, repeat 3' \
	'cyclic:(5)' 'massive_intr:(5)' 'mix-comp:(1)' 'Summary: median over repeats'; do
	check "text has '$want'" grep -qF "$want" "$tmp/out"
done
for group in cyclic massive_intr mix-comp mixload hackbench; do
	check "summary has group $group" grep -qE "^$group +[a-z_0-9]+ " "$tmp/out"
done
change=$(jq '.rows[] | select(.group == "cyclic" and .metric == "avg_delay_ms") |
	.columns[1].change_pct' "$tmp/c.json")
check "delay x3 shows as > +100 % in the JSON ($change %)" \
	jq -e -n "$change > 100"
check "2 columns" test "$(jq '.columns | length' "$tmp/c.json")" = 2
check "scenario order kept" test "$(jq -r '.columns[0].feature_set' "$tmp/c.json")" = PREEMPT_SHORT

"$sb" compare "$r" --groups cyclic,mixload >"$tmp/only"
check "--groups keeps cyclic" grep -qE '^cyclic +avg_delay_ms' "$tmp/only"
check "--groups keeps mixload" grep -qE '^mixload +deadline_miss_pct' "$tmp/only"
check "--groups drops massive_intr" exits 1 grep -qE '^massive_intr ' "$tmp/only"
check "--groups drops it from the tables" exits 1 grep -qF 'massive_intr:(5)' "$tmp/only"

echo "== Markdown"
"$sb" compare "$r" --markdown >"$tmp/md"
check "Markdown delay table" grep -q \
	'^| Task | Runtime ms | Switches | Avg delay ms | Max delay ms | Sum delay ms |' "$tmp/md"
check "Markdown summary" grep -q '^### Summary' "$tmp/md"

echo "== two results dirs: kernels side by side"
"$sb" compare "$r:debian/PREEMPT_SHORT" "$tmp/run2" >"$tmp/out2"
check "cfs column" grep -qF "$tmp/run2:cfs/PREEMPT_SHORT (2 runs)" "$tmp/out2"
check "debian column" grep -qF "$r:debian/PREEMPT_SHORT (3 runs)" "$tmp/out2"
grep -E '^massive_intr +loops_per_s' "$tmp/out2" >"$tmp/loops"
check "loops/s x0.8 marked worse" grep -q 'worse' "$tmp/loops"

echo "== plots and report.html"
SLICEBENCH_ROOT=$PWD "$sb" compare "$r" --plots >/dev/null
for png in avg_delay_ms_bars max_delay_ms_bars cyclic_delay_cdf massive_intr_delay_cdf \
	mix-comp_delay_cdf cyclic_latency_hist cyclic_latency_cdf massive_intr_loops mixload_frames; do
	check "$png.png is a non-empty PNG" is_png "$r/plots/$png.png"
	check "report.html shows $png.png" grep -qF "plots/$png.png" "$r/report.html"
done
check "report.html's one script only marks loaded images" test \
	"$(grep -oi '<script[^>]*>' "$r/report.html" | sort -u)" = '<script>'
check "report.html's script counts images" grep -qF "setAttribute('data-images'" "$r/report.html"
check "report.html loads nothing from elsewhere" exits 1 grep -qiE '(src|href)="(https?:)?//' "$r/report.html"
check "report.html has the tables" grep -qF 'cyclic:(5)' "$r/report.html"
SLICEBENCH_ROOT=$PWD "$sb" compare "$r" --plots --out "$tmp/elsewhere" >/dev/null
check "--out DIR" test -s "$tmp/elsewhere/report.html"

echo "== bad input exits 2"
check "missing dir" exits 2 "$sb" compare "$tmp/nosuch"
check "unknown option" exits 2 "$sb" compare --bogus "$r"
echo '{"schema": 1, "status": ' >"$r/debian/PREEMPT_SHORT/1/manifest.json"
check "malformed manifest" exits 2 "$sb" compare "$r"
check "the message names the file: $(cat "$tmp/err")" \
	grep -q 'PREEMPT_SHORT/1/manifest.json: line' "$tmp/err"
finish
