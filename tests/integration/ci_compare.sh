#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# slicebench compare on synthetic results: every group and column in the
# text, Markdown and JSON; kernel threads and the harness's tasks folded
# into other:(N) unless --all-tasks; no figure in scientific notation; the
# end is a run's end (summary, gate's verdicts, words) with the gate's own
# estimate; a run's DIR/KERNEL/SET path works as DIR:KERNEL/SET; --plots
# writes valid, non-empty PNGs and a static report.html (no external
# resource; one inline script marking loaded images); runs whose work
# units differ are not compared on work done; bad input exits 2.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
# shellcheck source=tests/lib/csv.sh
source tests/lib/csv.sh
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
	'cyclic:(5)' 'massive_intr:(5)' 'mix-comp:(1)' 'Medians: median over repeats' \
	"Summary, kernel debian: the runs' mean as the gate takes it" 'means against' 'rules: ci/gate.json'; do
	check "text has '$want'" grep -qF "$want" "$tmp/out"
done
for group in cyclic massive_intr mix-comp mixload hackbench; do
	check "summary has group $group" grep -qE "^$group +[a-z_0-9]+ " "$tmp/out"
done
check "3 runs a side: the end starts with a caution" grep -qF \
	'caution: debian/PREEMPT_SHORT has 3 runs: a verdict needs 4 a side' "$tmp/out"
check "no figure in scientific notation" exits 1 grep -qE '[0-9]e[+-][0-9]' "$tmp/out"
change=$(jq '.rows[] | select(.group == "cyclic" and .metric == "avg_delay_ms") |
	.columns[1].median_change_pct' "$tmp/c.json")
check "delay x3 shows as > +100 % in the JSON ($change %)" \
	jq -e -n "$change > 100"
check "2 columns" test "$(jq '.columns | length' "$tmp/c.json")" = 2
check "scenario order kept" test "$(jq -r '.columns[0].feature_set' "$tmp/c.json")" = PREEMPT_SHORT

"$sb" compare "$r" --groups cyclic,mixload | sed '/^rules: /,$d' >"$tmp/only"
check "--groups keeps cyclic" grep -qE '^cyclic +avg_delay_ms' "$tmp/only"
check "--groups keeps mixload" grep -qE '^mixload +deadline_miss_pct' "$tmp/only"
check "--groups drops massive_intr" exits 1 grep -qE '^massive_intr ' "$tmp/only"
check "--groups drops it from the tables" exits 1 grep -qF 'massive_intr:(5)' "$tmp/only"

echo "== Markdown: to a file, or alone on standard output"
"$sb" compare "$r" --markdown "$tmp/md" >"$tmp/text"
check "Markdown delay table" grep -q \
	'^| Task | Runtime ms | Switches | Avg delay ms | Max delay ms | Sum delay ms |' "$tmp/md"
check "Markdown medians" grep -q '^### Medians' "$tmp/md"
check "Markdown summary" grep -q '^### Summary' "$tmp/md"
check "the text still on stdout" grep -qF 'Medians: median over repeats' "$tmp/text"
"$sb" compare "$r" --markdown - >"$tmp/md2" 2>"$tmp/text2"
check "--markdown -: Markdown alone on stdout" exits 1 grep -qF 'Medians: median' "$tmp/md2"
check "--markdown -: the same Markdown" cmp -s "$tmp/md" "$tmp/md2"
check "--markdown -: the text on stderr" grep -qF 'Summary, kernel debian' "$tmp/text2"

echo "== kernel threads and the harness folded into other:(N)"
f=$tmp/fold
bash "$synth" "$f" debian A 4 11
bash "$synth" "$f" debian B 4 12 delay=2
for t in "$f"/debian/*/*/table.json; do
	jq '.groups += [{task: "kworker/0:2:(3)", comm: "kworker/0:2", tasks: 3,
		runtime_ms: 23780.5, switches: 40, delays: 40, avg_delay_ms: 0.5,
		max_delay_ms: 2, sum_delay_ms: 20, delay_p99_ms: 1},
		{task: "sbguest:(1)", comm: "sbguest", tasks: 1, runtime_ms: 5,
		switches: 10, delays: 10, avg_delay_ms: 0.1, max_delay_ms: 0.3,
		sum_delay_ms: 1, delay_p99_ms: 0.2}]' "$t" >"$t.x" && mv "$t.x" "$t"
