// SPDX-License-Identifier: GPL-2.0
/* report.html: a page that opens with the verdict, then the summary, the plots per task group, what ran and each run's files. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ci/report_html.h"
#include "ci/report_ran.h"
#include "ci/rules.h"
#include "ci/util.h"
#include "common/atomicio.h"
#include "common/base64.h"
#include "common/outfile.h"
#include "common/envelope.h"
#include "common/fmt.h"

/*
 * For headless checks, once the page has loaded: <body data-images="loaded
 * N/M" data-verdict="B W" data-ran="R V">, B the bottom of the verdict's
 * word and W of its banner, in CSS pixels from the top of the page; R the
 * right edge of "What ran" and V the page's width.
 */
static const char check_script[] =
	"<script>window.addEventListener('load',function(){"
	"var a=document.images,n=0,b=document.body,"
	"v=document.getElementById('verdict');"
	"for(var i=0;i<a.length;i++)if(a[i].complete&&a[i].naturalWidth>0)n++;"
	"b.setAttribute('data-images','loaded '+n+'/'+a.length);"
	"if(v)b.setAttribute('data-verdict',Math.ceil(v.firstChild."
	"getBoundingClientRect().bottom+scrollY)+' '+Math.ceil(v."
	"getBoundingClientRect().bottom+scrollY));"
	"var t=document.querySelector('table.ran');"
	"if(t)b.setAttribute('data-ran',Math.ceil(t.getBoundingClientRect()."
	"right)+' '+document.documentElement.clientWidth);"
	"});</script>\n";

static const char style[] =
	"<style>body{font-family:sans-serif;margin:1.5em;max-width:1400px}"
	"pre{background:#f4f4f4;padding:.8em;overflow-x:auto;font-size:85%}"
	".verdict{padding:.8em 1.2em;border-radius:6px;margin:0 0 1em}"
	".verdict h1{margin:0 0 .3em;font-size:1.6em}"
	".verdict p{margin:.2em 0}"
	".pass{background:#dff3df;border:2px solid #2e7d32}"
	".regression{background:#fbe0e0;border:2px solid #c62828}"
	".undecided{background:#fff3cd;border:2px solid #b8860b}"
	".none{background:#eee;border:2px solid #888}"
	"table{border-collapse:collapse;margin:.5em 0 1em;font-size:90%}"
	"th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right}"
	"td{white-space:nowrap}"
	"th{background:#f0f0f0}td.l,th.l{text-align:left}"
	"td.v-pass,td.v-improvement{background:#dff3df}"
	"td.v-report{color:#555;font-style:italic}"
	"td.v-regression{background:#fbe0e0}"
	"td.v-inconclusive,td.v-insufficient{background:#fff3cd}"
	".plots{display:grid;grid-template-columns:1fr 1fr;gap:1em}"
	"figure{margin:0}img{width:100%;border:1px solid #ccc}"
	"figcaption{font-size:85%;color:#333}"
	"table.ran td{white-space:normal;overflow-wrap:anywhere;"
	"vertical-align:top;max-width:36em}"
	"td.d,tr.d th{background:#fff3cd}"
	"mark{background:#ffb300;font-weight:bold}"
	"</style>\n";

static void esc(FILE *f, const char *s)
{
	ci_markup_escaped(f, s, strlen(s));
}

static void pre_text(FILE *f, const char *text)
{
	fputs("<pre>", f);
	esc(f, text);
	fputs("</pre>\n", f);
}

/* @print's text output, escaped, inside <pre>. */
static int pre_block(FILE *f, const struct ci_compare *c,
		     void (*print)(FILE *, const struct ci_compare *, int))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return -errno;
	print(m, c, 0);
	if (fclose(m)) {
		free(buf);
		return -ENOMEM;
	}
	pre_text(f, buf);
	free(buf);
	return 0;
}

/*
 * The verdict first, in the words that end the terminal's text: its
 * colour and title, why, the rules that made it, then the sentences.
 */
