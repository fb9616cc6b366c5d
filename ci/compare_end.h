/* SPDX-License-Identifier: GPL-2.0 */
/* What `slicebench compare` makes of its columns besides the tables: the --groups asked for checked, and the end a run prints (rules, summary against the first column, verdicts). */
#ifndef CI_COMPARE_END_H
#define CI_COMPARE_END_H

#include <stddef.h>

#include "ci/columns.h"

/*
 * Is every name of --groups @list a group of @rows? 0, or SB_EXIT_USAGE
 * said on stderr with the groups there are.
 */
int ci_compare_check_groups(const char *list, const struct ci_row *rows,
			    size_t n);

/*
 * What a run's end prints for @cols of @n DIRs, into *@text (malloc'd):
 * the rules of @dir's runs (@rules: --rules, else those its scenario
 * names, else the default), with one DIR each kernel's feature sets
 * against its first, with several every column against the first; then
 * the verdict line. 0, or an exit code said on stderr.
 */
int ci_compare_end_text(const char *dir, const char *rules,
			const struct ci_columns *cols, size_t n, char **text);

#endif
