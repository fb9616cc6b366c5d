// SPDX-License-Identifier: GPL-2.0
/* A workload's document (workloads/<name>.json) read back by its rows (ci_workload_doc_format): its kind, its status, its figures. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "ci/workload_file.h"
#include "common/envelope.h"

#define D(m) offsetof(struct ci_workload_doc, m)

/* An object kept where it is, in the parsed document, for paths to read. */
static int keep_object(struct sb_jr *r, const struct sb_field *f,
		       const json_t *v, void *dest, char *why, size_t len)
{
	(void)r, (void)f;
	if (!json_is_object(v)) {
		snprintf(why, len, "is not an object");
		return -EINVAL;
	}
	*(const json_t **)dest = v;
	return 0;
}

static void doc_init(void *obj)
{
	*(struct ci_workload_doc *)obj =
		(struct ci_workload_doc){ .schema = SB_SCHEMA };
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
	{ "result", SB_F_CALL, D(result), .parse = keep_object,
	  .type_doc = "object",
	  .doc = "the workload's figures, read by its metrics' paths" },
	{ "metrics", SB_F_CALL, D(metrics), .parse = keep_object,
	  .type_doc = "object (`<metric>`: {`value`, `unit`, `better`})",
	  .doc = "its metrics, by name: read before `result` when there" },
};

const struct sb_jr_table ci_workload_doc_format = {
	.name = "workload document (`workloads/<name>.json`)",
	.fields = doc_fields,
	.n_fields = sizeof(doc_fields) / sizeof(doc_fields[0]),
	.init = doc_init,
	.unknown_keys_ok = 1,
};

void ci_workload_doc_free(struct ci_workload_doc *d)
{
	free(d->tool);
	free(d->status);
	*d = (struct ci_workload_doc){ 0 };
}

int ci_workload_doc_load(const char *path, struct ci_workload_doc *d,
			 json_t **root, struct sb_error *e)
{
	int r;

	*d = (struct ci_workload_doc){ 0 };
	r = sb_jr_load_keep(path, &ci_workload_doc_format, d, NULL, root, e);
	if (r)
		ci_workload_doc_free(d);
	return r;
}
