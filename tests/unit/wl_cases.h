/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: a scenario workload of a tool, and what its argv holds. */
#ifndef SB_WL_CASES_H
#define SB_WL_CASES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "harness/workload.h"

/* Workload @name of @tool, @count of it, a slice of @slice_ns (0: none). */
static inline struct sc_workload workload(const char *tool, const char *name,
					  int count, uint64_t slice_ns)
{
	struct sc_workload w = { .count = count,
				 .slice_given = slice_ns != 0,
				 .slice_ns = slice_ns };

	snprintf(w.tool, sizeof(w.tool), "%s", tool);
	snprintf(w.name, sizeof(w.name), "%s", name);
	w.desc = sbw_lookup(tool);
	return w;
}

/* 1 if @p's argv holds word @a, followed by @b unless @b is NULL. */
static inline int argv_has(const struct wl_proc *p, const char *a,
			   const char *b)
{
	for (int i = 0; p->argv[i]; i++)
		if (!strcmp(p->argv[i], a) &&
		    (!b || (p->argv[i + 1] && !strcmp(p->argv[i + 1], b))))
			return 1;
	return 0;
}

#endif
