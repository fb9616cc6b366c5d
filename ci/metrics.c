// SPDX-License-Identifier: GPL-2.0
/* The metric catalogue: what compare and gate measure, where each value comes from, unit and direction. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/metrics.h"

#define LOWER CI_DIR_LOWER
#define HIGHER CI_DIR_HIGHER

const struct ci_metric ci_metrics[] = {
	{ "avg_delay_ms", CI_SRC_TABLE, NULL, "avg_delay_ms", 1, "ms", LOWER,
	  CI_IV_FIELD, "avg_delay_ms", NULL, 1,
	  "average runnable-to-running delay", "delays" },
	{ "max_delay_ms", CI_SRC_TABLE, NULL, "max_delay_ms", 1, "ms", LOWER,
	  CI_IV_FIELD, "max_delay_ms", NULL, 1, "worst delay", "delays" },
	{ "sum_delay_ms", CI_SRC_TABLE, NULL, "sum_delay_ms", 1, "ms", LOWER,
	  CI_IV_MUL, "delays", "avg_delay_ms", 1, "total delay", "delays" },
	{ "delay_p99_ms", CI_SRC_TABLE, NULL, "delay_p99_ms", 1, "ms", LOWER,
	  CI_IV_FIELD, "p99_delay_ms", NULL, 1, "99th percentile delay",
	  "delays" },
	{ "switches", CI_SRC_TABLE, NULL, "switches", 1, "", CI_DIR_NONE,
	  CI_IV_NONE, NULL, NULL, 1, "switch-ins", NULL },
	{ "runtime_ms", CI_SRC_TABLE, NULL, "runtime_ms", 1, "ms", HIGHER,
	  CI_IV_NONE, NULL, NULL, 1, "CPU time in the window", NULL },
	{ "loops_per_s", CI_SRC_JSON, "massive_intr", "loops_per_s", 1,
	  "loops/s", HIGHER, CI_IV_FIELD, "loops", NULL, 1,
	  "massive_intr throughput (intervals: loops per 1 s)", NULL },
	{ "fairness_jain", CI_SRC_JSON, "massive_intr", "fairness.jain", 1, "",
	  HIGHER, CI_IV_NONE, NULL, NULL, 1, "Jain index of per-process loops",
	  NULL },
	{ "latency_avg_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.avg",
	  1e-3, "us", LOWER, CI_IV_FIELD, "avg_ns", NULL, 1e-3,
	  "cyclic wakeup latency, average", "wakeups" },
	{ "latency_p99_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.p99",
	  1e-3, "us", LOWER, CI_IV_FIELD, "p99_ns", NULL, 1e-3,
	  "cyclic wakeup latency, 99th percentile", "wakeups" },
	{ "latency_max_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.max",
	  1e-3, "us", LOWER, CI_IV_FIELD, "max_ns", NULL, 1e-3,
	  "cyclic wakeup latency, worst", "wakeups" },
	{ "overruns", CI_SRC_JSON, "cyclic", "overall.overruns", 1, "", LOWER,
	  CI_IV_NONE, NULL, NULL, 1, "cyclic periods missed entirely", NULL },
	{ "deadline_miss_pct", CI_SRC_JSON, "mixload", "deadline_miss_pct", 1,
	  "%", LOWER, CI_IV_RATIO, "deadline_misses", "frames", 100,
	  "mixload frames that missed their deadline", NULL },
	{ "input_latency_p99_us", CI_SRC_JSON, "mixload",
	  "input_latency_ns.p99", 1e-3, "us", LOWER, CI_IV_FIELD,
	  "input_p99_ns", NULL, 1e-3, "mixload input-to-frame latency, p99",
	  "inputs" },
	{ "time_s", CI_SRC_TEXT, "hackbench", "Time:", 1, "s", LOWER,
	  CI_IV_NONE, NULL, NULL, 1, "hackbench run time (its \"Time:\" line)",
	  NULL },
};

const size_t ci_metrics_n = sizeof(ci_metrics) / sizeof(ci_metrics[0]);

int ci_metric_find(const char *name)
{
	for (size_t i = 0; i < ci_metrics_n; i++)
		if (!strcmp(ci_metrics[i].name, name))
			return (int)i;
	return -1;
}

int ci_metric_tool_known(const char *tool)
{
	for (size_t i = 0; i < ci_metrics_n; i++)
		if (ci_metrics[i].src == CI_SRC_JSON &&
		    !strcmp(ci_metrics[i].tool, tool))
			return 1;
	return 0;
}

const char *ci_dir_name(enum ci_dir d)
{
	return d == CI_DIR_LOWER  ? "lower" :
	       d == CI_DIR_HIGHER ? "higher" :
				    "none";
}

/* Follow dotted @path in @obj; NULL when any step is absent. */
static json_t *lookup(json_t *obj, const char *path)
{
	char key[64];

	while (obj && *path) {
		size_t len = strcspn(path, ".");

		if (len >= sizeof(key) || !json_is_object(obj))
			return NULL;
		memcpy(key, path, len);
		key[len] = '\0';
		obj = json_object_get(obj, key);
		path += len + (path[len] == '.');
	}
	return obj;
}

