/* SPDX-License-Identifier: GPL-2.0 */
/* report.html: a page that opens with the verdict, then the summary, the plots per task group, what ran and each run's files. */
#ifndef CI_REPORT_HTML_H
#define CI_REPORT_HTML_H

#include <stddef.h>

#include "ci/bench_cmp.h"
#include "ci/compare_out.h"

struct ci_png {
	char file[160]; /* relative to the output directory: plots/x.png */
	char caption[256];
	char group[64]; /* the task group it shows; "" for every group */
};

/* One comparison of the end of a run: its summary and its sentences. */
struct ci_report_cmp {
	const struct ci_bench_cmp *cmp;
	const char *words; /* ci_bench_words()'s text */
};

/* What the end of a run adds to compare's tables and plots. */
struct ci_report_page {
	const struct ci_report_cmp *cmps; /* with the gate's verdicts */
	size_t n_cmps;
	const char *text; /* the terminal's end, shown folded */
	const char *beside; /* a published table beside ours; NULL: none */
};

/*
 * Write @path (atomically): a banner with the overall verdict of @page's
 * comparisons (regression, pass, or cannot decide; none without @page),
 * each comparison's summary as a table, the PNGs grouped by task group
 * (cyclic, mixload, massive_intr first), what ran (ci_report_ran()),
 * each repeat's table
 * and terminal text folded, and links to every run's table.json,
 * trace.dat and manifest.json relative to @path's directory. A small
 * script marks <body data-images="loaded N/M"> for headless checks; the
 * page needs no script. Returns 0 or -errno.
 */
int ci_report_html(const char *path, const struct ci_compare *c,
		   const struct ci_report_page *page, const struct ci_png *pngs,
		   size_t n_pngs);

#endif
