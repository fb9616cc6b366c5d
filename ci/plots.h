/* SPDX-License-Identifier: GPL-2.0 */
/* compare --plots: data files + gnuplot scripts (ci/plots/NAME.gp) into PNGs, then report.html. */
#ifndef CI_PLOTS_H
#define CI_PLOTS_H

#include <stddef.h>

#include "ci/compare_out.h"

struct ci_png {
	char file[160]; /* relative to the output directory: plots/x.png */
	char caption[256];
};

/* A block of text report.html shows first, under its heading. */
struct ci_report_section {
	const char *heading;
	const char *text; /* plain text, shown preformatted */
};

struct ci_report_intro {
	const struct ci_report_section *v;
	size_t n;
};

/*
 * Write @outdir/plots/NAME.png and @outdir/report.html for @c, opening with
 * @intro (NULL: none). Returns an SB_EXIT_* code: SB_EXIT_ENV when gnuplot
 * or its scripts are missing or a plot fails (@err says which; gnuplot's
 * messages are in plots/gnuplot.log).
 */
int ci_plots_write(const char *outdir, const struct ci_compare *c,
		   const struct ci_report_intro *intro, char *err,
		   size_t errlen);

/*
 * report.html: @intro's sections, the summary, every PNG, each repeat's
 * table. A small script marks the page when every image has loaded
 * (body data-images="loaded N/N"), for headless browser checks.
 * Returns 0 or -errno.
 */
int ci_report_html(const char *path, const struct ci_compare *c,
		   const struct ci_report_intro *intro,
		   const struct ci_png *pngs, size_t n_pngs);

#endif