static int banner(FILE *f, const struct ci_report_page *page)
{
	static const char *const cls[] = {
		[CI_OUTCOME_NONE] = "none",
		[CI_OUTCOME_PASS] = "pass",
		[CI_OUTCOME_UNDECIDED] = "undecided",
		[CI_OUTCOME_REGRESSION] = "regression",
	};
	struct ci_judged_list l = { 0 };
	enum ci_outcome o;
	char *rules;

	for (size_t i = 0; page && i < page->n_cmps; i++)
		if (ci_bench_cmp_judged(page->cmps[i].cmp, &l)) {
			ci_judged_free(&l);
			return -ENOMEM;
		}
	rules = ci_judged_say(&l, ci_outcome_rules, &o);
	if (!rules)
		return -ENOMEM;
	fprintf(f, "<div class=\"verdict %s\" id=\"verdict\"><h1>%s</h1><p>",
		cls[o], ci_outcome_title(o));
	esc(f, ci_outcome_why(o));
	fputs(".</p>\n", f);
	if (*rules) {
		fputs("<p class=\"rules\">", f);
		esc(f, rules);
		fputs(".</p>\n", f);
	}
	free(rules);
	for (size_t i = 0; page && i < page->n_cmps; i++)
		if (page->cmps[i].words && *page->cmps[i].words) {
			fputs("<p>", f);
			esc(f, page->cmps[i].words);
			fputs("</p>\n", f);
		}
	fputs("</div>\n", f);
	return 0;
}

static void th(FILE *f, const char *cls, const char *text)
{
	fprintf(f, "<th%s%s%s>", cls ? " class=\"" : "", cls ? cls : "",
		cls ? "\"" : "");
	esc(f, text);
	fputs("</th>", f);
}

static void td(FILE *f, const char *cls, const char *text)
{
	fprintf(f, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "",
		cls ? "\"" : "");
	esc(f, text);
	fputs("</td>", f);
}

static void pct_cell(FILE *f, double pct)
{
	char buf[32] = "-";

	if (!isnan(pct))
		snprintf(buf, sizeof(buf), "%+.1f%%", pct);
	td(f, NULL, buf);
}

