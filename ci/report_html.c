// SPDX-License-Identifier: GPL-2.0
/* report.html: a static page (no scripts) with compare's tables and the plots. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/plots.h"
#include "ci/util.h"
#include "common/atomicio.h"
#include "common/envelope.h"

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
	fputs("<pre>", f);
	ci_markup_escaped(f, buf, len);
	fputs("</pre>\n", f);
	free(buf);
	return 0;
}

int ci_report_html(const char *path, const struct ci_compare *c,
		   const struct ci_png *pngs, size_t n_pngs)
{
	char *buf = NULL, when[64];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int r;

	if (!f)
		return -errno;
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	      "<title>slicebench report</title>\n<style>body{font-family:sans-serif;"
	      "margin:2em}pre{background:#f4f4f4;padding:1em;overflow-x:auto}"
	      "img{max-width:100%;border:1px solid #ccc}figure{margin:1em 0}"
	      "</style></head><body>\n<h1>slicebench report</h1>\n<p>",
	      f);
	fprintf(f, "Written %s by slicebench %s. Columns:",
		sb_iso_time_now(when, sizeof(when)), SB_VERSION);
	for (size_t k = 0; k < c->cols->n; k++) {
		char label[300];
		int n = snprintf(label, sizeof(label), " %s (%zu runs)%s",
				 c->cols->v[k].label, c->cols->v[k].n_runs,
				 k + 1 < c->cols->n ? "," : ".");

		ci_markup_escaped(f, label,
				  (size_t)n < sizeof(label) ?
					  (size_t)n :
					  sizeof(label) - 1);
	}
	fputs("</p>\n<h2>Summary over repeats</h2>\n", f);
	r = pre_block(f, c, ci_compare_print_summary);
	fputs("<h2>Plots</h2>\n", f);
	for (size_t i = 0; i < n_pngs; i++) {
		fputs("<figure><img src=\"", f);
		ci_markup_escaped(f, pngs[i].file, strlen(pngs[i].file));
		fputs("\" alt=\"\"><figcaption>", f);
		ci_markup_escaped(f, pngs[i].caption, strlen(pngs[i].caption));
		fputs("</figcaption></figure>\n", f);
	}
	fputs("<h2>Each repeat's delay table</h2>\n", f);
	if (!r)
		r = pre_block(f, c, ci_compare_print_runs);
	fputs("</body></html>\n", f);
	if (fclose(f) && !r)
		r = -ENOMEM;
	if (!r)
		r = sb_write_file_atomic(path, buf, len);
	free(buf);
	return r;
}
