/* SPDX-License-Identifier: GPL-2.0 */
/* Every pending run of a plan, here, then the results. */
#ifndef SB_MATRIX_H
#define SB_MATRIX_H

#include <stdio.h>

#include "harness/plan.h"
#include "harness/run_types.h"
#include "harness/scenario.h"

/*
 * The failures of @p's runs under @root (and the figures of runs
 * without a delay table), then the end of the run (ci_bench_end: the seed's
 * tables, the verdicts, report.html), on @out; then the runs' noise is
 * kept for the next plan (run_noise_keep). Returns the verdict line
 * (malloc'd; NULL without one) for run_say_verdict().
 */
char *run_print_results(FILE *out, const struct scenario *sc,
			const struct plan *p, const char *root);
/* Print @verdict on stdout as the run's last line, and free it. */
void run_say_verdict(char *verdict);
/*
 * Every pending run of @p in plan order, here, with progress
 * through the logger, then run_print_results on stdout; stops after the
 * current run when rn->stop is set. 0 every run complete, 1 a run failed
 * or the matrix was interrupted (said through the logger).
 */
int run_matrix(struct runner *rn, struct run_kernel *ks, int nk,
	       const struct plan *p, const char *root);

#endif
