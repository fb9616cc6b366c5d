/* SPDX-License-Identifier: GPL-2.0 */
/* The seed's table: one feature set's runs, a row per workload group per repeat, kernel threads folded. */
#ifndef CI_SEED_TABLE_H
#define CI_SEED_TABLE_H

#include <stdio.h>

#include "ci/columns.h"
#include "ci/regime.h"

/*
 * Print @col's repeats as the seed numbers them ("1 massive_intr:(5)",
 * "2 massive_intr:(5)", ...), columns Task | Runtime ms | Switches | Avg
 * delay ms | Max delay ms | Sum delay ms, under a header naming the column
 * and its regime @g (with the saturation warning).
 */
void ci_seed_table_print(FILE *f, const struct ci_column *col,
			 const struct ci_regime *g);

#endif
