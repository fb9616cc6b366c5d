/* SPDX-License-Identifier: GPL-2.0 */
/* A workload's document (workloads/<name>.json) read back by its rows (ci_workload_doc_format): its kind, its status, its figures. */
#ifndef CI_WORKLOAD_FILE_H
#define CI_WORKLOAD_FILE_H

#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"

/*
 * What ci reads of it. "result" and "metrics" are the workload's own
 * figures, read by the descriptors' paths (workloads/registry/): they
 * point into the parsed document, valid while it is kept.
 */
struct ci_workload_doc {
	int schema;
	char *tool, *status; /* NULL when absent */
	const json_t *result, *metrics; /* NULL when absent */
};

/*
 * The document's rows: the reader's and docs/formats.md's. Other keys are
 * let through: a program outside the project writes some of these files
 * itself (cyclictest --json).
 */
extern const struct sb_jr_table ci_workload_doc_format;

/*
 * Read @path into @d, the parsed document into *@root (the caller's to
 * json_decref; @d points into it). 0, or -EINVAL with @e "<path>: <json
 * path>: <value> <why>" (a schema other than 1, a status that is not a
 * string, a result that is not an object), -ENOMEM; @d is freed on error.
 */
int ci_workload_doc_load(const char *path, struct ci_workload_doc *d,
			 json_t **root, struct sb_error *e);
void ci_workload_doc_free(struct ci_workload_doc *d);

#endif
