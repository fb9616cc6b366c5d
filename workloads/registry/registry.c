// SPDX-License-Identifier: GPL-2.0
/* The list of workloads (list.h) as an array, and lookups in it. */
#include <stdint.h>

#include "workloads/registry/registry.h"
#include "common/byname.h"

#define SBW_ENTRY(id) &sbw_##id,
static const struct sbw_workload *const list[] = {
	SB_WORKLOAD_LIST(SBW_ENTRY) NULL,
};
#undef SBW_ENTRY

const struct sbw_workload *const *sbw_list(void)
{
	return list;
}

const struct sbw_workload *sbw_find(const char *name)
{
	long i = sb_index_named_ptr(list, SIZE_MAX, name, name);

	return i < 0 ? NULL : list[i];
}

const struct sbw_metric *sbw_metric_find(const char *name,
					 const struct sbw_workload **owner)
{
	for (size_t i = 0; list[i]; i++) {
		long k = sb_index_named(list[i]->metrics, list[i]->n_metrics,
					name, name);

		if (k >= 0) {
			if (owner)
				*owner = list[i];
			return &list[i]->metrics[k];
		}
	}
	return NULL;
}

/* What a program outside the list runs as. */
static const struct sbw_workload generic = {
	.help = "any other program via slicectl (count = instances)",
	.kind = SBW_TOOL,
	.output = SBW_OUT_STDOUT,
	.summary = sbw_summary_last_line,
};

const struct sbw_workload *sbw_lookup(const char *tool)
{
	const struct sbw_workload *d = sbw_find(tool);

	return d && d->kind != SBW_HELPER ? d : &generic;
}
