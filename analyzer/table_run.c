// SPDX-License-Identifier: GPL-2.0
/* PLACEHOLDER until the analyzer lands: table_for_run. */
#include <stdio.h>

#include "analyzer/table_run.h"
#include "common/exitcodes.h"

int table_for_run(const char *run_dir, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: analyzer not built yet", run_dir);
	return SB_EXIT_ENV;
}
