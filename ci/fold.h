/* SPDX-License-Identifier: GPL-2.0 */
/* Fold a run's delay table into workload groups and one other:(N) row (kernel threads, the harness's own tasks). */
#ifndef CI_FOLD_H
#define CI_FOLD_H

#include <stddef.h>

#include "ci/table_file.h"

#define CI_FOLD_OTHER "other"

/* One row of a folded table: a workload group, or "other" (last). */
struct ci_fold_row {
	char comm[64];
	unsigned int tasks;
	double runtime_ms, switches, sum_delay_ms, max_delay_ms;
};

/* Is @comm a kernel thread or one of the harness's own tasks? */
int ci_fold_is_other(const char *comm);

/* The row's average delay (sum / switches; 0 without switches). */
double ci_fold_avg_ms(const struct ci_fold_row *r);

/*
 * The groups of table.json @table, workload groups by name then one
 * "other" row (only when something was folded), into @rows (at most @max).
 * Returns the count.
 */
size_t ci_fold_table(const struct ci_table *table, struct ci_fold_row *rows,
		     size_t max);

#endif