done
"$sb" compare "$f" >"$tmp/fold.out"
check "other:(4) row in each repeat's table" grep -qF 'other:(4)' "$tmp/fold.out"
check "no kworker row" exits 1 grep -qF 'kworker' "$tmp/fold.out"
check "no sbguest row" exits 1 grep -qF 'sbguest' "$tmp/fold.out"
"$sb" compare "$f" --all-tasks >"$tmp/all.out"
check "--all-tasks: the kworker in the tables" grep -qF 'kworker/0:2:(3)' "$tmp/all.out"
check "--all-tasks: the kworker in the medians" grep -qE '^kworker/0:2 +runtime_ms' "$tmp/all.out"
check "--all-tasks: no scientific notation" exits 1 grep -qE '[0-9]e[+-][0-9]' "$tmp/all.out"

echo "== --csv: RFC 4180, a row per group, metric and column, the JSON's figures"
"$sb" compare "$f" --json "$tmp/c.json" --csv "$tmp/c.csv" >/dev/null
check_eq "every row ends CRLF" "$(wc -l <"$tmp/c.csv")" "$(grep -c $'\r$' "$tmp/c.csv")"
csv_tsv "$tmp/c.csv" >"$tmp/c.tsv"
check_eq "the header" "group metric unit column runs median min max cov_pct median_change_pct" \
	"$(head -1 "$tmp/c.tsv" | tr '\t' ' ')"
check_eq "a row per group, metric and column" "$(jq '[.rows[].columns | length] | add' "$tmp/c.json")" \
	"$(($(wc -l <"$tmp/c.tsv") - 1))"
check_eq "groups, metrics, columns and runs as the JSON's" \
	"$(jq -r '.rows[] | .group as $g | .metric as $m | .columns[] | [$g, $m, .column, .runs] | @tsv' "$tmp/c.json")" \
	"$(tail -n +2 "$tmp/c.tsv" | cut -f1,2,4,5)"
check_eq "medians and changes as the JSON's" "" "$(paste <(tail -n +2 "$tmp/c.tsv" | cut -f6,10) \
	<(jq -r '.rows[].columns[] | [(.median // ""), (.median_change_pct // "")] | @tsv' "$tmp/c.json") |
	awk -F'\t' '{ for (i = 1; i <= 2; i++) { a = $i; b = $(i + 2)
		if (a != b && (a == "" || b == "" || (a - b) ^ 2 > 1e-6 * (b ^ 2 + 1))) print } }')"

echo "== one statistic per claim: compare's end says the gate's change"
"$sb" gate --base "$f:debian/A" --cand "$f:debian/B" --json "$tmp/g.json" >/dev/null || true
want=$(jq -r '.rules[] | select(.name == "cyclic avg delay") | .change_pct' "$tmp/g.json" |
	xargs printf '%+.1f%%')
