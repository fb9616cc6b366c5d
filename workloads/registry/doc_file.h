/* SPDX-License-Identifier: GPL-2.0 */
/* A workload's document (workloads/<name>.json) read back by its rows (sbw_doc_format): its kind, its status, its figures. */
#ifndef SBW_DOC_FILE_H
#define SBW_DOC_FILE_H

#include <stddef.h>
#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"

/* One entry of the "metrics" section, by its rows (sbw_doc_metric_format). */
struct sbw_doc_metric {
	char *name; /* its key: a metric of the list, or another's */
	double value; /* NAN when null or absent */
	char *unit; /* NULL when absent */
	int better; /* enum sbw_better */
};

/*
 * What a reader takes of it. "result" is the workload's own figures, read
 * by the descriptors' paths (registry.h): it points into the parsed
 * document, valid while that is kept.
 */
struct sbw_doc {
	int schema;
	char *tool, *status; /* NULL when absent */
	const json_t *result; /* NULL when absent */
	/* the "metrics" section in the file's order; NULL: none (an older
	 * document, read by the paths) */
	struct sbw_doc_metric *metrics;
	size_t n_metrics;
};

/*
 * The document's rows: the reader's and docs/formats.md's. Other keys are
 * let through: a program outside the project writes some of these files
 * itself (cyclictest --json).
 */
extern const struct sb_jr_table sbw_doc_format;

/*
 * Read @path into @d, the parsed document into *@root (the caller's to
 * json_decref; @d points into it). 0, or -EINVAL with @e "<path>: <json
 * path>: <value> <why>" (a schema other than 1, a status that is not a
 * string, a result that is not an object, a metric without a number),
 * -ENOMEM; @d is freed on error.
 */
int sbw_doc_load(const char *path, struct sbw_doc *d, json_t **root,
		 struct sb_error *e);
void sbw_doc_free(struct sbw_doc *d);

#endif