/* One comparison's summary: values per column, then per column against the first the gate's estimate, interval and verdict. */
static void summary_table(FILE *f, const struct ci_bench_cmp *c)
{
	char buf[1024];

	fputs("<h3>", f);
	esc(f, c->title);
	fputs("</h3>\n<p>", f);
	snprintf(buf, sizeof(buf),
		 "Each value: the runs' mean as the gate takes it (geometric; "
		 "arithmetic where a value is 0) [min-max] and CoV. Change: "
		 "the ratio of those means against %s, the gate's estimate, "
		 "with the gate's interval and verdict (%s, family-wise alpha "
		 "%g%%). '-': no rule judges that row.",
		 c->cols[0].label, c->rules_name ? c->rules_name : "rules",
		 c->rules->alpha * 100);
	esc(f, buf);
	fputs("</p>\n<table><tr>", f);
	th(f, "l", "group");
	th(f, "l", "metric");
	th(f, "l", "unit");
	th(f, "l", "tolerance/pass");
	for (size_t k = 0; k < c->n_cols; k++) {
		snprintf(buf, sizeof(buf), "%s (%zu run%s): mean [min-max] CoV",
			 c->cols[k].label, c->cols[k].col->n_runs,
			 SB_S(c->cols[k].col->n_runs));
		th(f, NULL, buf);
	}
	for (size_t k = 1; k < c->n_cols; k++) {
		const char *l = c->cols[k].label;

		snprintf(buf, sizeof(buf), "%s: change (the means)", l);
		th(f, NULL, buf);
		th(f, NULL, "interval");
		th(f, "l", "verdict");
	}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct ci_bench_row *r = &c->rows[i];
		const struct ci_metric *m = ci_metric_at(r->metric);

		fputs("<tr>", f);
		td(f, "l", r->group);
		td(f, "l", m->name);
		td(f, "l", m->unit);
		/* the rule's bounds, as the terminal's summary gives them */
		snprintf(buf, sizeof(buf), "-");
		if (r->rule && r->rule->report)
			snprintf(buf, sizeof(buf), "report only");
		else if (r->rule)
			ci_rule_bounds(r->rule, buf, sizeof(buf));
		td(f, "l", buf);
		for (size_t k = 0; k < c->n_cols; k++) {
			ci_bench_cell(buf, sizeof(buf), r->mean[k], &r->s[k]);
			td(f, NULL, buf);
		}
		for (size_t k = 1; k < c->n_cols; k++) {
			const char *v = r->rule ? r->v[k].name : NULL;
			char cls[48];

			pct_cell(f, ci_bench_change_pct(r, k));
			snprintf(buf, sizeof(buf), "-");
			if (r->rule)
				ci_bench_pct_range(buf, sizeof(buf), &r->v[k]);
			td(f, NULL, buf);
			/* the verdict's first word: v-insufficient; a report
			 * rule's never gates, so it takes no gate's colour */
			snprintf(cls, sizeof(cls), "l v-%.*s",
				 v ? (int)strcspn(v, " ") : 4, v ? v : "none");
			if (v && r->rule->report) {
				snprintf(cls, sizeof(cls), "l v-report");
				snprintf(buf, sizeof(buf), "%s (report only)",
					 v);
				v = buf;
			}
			td(f, cls, v ? v : "-");
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* The plots' sections: mixload's roles (mix-ui, mix-io, ...) share one. */
static const char *section_of(const char *group)
{
	if (!*group)
		return "Every group side by side";
	return strncmp(group, "mix", 3) ? group : "mixload";
}

/* Key sections first: cyclic, mixload, massive_intr, the rest, then all. */
static int section_rank(const char *section)
{
	static const char *const key[] = { "cyclic", "mixload",
					   "massive_intr" };

	for (int i = 0; i < 3; i++)
		if (!strcmp(section, key[i]))
			return i;
	return strcmp(section, "Every group side by side") ? 3 : 4;
}

/*
 * A plot inline, as a data: URI, so that report.html alone is the whole
 * report (a CI artifact, a mail attachment); a link to the PNG beside it
 * when the file cannot be read.
 */
static void figure(FILE *f, const struct ci_png *png, const char *dir)
{
	char path[PATH_MAX + 200];
	char *buf = NULL;
	size_t len = 0;

	fputs("<figure><img data-file=\"", f);
	esc(f, png->file);
	fputs("\" src=\"", f);
	snprintf(path, sizeof(path), "%s/%s", dir, png->file);
	if (!sb_read_file(path, &buf, &len)) {
		fputs("data:image/png;base64,", f);
		sb_base64_write(f, (const unsigned char *)buf, len);
	} else {
		esc(f, png->file);
	}
	free(buf);
	fputs("\" alt=\"", f);
	esc(f, png->caption);
	fputs("\"><figcaption>", f);
	if (*png->group) {
		fputs("<b>", f);
		esc(f, png->group);
		fputs("</b>: ", f);
	}
	esc(f, png->caption);
	fputs("</figcaption></figure>\n", f);
}

/* Each section's PNGs together, two per row, under its name. */
static void plots(FILE *f, const struct ci_png *pngs, size_t n, const char *dir)
{
	char *done = calloc(n + 1, 1);

	if (!done)
		return;
	fputs("<h2>Plots per task group</h2>\n", f);
	for (int rank = 0; rank <= 4; rank++)
		for (size_t i = 0; i < n; i++) {
			const char *sec = section_of(pngs[i].group);

			if (done[i] || section_rank(sec) != rank)
				continue;
			fputs("<h3>", f);
			esc(f, sec);
			fputs("</h3>\n<div class=\"plots\">\n", f);
			for (size_t j = i; j < n; j++)
				if (!done[j] &&
				    !strcmp(section_of(pngs[j].group), sec)) {
					done[j] = 1;
					figure(f, &pngs[j], dir);
				}
			fputs("</div>\n", f);
		}
	free(done);
}

/* @run's directory relative to @dir when inside it, else as it is. */
static const char *rel(const char *run, const char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (!strncmp(run, dir, n) && run[n] == '/')
		return run + n + 1;
	return run;
}

/* Every run with links to its files that exist. */
static void run_files(FILE *f, const struct ci_compare *c, const char *dir)
{
	static const char *const files[] = { "table.json", "table.txt",
					     "trace.dat", "manifest.json" };

	fputs("<h2>Each run's files</h2>\n<table><tr>", f);
	th(f, "l", "kernel / feature set");
	th(f, NULL, "repeat");
	th(f, "l", "files");
	fputs("</tr>\n", f);
	for (size_t k = 0; k < c->cols->n; k++)
		for (size_t r = 0; r < c->cols->v[k].n_runs; r++) {
			const struct ci_run *run = c->cols->v[k].runs[r];
			char num[24];

			fputs("<tr>", f);
			td(f, "l", c->cols->v[k].label);
			snprintf(num, sizeof(num), "%u", run->repeat);
			td(f, NULL, num);
			fputs("<td class=\"l\">", f);
			for (size_t i = 0; i < 4; i++) {
				char p[4300];

				snprintf(p, sizeof(p), "%s/%s", run->path,
					 files[i]);
				if (access(p, R_OK))
					continue;
				fputs("<a href=\"", f);
				esc(f, rel(p, dir));
				fputs("\">", f);
				esc(f, files[i]);
				fputs("</a> ", f);
			}
			fputs("</td></tr>\n", f);
		}
	fputs("</table>\n", f);
}

static void head(FILE *f)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "<meta name=\"viewport\" content=\"width=device-width\">"
	      "<title>slicebench report</title>\n",
	      f);
	fputs(style, f);
	fputs(check_script, f);
	fputs("</head><body>\n", f);
}