got=$(awk '/^Summary, kernel debian/ {s = 1} s && / against .*:$/ {t = 1}
	t && $1 == "cyclic" && $2 == "avg_delay_ms" {print $3; exit}' \
	"$tmp/fold.out")
check_eq "cyclic avg delay: compare's end and the gate agree" "$want" "$got"

echo "== compare ends as a run ends: the same summary and words"
cp -r tests/fixtures/ci/vm-smoke "$tmp/vs"
# (a run's end also says what recording cost, from its own control arm)
"$sb" report "$tmp/vs" | sed -n '/^Summary, kernel/,$p' | sed '/^$/N;/\nplots: /d' |
	sed '/^$/N;/\ntracing cost: not measured/d' >"$tmp/end.report"
"$sb" compare "$tmp/vs" | sed -n '/^Summary, kernel/,$p' >"$tmp/end.compare"
check "the end of report and of compare agree" cmp -s "$tmp/end.report" "$tmp/end.compare"
check "with words" grep -qF 'With PREEMPT_SHORT (against NO_PREEMPT_SHORT)' "$tmp/end.compare"
"$sb" report "$tmp/vs" >"$tmp/end.all"
check_eq "no line of a bench's end past 100 columns (but the verdict, one line for scripts)" "" \
	"$(grep -v '^verdict: ' "$tmp/end.all" | awk 'length > 100')"
check "report.html's table has the rules' bounds" grep -q '<th class="l">tolerance/pass</th>' "$tmp/vs/report.html"
check "a report-only rule's verdict says so, without a gate's colour" \
	grep -qE '<td class="l">max_delay_ms</td>.*<td class="l v-report">[a-z ]+ \(report only\)</td>' "$tmp/vs/report.html"

echo "== a run's DIR/KERNEL/SET path is DIR:KERNEL/SET"
"$sb" compare "$f/debian/A" "$f/debian/B" >"$tmp/paths.out"
check "the path names one column" grep -qF "$f:debian/A (4 runs)" "$tmp/paths.out"
"$sb" compare "$f/debian" >"$tmp/kdir.out"
check "a kernel's path: its sets" grep -qF 'debian/B (4 runs)' "$tmp/kdir.out"
check "a wrong set lists those there" exits 2 "$sb" compare "$f:debian/NOSUCH"
check "said: $(cat "$tmp/err")" grep -qF 'feature sets of kernel debian there: A, B' "$tmp/err"

echo "== two results dirs: kernels side by side"
"$sb" compare "$r:debian/PREEMPT_SHORT" "$tmp/run2" >"$tmp/out2"
check "cfs column" grep -qF "$tmp/run2:cfs/PREEMPT_SHORT (2 runs)" "$tmp/out2"
check "debian column" grep -qF "$r:debian/PREEMPT_SHORT (3 runs)" "$tmp/out2"
grep -E '^massive_intr +loops_per_s' "$tmp/out2" >"$tmp/loops"
check "loops/s x0.8 marked worse" grep -q 'worse' "$tmp/loops"

echo "== two kernels of one image: said, in the terminal and in report.html"
img=$tmp/img
bash "$synth" "$img" a PREEMPT_SHORT 3 21
bash "$synth" "$img" b PREEMPT_SHORT 3 22 delay=0.7
set_image() { # set_image KERNEL SHA256: every run of KERNEL booted that image
	local m
	for m in "$img/$1"/*/*/manifest.json; do
		jq --arg s "$2" '.kernel.image_sha256 = $s' "$m" >"$m.x" && mv "$m.x" "$m"
	done
}
sha_a=$(printf a | sha256sum | cut -d' ' -f1)
sha_b=$(printf b | sha256sum | cut -d' ' -f1)
set_image a "$sha_a"
set_image b "$sha_b"
"$sb" compare "$img/a" "$img/b" >"$tmp/img.out"
check "two images: no warning" exits 1 grep -q 'same image' "$tmp/img.out"
set_image b "$sha_a"
"$sb" compare "$img/a" "$img/b" | tr '\n' ' ' >"$tmp/img.out"
check "one image: compare says so" grep -qF "warning: kernels a and b booted the same image (sha256 ${sha_a:0:12}...)" "$tmp/img.out"
SLICEBENCH_ROOT=$PWD "$sb" report "$img" | tr '\n' ' ' >"$tmp/img.out"
check "one image: the run's end says so" grep -qF 'kernels a and b booted the same image' "$tmp/img.out"
check "one image: report.html's banner says so" bash -c \
	"sed -n '/id=\"verdict\"/,/<\/div>/p' '$img/report.html' | tr '\n' ' ' | grep -qF 'kernels a and b booted the same image'"

echo "== two kernels: each paragraph of the words names its kernel or feature set"
two=$tmp/two
bash "$synth" "$two" a PREEMPT_SHORT 3 31
bash "$synth" "$two" a NO_PREEMPT_SHORT 3 32 delay=2
bash "$synth" "$two" b PREEMPT_SHORT 3 33
bash "$synth" "$two" b NO_PREEMPT_SHORT 3 34 delay=3
SLICEBENCH_ROOT=$PWD "$sb" report "$two" | tr '\n' ' ' >"$tmp/two.out"
for want in 'On kernel a, with NO_PREEMPT_SHORT (against PREEMPT_SHORT)' \
	'On kernel b, with NO_PREEMPT_SHORT (against PREEMPT_SHORT)' \
	'On feature set PREEMPT_SHORT, with b (against a)'; do
	check "two kernels: '$want'" grep -qF "$want" "$tmp/two.out"
done
check "one kernel: its words start 'With'" grep -q '^With PREEMPT_SHORT (against' "$tmp/end.compare"

echo "== columns of two scenarios: compare says so"
"$sb" compare "$two" tests/fixtures/ci/vm-smoke 2>"$tmp/mixed.err" >/dev/null
check "two scenarios: warned, with their names and windows" grep -qF \
	"warning: tests/fixtures/ci/vm-smoke ran scenario smoke (2s, 1 repeat), $two scenario" "$tmp/mixed.err"
"$sb" compare "$two" "$img" 2>"$tmp/mixed.err" >/dev/null
check "one scenario: no such warning" exits 1 grep -q 'ran scenario' "$tmp/mixed.err"

echo "== plots and report.html"
SLICEBENCH_ROOT=$PWD "$sb" compare "$r" --plots >/dev/null
for png in avg_delay_ms_bars max_delay_ms_bars cyclic_delay_tail massive_intr_delay_tail \
	mix-comp_delay_tail cyclic_latency_hist cyclic_latency_tail massive_intr_loops mixload_frames; do
	check "$png.png is a non-empty PNG" is_png "$r/plots/$png.png"
	check "report.html shows $png.png, inline" grep -qF "<img data-file=\"plots/$png.png\" src=\"data:image/png;base64," "$r/report.html"
done
# tails as survival (share above x) for a log y axis: in (0, 1], falling
for dat in cyclic_delay_tail cyclic_latency_tail; do
	# shellcheck disable=SC2016 # awk's own $2
	check "$dat.dat: shares in (0, 1], never rising" awk '!/^#/ && NF == 2 {
		if ($2 <= 0 || $2 > 1 || (seen && $2 > last)) bad = 1; last = $2; seen = 1
	} /^$/ {seen = 0} END {exit bad || !NR}' "$r/plots/$dat.dat"
