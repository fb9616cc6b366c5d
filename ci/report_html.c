// SPDX-License-Identifier: GPL-2.0
/* report.html: a static page with the run's answer, compare's tables and the plots. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/plots.h"
#include "ci/util.h"
#include "common/outfile.h"
#include "common/envelope.h"

/* Marks <body data-images="loaded N/M"> once the page has loaded. */
static const char images_script[] =
	"<script>window.addEventListener('load',function(){"
	"var a=document.images,n=0;"
	"for(var i=0;i<a.length;i++)if(a[i].complete&&a[i].naturalWidth>0)n++;"
	"document.body.setAttribute('data-images','loaded '+n+'/'+a.length);"
	"});</script>\n";

static void escaped(FILE *f, const char *s)
{
	ci_markup_escaped(f, s, strlen(s));
}

static void pre_text(FILE *f, const char *text)
{
	fputs("<pre>", f);
	escaped(f, text);
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

static void head(FILE *f, const struct ci_compare *c)
{
	char when[64];

	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	      "<title>slicebench report</title>\n<style>body{font-family:sans-serif;"
	      "margin:2em}pre{background:#f4f4f4;padding:1em;overflow-x:auto}"
	      "img{max-width:100%;border:1px solid #ccc}figure{margin:1em 0}"
	      "</style>\n",
	      f);
	fputs(images_script, f);
	fputs("</head><body>\n<h1>slicebench report</h1>\n<p>", f);
	fprintf(f, "Written %s by slicebench %s. Columns:",
		sb_iso_time_now(when, sizeof(when)), SB_VERSION);
	for (size_t k = 0; k < c->cols->n; k++) {
		char label[300];

		snprintf(label, sizeof(label), " %s (%zu runs)%s",
			 c->cols->v[k].label, c->cols->v[k].n_runs,
			 k + 1 < c->cols->n ? "," : ".");
		escaped(f, label);
	}
	fputs("</p>\n", f);
}

int ci_report_html(const char *path, const struct ci_compare *c,
		   const struct ci_report_intro *intro,
		   const struct ci_png *pngs, size_t n_pngs)
{
	struct sb_memfile m;
	FILE *f;
	int r;

	if (sb_memfile_open(&m))
		return -errno;
	f = m.f;
	head(f, c);
	for (size_t i = 0; intro && i < intro->n; i++) {
		fputs("<h2>", f);
		escaped(f, intro->v[i].heading);
		fputs("</h2>\n", f);
		pre_text(f, intro->v[i].text);
	}
	fputs("<h2>Summary over repeats</h2>\n", f);
	r = pre_block(f, c, ci_compare_print_summary);
	fputs("<h2>Plots</h2>\n", f);
	for (size_t i = 0; i < n_pngs; i++) {
		fputs("<figure><img src=\"", f);
		escaped(f, pngs[i].file);
		fputs("\" alt=\"\"><figcaption>", f);
		escaped(f, pngs[i].caption);
		fputs("</figcaption></figure>\n", f);
	}
	fputs("<h2>Each repeat's delay table</h2>\n", f);
	if (!r)
		r = pre_block(f, c, ci_compare_print_runs);
	fputs("</body></html>\n", f);
	if (r) {
		sb_memfile_discard(&m);
		return r;
	}
	return sb_memfile_commit(&m, path);
}