static void describe(const json_t *j, char *buf, size_t len)
{
	char *s = json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT);

	snprintf(buf, len, "%.40s", s ? s : "?");
	free(s);
}

/* Number at @path of @obj into @out: 1 found, 0 absent or null, -EINVAL. */
static int get_number(json_t *obj, const char *path, const char *where,
		      double *out, char *err, size_t errlen)
{
	json_t *j = lookup(obj, path);
	char val[48];

	if (!j || json_is_null(j))
		return 0;
	if (!json_is_number(j)) {
		describe(j, val, sizeof(val));
		snprintf(err, errlen, "%s.%s: %s is not a number", where, path,
			 val);
		return -EINVAL;
	}
	*out = json_number_value(j);
	return 1;
}

static struct ci_value *values_add(struct ci_values *vals, int metric,
				   const char *group, double v)
{
	struct ci_value *n;

	if (vals->n == vals->cap) {
		size_t cap = vals->cap ? 2 * vals->cap : 16;

		n = realloc(vals->v, cap * sizeof(*n));
		if (!n)
			return NULL;
		vals->v = n;
		vals->cap = cap;
	}
	n = &vals->v[vals->n];
	*n = (struct ci_value){ .metric = metric, .v = v };
	n->group = strdup(group);
	if (!n->group)
		return NULL;
	vals->n++;
	return n;
}

/* One interval sample of @m from interval object @it: 1, 0 (skip), -EINVAL. */
static int interval_sample(const struct ci_metric *m, json_t *it,
			   const char *where, double *out, char *err,
			   size_t errlen)
{
	double a, b = 1;
	int r;

	if (m->iv_count) {
		r = get_number(it, m->iv_count, where, &a, err, errlen);
		if (r <= 0 || a == 0)
			return r < 0 ? r : 0; /* nothing measured in it */
	}
	r = get_number(it, m->iv_a, where, &a, err, errlen);
	if (r <= 0)
		return r;
	if (m->iv_op != CI_IV_FIELD) {
		r = get_number(it, m->iv_b, where, &b, err, errlen);
		if (r <= 0)
			return r;
	}
	if (m->iv_op == CI_IV_RATIO) {
		if (b == 0)
			return 0;
		a /= b;
	} else if (m->iv_op == CI_IV_MUL) {
		a *= b;
	}
	*out = a * m->iv_scale;
	return 1;
}

static int add_intervals(const struct ci_metric *m, json_t *ivs,
			 const char *where, struct ci_value *v, char *err,
			 size_t errlen)
{
	size_t n = json_array_size(ivs);
	char at[512];

	if (m->iv_op == CI_IV_NONE || !n)
		return 0;
	v->iv = calloc(n, sizeof(*v->iv));
	if (!v->iv)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		int r;

		snprintf(at, sizeof(at), "%s.intervals[%zu]", where, i);
		r = interval_sample(m, json_array_get(ivs, i), at,
				    &v->iv[v->n_iv], err, errlen);
		if (r < 0)
			return r;
		v->n_iv += (size_t)r;
	}
	return 0;
}

int ci_extract_json(enum ci_src src, const char *tool, json_t *obj,
		    const char *group, const char *where, struct ci_values *out,
		    char *err, size_t errlen)
{
	json_t *ivs = json_object_get(obj, "intervals");

	if (ivs && !json_is_array(ivs)) {
		snprintf(err, errlen, "%s.intervals: not an array", where);
		return -EINVAL;
	}
	for (size_t i = 0; i < ci_metrics_n; i++) {
		const struct ci_metric *m = &ci_metrics[i];
		struct ci_value *v;
		double x;
		int r;

		if (m->src != src || (tool && strcmp(m->tool, tool)))
			continue;
		r = get_number(obj, m->path, where, &x, err, errlen);
		if (r <= 0) {
			if (r < 0)
				return r;
			continue;
		}
		v = values_add(out, (int)i, group, x * m->scale);
		if (!v)
			return -ENOMEM;
		r = add_intervals(m, ivs, where, v, err, errlen);
		if (r < 0)
			return r;
	}
	return 0;
}

int ci_extract_text(const char *txt, const char *group, const char *where,
		    struct ci_values *out, char *err, size_t errlen)
{
	for (size_t i = 0; i < ci_metrics_n; i++) {
		const struct ci_metric *m = &ci_metrics[i];
		size_t plen = m->path ? strlen(m->path) : 0;
		const char *line = txt, *found = NULL;
		char *end;
		double x;

		if (m->src != CI_SRC_TEXT || !m->path)
			continue;
		while (line) { /* the last matching line counts */
			if (!strncmp(line, m->path, plen))
				found = line + plen;
			line = strchr(line, '\n');
			if (line)
				line++;
		}
		if (!found)
			continue;
		errno = 0;
		x = strtod(found, &end);
		if (end == found || errno || !isfinite(x)) {
			snprintf(err, errlen, "%s: \"%s\" line: not a number",
				 where, m->path);
			return -EINVAL;
		}
		if (!values_add(out, (int)i, group, x * m->scale))
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
		free(vals->v[i].iv);
	}
	free(vals->v);
	*vals = (struct ci_values){ 0 };
}
