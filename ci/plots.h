/* SPDX-License-Identifier: GPL-2.0 */
/* compare --plots: data files + gnuplot scripts (ci/plots/NAME.gp) into PNGs, then report.html. */
#ifndef CI_PLOTS_H
#define CI_PLOTS_H

#include <stddef.h>

#include "ci/compare_out.h"
#include "ci/report_html.h"
#include "common/error.h"

/*
 * Write @outdir/plots/NAME.png and @outdir/report.html for @c, with the
 * verdicts, words and facts of @page (NULL: compare's values only).
 * Returns 0, or a -errno of the environment (never one sb_exit_code()
 * reads as bad input) with @e: -ENOPKG when gnuplot is missing, -ENOENT
 * when its scripts are, -EIO when a plot fails (gnuplot's messages are in
 * plots/gnuplot.log).
 */
int ci_plots_write(const char *outdir, const struct ci_compare *c,
		   const struct ci_report_page *page, struct sb_error *e);

#endif
