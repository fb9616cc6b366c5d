/* SPDX-License-Identifier: GPL-2.0 */
/* The --executor option: its row, its value checked against the executors. */
#ifndef SB_SCALE_EXEC_OPTION_H
#define SB_SCALE_EXEC_OPTION_H

#include <stddef.h>

#include "common/field.h"

/* --executor E into the const char * at @dest, if E is an executor's name;
 * else -EINVAL with @why saying which there are. */
int exec_parse_option(void *dest, const char *value, const char **why);

/* The --executor row, into the const char * @member of @st. */
#define EXEC_OPTION_ROW(st, member)                                         \
	{                                                                   \
		.key = "executor", .type = SB_F_CALL,                       \
		.offset = offsetof(st, member),                             \
		.parse_arg = exec_parse_option, .metavar = "E",             \
		.doc = "local (default), parallel (GNU parallel) or slurm " \
		       "(sbatch --array)"                                   \
	}

#endif
