// SPDX-License-Identifier: GPL-2.0
/* The metric catalogue: the analyzer table's metrics and every listed workload's, with unit and direction. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/metrics.h"
#include "common/array.h"
#include "common/byname.h"
#include "common/jsonpath.h"
#include "workloads/registry/registry.h"

#define LOWER CI_DIR_LOWER
#define HIGHER CI_DIR_HIGHER

/* The analyzer's table; the workloads' metrics follow from their list. */
static const struct ci_metric table_metrics[] = {
	{ "avg_delay_ms", CI_SRC_TABLE, NULL, "avg_delay_ms", 1, "ms", LOWER,
	  "average runnable-to-running delay (total delay / delays)",
	  .zero_ok = 0 },
	{ "max_delay_ms", CI_SRC_TABLE, NULL, "max_delay_ms", 1, "ms", LOWER,
	  "worst delay of the run", .zero_ok = 0 },
	{ "sum_delay_ms", CI_SRC_TABLE, NULL, "sum_delay_ms", 1, "ms", LOWER,
	  "total delay", .zero_ok = 1 }, /* switch-ins that all waited 0 */
	{ "delay_p99_ms", CI_SRC_TABLE, NULL, "delay_p99_ms", 1, "ms", LOWER,
	  "99th percentile delay (the run's merged histogram)", .zero_ok = 0 },
	{ "switches", CI_SRC_TABLE, NULL, "switches", 1, "", CI_DIR_NONE,
	  "switch-ins", .zero_ok = 0 },
	{ "runtime_ms", CI_SRC_TABLE, NULL, "runtime_ms", 1, "ms", HIGHER,
	  "CPU time in the window", .zero_ok = 0 },
};

#define N_TABLE (sizeof(table_metrics) / sizeof(table_metrics[0]))

static struct ci_metric catalogue[N_TABLE + CI_MAX_WL_METRICS];
static size_t catalogue_n;
static pthread_once_t catalogue_once = PTHREAD_ONCE_INIT;

static enum ci_dir dir_of(enum sbw_better b)
{
	return b == SBW_BETTER_LOWER  ? LOWER :
	       b == SBW_BETTER_HIGHER ? HIGHER :
					CI_DIR_NONE;
}

/* @w's periodic counts when @m is their missed share, else NULL. */
static const struct sbw_periodic *counts_of(const struct sbw_workload *w,
					    const struct sbw_metric *m)
{
	const struct sbw_periodic *p = w->periodic;

	return p && p->missed_pct && p->missed && p->all &&
			       !strcmp(p->missed_pct, m->path) ?
		       p :
		       NULL;
}

static void catalogue_fill(void)
{
	memcpy(catalogue, table_metrics, sizeof(table_metrics));
	catalogue_n = N_TABLE;
	for (const struct sbw_workload *const *w = sbw_list(); *w; w++)
		for (size_t k = 0; k < (*w)->n_metrics; k++) {
			const struct sbw_metric *m = &(*w)->metrics[k];

			if (catalogue_n == N_TABLE + CI_MAX_WL_METRICS)
				return; /* a unit test keeps the list below */
			catalogue[catalogue_n++] = (struct ci_metric){
				.name = m->name,
				.src = CI_SRC_JSON,
				.tool = (*w)->name,
				.path = m->path,
				.scale = m->scale,
				.unit = m->unit,
				.dir = dir_of(m->better),
				.help = m->help,
				.zero_ok = m->zero_ok,
				.counts = counts_of(*w, m),
			};
		}
}

size_t ci_metrics_count(void)
{
	pthread_once(&catalogue_once, catalogue_fill);
	return catalogue_n;
}

const struct ci_metric *ci_metric_at(int i)
{
	pthread_once(&catalogue_once, catalogue_fill);
	return &catalogue[i];
}

int ci_metric_find(const char *name)
{
	return (int)sb_index_named(catalogue, ci_metrics_count(), name, name);
}

int ci_metric_tool_known(const char *tool)
{
	for (size_t i = 0; i < ci_metrics_count(); i++)
		if (catalogue[i].src == CI_SRC_JSON &&
		    !strcmp(catalogue[i].tool, tool))
			return 1;
	return 0;
}

const char *ci_dir_name(enum ci_dir d)
{
	return d == CI_DIR_LOWER  ? "lower" :
	       d == CI_DIR_HIGHER ? "higher" :
				    "none";
}

static void describe(const json_t *j, char *buf, size_t len)
{
	char *s = json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT);

	snprintf(buf, len, "%.40s", s ? s : "?");
	free(s);
}

/* Number at @path of @obj into @out: 1 found, 0 absent or null, -EINVAL. */
static int get_number(json_t *obj, const char *path, const char *where,
		      double *out, struct sb_error *e)
{
	json_t *j = sb_json_path(obj, path);
	char val[48];

	if (!j || json_is_null(j))
		return 0;
	if (!json_is_number(j)) {
		describe(j, val, sizeof(val));
		sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			     "%s.%s: %s is not a number", where, path, val);
		return -EINVAL; /* literal: the callers read *@out unless < 0 */
	}
	*out = json_number_value(j);
	return 1;
}

struct ci_value *ci_values_add(struct ci_values *vals, int metric,
			       const char *group, double v)
{
	struct ci_value *n;

	n = sb_array_grow(vals->v, &vals->cap, vals->n + 1, sizeof(*n));
	if (!n)
		return NULL;
	vals->v = n;
	n = &vals->v[vals->n];
	*n = (struct ci_value){ .metric = metric, .v = v };
	n->group = strdup(group);
	if (!n->group)
		return NULL;
	vals->n++;
	return n;
}

int ci_extract_json(enum ci_src src, const char *tool, json_t *obj,
		    const char *group, const char *where, struct ci_values *out,
		    struct sb_error *e)
{
	for (size_t i = 0; i < ci_metrics_count(); i++) {
		const struct ci_metric *m = &catalogue[i];
		double x;
		int r;

		if (m->src != src || (tool && strcmp(m->tool, tool)))
			continue;
		r = get_number(obj, m->path, where, &x, e);
		if (r <= 0) {
			if (r < 0)
				return r;
			continue;
		}
		if (!ci_values_add(out, (int)i, group, x * m->scale))
			return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
					    "out of memory");
	}
	return 0;
}

int ci_extract_section(const struct sbw_doc_metric *m, size_t n,
		       const char *group, struct ci_values *out)
{
	for (size_t k = 0; k < n; k++) {
		int i = ci_metric_find(m[k].name);

		if (i < 0 || catalogue[i].src == CI_SRC_TABLE ||
		    isnan(m[k].value))
			continue; /* not a metric compare or gate knows */
		if (!ci_values_add(out, i, group, m[k].value))
			return -ENOMEM;
	}
	return 0;
}

const struct ci_value *ci_values_get(const struct ci_values *vals, int metric,
				     const char *group)
{
	for (size_t i = 0; i < vals->n; i++)
		if (vals->v[i].metric == metric &&
		    !strcmp(vals->v[i].group, group))
			return &vals->v[i];
	return NULL;
}

void ci_values_free(struct ci_values *vals)
{
	for (size_t i = 0; i < vals->n; i++) {
		free(vals->v[i].group);
	}
	free(vals->v);
	*vals = (struct ci_values){ 0 };
}
