/* SPDX-License-Identifier: GPL-2.0 */
/* compare --plots: data files + gnuplot scripts (ci/plots/NAME.gp) into PNGs, then report.html. */
#ifndef CI_PLOTS_H
#define CI_PLOTS_H

#include <stddef.h>

#include "ci/compare_out.h"
#include "ci/report_html.h"

/*
 * Write @outdir/plots/NAME.png and @outdir/report.html for @c, with the
 * verdicts, words and facts of @page (NULL: compare's values only).
 * Returns an SB_EXIT_* code: SB_EXIT_UNMEASURED when gnuplot or its scripts are
 * missing or a plot fails (@err says which; gnuplot's
 * messages are in plots/gnuplot.log).
 */
int ci_plots_write(const char *outdir, const struct ci_compare *c,
		   const struct ci_report_page *page, char *err, size_t errlen);

#endif
