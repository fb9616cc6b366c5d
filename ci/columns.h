/* SPDX-License-Identifier: GPL-2.0 */
/* Compare's columns (one per results dir × kernel × feature set) and per-metric summaries over repeats. */
#ifndef CI_COLUMNS_H
#define CI_COLUMNS_H

#include <stddef.h>

#include "ci/results.h"

struct ci_column {
	const struct ci_results *res;
	const char *kernel, *fs;
	char label[256];
	const struct ci_run **runs; /* in repeat order */
	size_t n_runs;
};

struct ci_columns {
	struct ci_column *v;
	size_t n;
};

/* A (metric, group) pair present in at least one run. */
struct ci_row {
	int metric;
	const char *group;
};

/*
 * A run this many scaled MADs from its column's median, and this far from
 * it in %, is an outlier: the share keeps runs that agree to the digit
 * from flagging a 2 % step as 50 MADs.
 */
#define CI_OUTLIER_MADS 5.0
#define CI_OUTLIER_PCT 10.0

struct ci_summary {
	size_t n;
	double median, min, max, cov_pct;
	/*
	 * The run farthest from the median when it is an outlier (|x -
	 * median| over 1.4826 MAD above CI_OUTLIER_MADS and over
	 * CI_OUTLIER_PCT of the median, from 4 runs on):
	 * its repeat, value and distance in MADs; outlier_repeat 0: none.
	 */
	unsigned int outlier_repeat;
	double outlier_value, outlier_mads;
};

/*
 * One column per kernel and feature set of each of @n results, in order;
 * labels are "kernel/fs", prefixed with "dir:" when @n > 1. 0 or -ENOMEM.
 */
int ci_columns_build(const struct ci_results *res, size_t n,
		     struct ci_columns *out);
void ci_columns_free(struct ci_columns *c);

/*
 * Every (metric, group) of the columns: table groups first (in table
 * order), then workloads, metrics in catalogue order. Returns the count
 * (@rows malloc'd) or -ENOMEM.
 */
long ci_rows_build(const struct ci_columns *c, struct ci_row **rows);

/* Is @group in the comma-separated @list? (A NULL list holds every group.) */
int ci_group_listed(const char *list, const char *group);
/* Keep only the rows of listed groups; returns the new count. */
size_t ci_rows_filter(struct ci_row *rows, size_t n, const char *list);

/*
 * Drop the delay-table rows of kernel threads and the harness's own tasks
 * (ci/fold.h: they fold into other:(N)); returns the new count.
 */
size_t ci_rows_drop_other(struct ci_row *rows, size_t n);

/* Summary of the run values of @row in @col (n = 0 when absent). */
void ci_summarize(const struct ci_column *col, const struct ci_row *row,
		  struct ci_summary *out);

#endif
