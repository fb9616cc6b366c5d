// SPDX-License-Identifier: GPL-2.0
/* Where the running kernel's tracefs is mounted. */
#include <unistd.h>

#include "common/tracefs_dir.h"

const char *sb_tracefs_dir(void)
{
	return access("/sys/kernel/tracing/tracing_on", F_OK) ?
		       "/sys/kernel/debug/tracing" :
		       "/sys/kernel/tracing";
}
