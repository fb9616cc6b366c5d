/* SPDX-License-Identifier: GPL-2.0 */
/* A published table's commented rows beside this bench's: the published change next to the measured one, its interval, and where the direction differs. */
#ifndef CI_PUBLISHED_BESIDE_H
#define CI_PUBLISHED_BESIDE_H

#include <stdio.h>

#include "ci/columns.h"
#include "ci/published_file.h"
#include "ci/rules.h"

/*
 * Print on @f, for each row @p comments on, the published change of its
 * base set to its cand set beside the change of this bench's columns of
 * those feature sets among @cols (@n) with the gate's interval (its
 * alpha and pass confidence from @like, at least 2 runs a side), and a
 * line for each row whose direction differs or is not decided. A
 * published group is the scenario workload of that name: a table group
 * is that workload's when its tasks are (schedstat.json), else when its
 * comm is the name. @name: the published file as the scenario names it;
 * @title: what the columns are ("kernel debian").
 * Without both sets among @cols, one line says so. 0 or -ENOMEM.
 */
int ci_published_beside(FILE *f, const struct ci_published *p, const char *name,
			const char *title, const struct ci_column *const *cols,
			size_t n, const struct ci_rules *like);

#endif