done
check "tail plots on a log y axis" grep -q '^set logscale xy' ci/plots/tail.gp
# a dot per repeat beside the bars: cyclic (row 0) has 3 runs a side
dots=$(awk '/^# row column value/ {b = 1} b && $1 == 0 && NF == 3' "$r/plots/avg_delay_ms_bars.dat" | wc -l)
check_eq "avg delay bars: a dot for each of cyclic's 6 runs" 6 "$dots"
check_eq "mixload frames: a line for each of the 6 runs" 6 "$(grep -c '^# repeat' "$r/plots/mixload_frames.dat")"
check "report.html's one script only marks loaded images" test \
	"$(grep -oi '<script[^>]*>' "$r/report.html" | sort -u)" = '<script>'
check "report.html's script counts images" grep -qF "setAttribute('data-images'" "$r/report.html"
check "report.html loads nothing from elsewhere" exits 1 grep -qiE '(src|href)="(https?:)?//' "$r/report.html"
check "report.html has the tables" grep -qF 'cyclic:(5)' "$r/report.html"
SLICEBENCH_ROOT=$PWD "$sb" compare "$r" --plots --out "$tmp/elsewhere" >/dev/null
check "--out DIR" test -s "$tmp/elsewhere/report.html"

echo "== runs whose work units differ are not compared on work done"
u=$tmp/units
bash "$synth" "$u" debian PREEMPT_SHORT 3 1
bash "$synth" "$u" debian NO_PREEMPT_SHORT 3 2 delay=3
set_unit() { # set_unit FEATURE-SET REPEAT ITERATIONS
	local f=$u/debian/$1/$2/workloads/massive_intr.json
	jq ".result.work_unit = {iterations: $3, cpu_ns: 20000}" "$f" >"$f.new"
	mv "$f.new" "$f"
}
for fs in PREEMPT_SHORT NO_PREEMPT_SHORT; do
	for i in 1 2 3; do set_unit "$fs" "$i" 12000; done
done
# (exits writes $tmp/err: the command's own stderr goes to $tmp/said)
"$sb" compare "$u" >"$tmp/out" 2>"$tmp/said"
check "one unit everywhere: work_units_per_s compared" \
	grep -qE '^massive_intr +work_units_per_s ' "$tmp/out"
check "one unit everywhere: nothing said" exits 1 grep -q 'units of' "$tmp/said"
set_unit PREEMPT_SHORT 2 7101
"$sb" compare "$u" >"$tmp/out" 2>"$tmp/said"
check "a unit apart: work_units_per_s left out" \
	exits 1 grep -qE '^massive_intr +work_units_per_s ' "$tmp/out"
check "a unit apart: loops_per_s still compared" \
	grep -qE '^massive_intr +loops_per_s ' "$tmp/out"
check "a unit apart: said, with both units and runs: $(cat "$tmp/said")" \
	grep -qE 'units of 12000 steps in .*/debian/[A-Z_]+/1 but 7101 in .*/debian/PREEMPT_SHORT/2' "$tmp/said"
"$sb" report "$u" >"$tmp/out" 2>"$tmp/said"
check "the end of a run leaves it out too" grep -q 'not compared on it' "$tmp/said"
check "... and its summary has no work_units_per_s row" \
	exits 1 grep -qE '^massive_intr +work_units_per_s ' "$tmp/out"
rc_of "$sb" gate --base "$u:debian/NO_PREEMPT_SHORT" --cand "$u:debian/PREEMPT_SHORT" >"$tmp/out" 2>"$tmp/said"
check_eq "gate on runs of two unit sizes: exit 2, no verdict" 2 "$rc"
check "... naming the units and runs: $(cat "$tmp/said")" \
	grep -qE 'count work in units of different sizes: .*12000 .* 7101' "$tmp/said"

echo "== bad input exits 2"
check "missing dir" exits 2 "$sb" compare "$tmp/nosuch"
check "unknown option" exits 2 "$sb" compare --bogus "$r"
echo '{"schema": 1, "status": ' >"$r/debian/PREEMPT_SHORT/1/manifest.json"
check "malformed manifest" exits 2 "$sb" compare "$r"
check "the message names the file: $(cat "$tmp/err")" \
	grep -q 'PREEMPT_SHORT/1/manifest.json: line' "$tmp/err"
finish
