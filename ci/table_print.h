/* SPDX-License-Identifier: GPL-2.0 */
/* One run's grouped delay table (table.json) printed as text, perf-sched-latency style, or Markdown. */
#ifndef CI_TABLE_PRINT_H
#define CI_TABLE_PRINT_H

#include <stdio.h>

#include "ci/table_file.h"

/*
 * Print the groups (and total) of @table; @markdown selects the format;
 * @groups (comma-separated comms, NULL: all) selects the rows; @fold puts
 * kernel threads and the harness's tasks into one other:(N) row (ci/fold.h).
 */
void ci_table_print(FILE *f, const struct ci_table *table, int markdown,
		    const char *groups, int fold);

#endif