static void foot(FILE *f, const struct ci_compare *c)
{
	char when[64];

	fprintf(f, "<p>Written %s by slicebench %s from:",
		sb_iso_time_now(when, sizeof(when)), SB_VERSION);
	for (size_t k = 0; k < c->cols->n; k++) {
		char label[300];

		snprintf(label, sizeof(label), " %s (%zu run%s)%s",
			 c->cols->v[k].label, c->cols->v[k].n_runs,
			 SB_S(c->cols->v[k].n_runs),
			 k + 1 < c->cols->n ? "," : ".");
		esc(f, label);
	}
	fputs("</p>\n", f);
}

int ci_report_html(const char *path, const struct ci_compare *c,
		   const struct ci_report_page *page, const struct ci_png *pngs,
		   size_t n_pngs)
{
	char dir[4200];
	const char *slash = strrchr(path, '/');
	struct sb_memfile m;
	FILE *f;
	int r = 0;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (sb_memfile_open(&m))
		return -errno;
	f = m.f;
	head(f);
	r = banner(f, page);
	if (page && page->n_cmps) {
		fputs("<h2>Summary</h2>\n", f);
		for (size_t i = 0; i < page->n_cmps; i++)
			summary_table(f, page->cmps[i].cmp);
	} else if (!r) {
		fputs("<h2>Summary over repeats</h2>\n", f);
		r = pre_block(f, c, ci_compare_print_summary);
	}
	if (page && page->beside) {
		fputs("<h2>Beside the published table</h2>\n", f);
		pre_text(f, page->beside);
	}
	plots(f, pngs, n_pngs, dir);
	ci_report_ran(f, c->cols);
	run_files(f, c, dir);
	fputs("<details><summary>Each repeat's delay table</summary>\n", f);
	if (!r)
		r = pre_block(f, c, ci_compare_print_runs);
	fputs("</details>\n", f);
	if (page && page->text) {
		fputs("<details><summary>The end of the run as the terminal "
		      "showed it</summary>\n",
		      f);
		pre_text(f, page->text);
		fputs("</details>\n", f);
	}
	foot(f, c);
	fputs("</body></html>\n", f);
	if (r) {
		sb_memfile_discard(&m);
		return r;
	}
	return sb_memfile_commit(&m, path);
}
