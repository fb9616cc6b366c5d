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
	  "average runnable-to-running delay (total delay / delays)" },
	{ "max_delay_ms", CI_SRC_TABLE, NULL, "max_delay_ms", 1, "ms", LOWER,
	  "worst delay of the run" },
	{ "sum_delay_ms", CI_SRC_TABLE, NULL, "sum_delay_ms", 1, "ms", LOWER,
	  "total delay" },
	{ "delay_p99_ms", CI_SRC_TABLE, NULL, "delay_p99_ms", 1, "ms", LOWER,
	  "99th percentile delay (the run's merged histogram)" },
	{ "switches", CI_SRC_TABLE, NULL, "switches", 1, "", CI_DIR_NONE,
	  "switch-ins" },
	{ "runtime_ms", CI_SRC_TABLE, NULL, "runtime_ms", 1, "ms", HIGHER,
	  "CPU time in the window" },
	{ "loops_per_s", CI_SRC_JSON, "massive_intr", "loops_per_s", 1,
	  "loops/s", HIGHER, "massive_intr work periods per second" },
	{ "fairness_jain", CI_SRC_JSON, "massive_intr", "fairness.jain", 1, "",
	  HIGHER, "Jain index of per-process loops" },
	{ "latency_avg_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.avg",
	  1e-3, "us", LOWER, "cyclic wakeup latency, average" },
	{ "latency_p99_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.p99",
	  1e-3, "us", LOWER, "cyclic wakeup latency, 99th percentile" },
	{ "latency_max_us", CI_SRC_JSON, "cyclic", "overall.latency_ns.max",
	  1e-3, "us", LOWER, "cyclic wakeup latency, worst" },
	{ "overruns", CI_SRC_JSON, "cyclic", "overall.overruns", 1, "", LOWER,
	  "cyclic periods missed entirely" },
	{ "deadline_miss_pct", CI_SRC_JSON, "mixload", "deadline_miss_pct", 1,
	  "%", LOWER, "mixload frames that missed their deadline (of all)" },
	{ "input_latency_p99_us", CI_SRC_JSON, "mixload",
	  "input_latency_ns.p99", 1e-3, "us", LOWER,
	  "mixload input-to-frame latency, p99" },
	{ "time_s", CI_SRC_TEXT, "hackbench", "Time:", 1, "s", LOWER,
	  "hackbench run time (its \"Time:\" line)" },
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

struct ci_value *ci_values_add(struct ci_values *vals, int metric,
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

int ci_extract_json(enum ci_src src, const char *tool, json_t *obj,
		    const char *group, const char *where, struct ci_values *out,
		    char *err, size_t errlen)
{
	for (size_t i = 0; i < ci_metrics_n; i++) {
		const struct ci_metric *m = &ci_metrics[i];
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
		if (!ci_values_add(out, (int)i, group, x * m->scale))
			return -ENOMEM;
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
		if (!ci_values_add(out, (int)i, group, x * m->scale))
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
