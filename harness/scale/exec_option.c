// SPDX-License-Identifier: GPL-2.0
/* The --executor option: its row, its value checked against the executors. */
#include <errno.h>
#include <stdio.h>

#include "harness/scale/exec.h"
#include "harness/scale/exec_option.h"

int exec_parse_option(void *dest, const char *value, const char **why)
{
	static char not_one[128];

	snprintf(not_one, sizeof(not_one), "is not one of %s", exec_names());
	*why = not_one;
	if (!exec_find(value))
		return -EINVAL;
	*(const char **)dest = value;
	return 0;
}
