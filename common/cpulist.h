/* SPDX-License-Identifier: GPL-2.0 */
/* The one CPU-list grammar of slicebench: options, scenarios and kernel descriptors. */
#ifndef SB_CPULIST_H
#define SB_CPULIST_H

#include <sched.h>
#include <stddef.h>

/*
 * Parse "0-3,6,8-15:2" into @set: comma-separated CPUs or ranges A-B with
 * A <= B (a reversed range such as "3-1" is an error, never an empty or a
 * swapped range), each range with an optional :stride >= 1. CPUs are
 * decimal, below CPU_SETSIZE. Returns 0, or -EINVAL (@set untouched).
 */
int sb_cpulist_parse(const char *s, cpu_set_t *set);

/* @set as a list in that grammar ("0-3,6"); "" when empty. */
void sb_cpulist_format(const cpu_set_t *set, char *buf, size_t len);

#endif
