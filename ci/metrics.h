/* SPDX-License-Identifier: GPL-2.0 */
/* The metric catalogue: the analyzer table's metrics and every listed workload's, with unit and direction. */
#ifndef CI_METRICS_H
#define CI_METRICS_H

#include <stddef.h>
#include <jansson.h>

#include "common/error.h"
#include "workloads/registry/doc_file.h"

struct sbw_periodic;

enum ci_src {
	CI_SRC_TABLE, /* a group of table.json; group = comm */
	CI_SRC_JSON, /* "result" of workloads/<name>.json; group = name */
};

enum ci_dir { CI_DIR_NONE, CI_DIR_LOWER, CI_DIR_HIGHER };

struct ci_metric {
	const char *name;
	enum ci_src src;
	const char *tool; /* workload "tool" it applies to; NULL for the table */
	const char *path; /* dotted path in the group or result */
	double scale;
	const char *unit;
	enum ci_dir dir;
	const char *help;
	int zero_ok; /* as struct sbw_metric's */
	/* the periodic workload's counts this missed share is of (its
	 * descriptor's @missed of @all): a pooled rule sums them over runs
	 * (ci/gate_pooled_ratio.h); NULL: not such a share */
	const struct sbw_periodic *counts;
};

/* Room for the workloads' metrics (workloads/registry/list.h). */
#define CI_MAX_WL_METRICS 64

/* How many metrics the catalogue holds: the table's, then the workloads'. */
size_t ci_metrics_count(void);
/* Metric @i (0 <= i < ci_metrics_count()). */
const struct ci_metric *ci_metric_at(int i);

/* Index of the metric called @name, or -1. */
int ci_metric_find(const char *name);
/* Does any JSON metric read documents of workload tool @tool? */
int ci_metric_tool_known(const char *tool);
const char *ci_dir_name(enum ci_dir d);

/* One metric of one group in one run: its value over the whole window. */
struct ci_value {
	int metric;
	char *group;
	double v;
};

struct ci_values {
	struct ci_value *v;
	size_t n, cap;
};

/*
 * Extract every metric of source @src (and workload @tool) from @obj (a
 * table group or a workload "result") into @out under @group. @where names
 * the object for errors ("…/table.json: groups[2]"). Absent fields are
 * skipped; a field of the wrong type is an error: returns -EINVAL with @e
 * "<where>.<path>: <value> is not a number". -ENOMEM on allocation failure.
 */
int ci_extract_json(enum ci_src src, const char *tool, json_t *obj,
		    const char *group, const char *where, struct ci_values *out,
		    struct sb_error *e);
/*
 * The values of a workload document's "metrics" section (@m, @n entries,
 * read by its rows: docs/formats.md) into @out under @group; names the
 * catalogue does not hold and values not measured (NAN) are skipped.
 * 0 or -ENOMEM.
 */
int ci_extract_section(const struct sbw_doc_metric *m, size_t n,
		       const char *group, struct ci_values *out);

/* Append @v of @metric/@group to @vals; NULL when out of memory. */
struct ci_value *ci_values_add(struct ci_values *vals, int metric,
			       const char *group, double v);
/* The value of @metric/@group in @vals, or NULL. */
const struct ci_value *ci_values_get(const struct ci_values *vals, int metric,
				     const char *group);
void ci_values_free(struct ci_values *vals);

#endif
