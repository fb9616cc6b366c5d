// SPDX-License-Identifier: GPL-2.0
/* PLACEHOLDER until its owner lands it: cmd_compare. */
#include <stdio.h>

#include "common/exitcodes.h"
#include "tools/commands.h"

int cmd_compare(int argc, char **argv)
{
	(void)argc;
	fprintf(stderr, "slicebench %s: not built yet\n", argv[0]);
	return SB_EXIT_ENV;
}
