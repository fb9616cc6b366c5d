// SPDX-License-Identifier: GPL-2.0
/* A workload's document (workloads/<name>.json) read back by its rows (sbw_doc_format): its kind, its status, its figures. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/envelope.h"
#include "workloads/registry/doc_file.h"

#define D(m) offsetof(struct sbw_doc, m)
#define M(m) offsetof(struct sbw_doc_metric, m)

/* enum sbw_better's order (registry.h) */
static const char *const better_names[] = { "none", "lower", "higher", NULL };

static void metric_init(void *obj)
{
	*(struct sbw_doc_metric *)obj = (struct sbw_doc_metric){ .value = NAN };
}

static const struct sb_field metric_fields[] = {
	{ "value", SB_F_NUMBER, M(value), .nullable = 1, .dmin = 0,
	  .dmax = 1e18,
	  .doc = "the metric's value, in its unit; absent or null: not "
		 "measured" },
	{ "unit", SB_F_STRDUP, M(unit),
	  .doc = "its unit (`us`, `loops/s`; empty: a count)" },
	{ "better", SB_F_ENUM, M(better), .choices = better_names,
	  .doc = "which way is better (absent: none)" },
};

static const struct sb_jr_table metric_format =
	SB_JR_TABLE("workload metric", metric_fields, metric_init, NULL);

static const struct sb_field metric_item = { NULL, SB_F_OBJECT,
					     .sub = &metric_format };

static void doc_init(void *obj)
{
	*(struct sbw_doc *)obj = (struct sbw_doc){ .schema = SB_SCHEMA };
}

static const struct sb_field doc_fields[] = {
	{ "schema", SB_F_INT, D(schema), .min = SB_SCHEMA, .max = SB_SCHEMA,
	  .doc = "the version of the format this slicebench reads and writes "
		 "(absent: 1)" },
	{ "tool", SB_F_STRDUP, D(tool), .min = 1,
	  .doc = "the workload (workloads/registry/list.h): its metrics are "
		 "read by its paths; another name's document is kept, not "
		 "read" },
	{ "status", SB_F_STRDUP, D(status),
	  .doc = "`ok`; anything else leaves its figures out" },
	{ "result", SB_F_CALL, D(result), .parse = sb_jr_keep_object,
	  .type_doc = "object",
	  .doc = "the workload's figures, read by its metrics' paths" },
	{ "metrics", SB_F_MAP, D(metrics), sizeof(struct sbw_doc_metric),
	  .item = &metric_item, .count_offset = D(n_metrics),
	  .key_offset = M(name),
	  .doc = "its metrics, by name: read before `result` when there" },
};

const struct sb_jr_table sbw_doc_format = {
	.name = "workload document (`workloads/<name>.json`)",
	.fields = doc_fields,
	.n_fields = sizeof(doc_fields) / sizeof(doc_fields[0]),
	.init = doc_init,
	.unknown_keys_ok = 1,
};

void sbw_doc_free(struct sbw_doc *d)
{
	for (size_t i = 0; i < d->n_metrics; i++) {
		free(d->metrics[i].name);
		free(d->metrics[i].unit);
	}
	free(d->metrics);
	free(d->tool);
	free(d->status);
	*d = (struct sbw_doc){ 0 };
}

int sbw_doc_load(const char *path, struct sbw_doc *d, json_t **root,
		 struct sb_error *e)
{
	int r;

	*d = (struct sbw_doc){ 0 };
	r = sb_jr_load_keep(path, &sbw_doc_format, d, NULL, root, e);
	if (r)
		sbw_doc_free(d);
	return r;
}
