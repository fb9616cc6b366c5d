// SPDX-License-Identifier: GPL-2.0
/* Work counted in units of one size: runs whose work units differ are not compared on the work they did. */
#include <stdlib.h>
#include <string.h>

#include "ci/work_unit.h"
#include "common/fmt.h"
#include "common/jsonpath.h"

/* A tool that counts work in units, where it records a unit's size, and its figure counted in them. */
static const struct counted {
	const char *tool, *unit_path, *metric;
} counted[] = {
	{ "massive_intr", "work_unit.iterations", "work_units_per_s" },
	{ "spin_example", "iters_per_unit", "spin_units_per_s" },
};

#define N_COUNTED (sizeof(counted) / sizeof(counted[0]))

/* The unit of @doc, or 0 when it records none; @c gets its tool's row. */
static long long unit_of(const struct ci_doc *doc, const struct counted **c)
{
	const char *tool = doc->file.tool;
	json_t *v;

	for (size_t i = 0; tool && i < N_COUNTED; i++) {
		if (strcmp(tool, counted[i].tool))
			continue;
		*c = &counted[i];
		v = sb_json_path(doc->file.result, counted[i].unit_path);
		return json_is_integer(v) ? json_integer_value(v) : 0;
	}
	return 0;
}

/* Leave @metric of @group out of @vals. */
static void drop(struct ci_values *vals, int metric, const char *group)
{
	size_t k = 0;

	for (size_t i = 0; i < vals->n; i++) {
		if (vals->v[i].metric == metric &&
		    !strcmp(vals->v[i].group, group)) {
			free(vals->v[i].group);
			continue;
		}
		vals->v[k++] = vals->v[i];
	}
	vals->n = k;
}

/* The first run of @sides recording a unit for @group other than @unit, or NULL. */
static const struct ci_run *differs(struct ci_results *const *sides, size_t n,
				    const char *group, long long unit,
				    long long *other)
{
	const struct counted *c;

	for (size_t s = 0; s < n; s++)
		for (size_t r = 0; r < sides[s]->n_runs; r++) {
			const struct ci_run *run = &sides[s]->runs[r];

			for (size_t d = 0; d < run->n_docs; d++) {
				const struct ci_doc *doc = &run->docs[d];

				if (strcmp(doc->name, group))
					continue;
				*other = unit_of(doc, &c);
				if (*other && *other != unit)
					return run;
			}
		}
	return NULL;
}

/* Leave @group's figure counted in units out of every run of @sides. */
static void drop_all(struct ci_results *const *sides, size_t n,
		     const char *group, const struct counted *c)
{
	int metric = ci_metric_find(c->metric);

	for (size_t s = 0; s < n; s++)
		for (size_t r = 0; r < sides[s]->n_runs; r++)
			drop(&sides[s]->runs[r].vals, metric, group);
}

/* Is the @d-th document of run @r of side @s the first of its group to record a unit? */
static int first_of_group(struct ci_results *const *sides, size_t s, size_t r,
			  size_t d)
{
	const char *group = sides[s]->runs[r].docs[d].name;
	const struct counted *c;

	for (size_t s2 = 0; s2 <= s; s2++)
		for (size_t r2 = 0; r2 < sides[s2]->n_runs; r2++) {
			const struct ci_run *run = &sides[s2]->runs[r2];

			if (s2 == s && r2 == r)
				return 1;
			for (size_t d2 = 0; d2 < run->n_docs; d2++)
				if (!strcmp(run->docs[d2].name, group) &&
				    unit_of(&run->docs[d2], &c))
					return 0;
		}
	return 1;
}

size_t ci_work_units_settle(struct ci_results *const *sides, size_t n,
			    char *why, size_t len)
{
	size_t left_out = 0, off = 0;

	if (len)
		*why = '\0';
	for (size_t s = 0; s < n; s++)
		for (size_t r = 0; r < sides[s]->n_runs; r++) {
			const struct ci_run *run = &sides[s]->runs[r];

			for (size_t d = 0; d < run->n_docs; d++) {
				const struct counted *c = NULL;
				const char *group = run->docs[d].name;
				long long unit = unit_of(&run->docs[d], &c),
					  other;
				const struct ci_run *o;

				if (!unit || !first_of_group(sides, s, r, d))
					continue;
				o = differs(sides, n, group, unit, &other);
				if (!o)
					continue;
				sb_fmt_append(
					why, len, &off,
					"%s%s: %s counted in units of %lld "
					"steps in %s but %lld in %s: runs "
					"whose units differ are not compared on "
					"it (%s.result.%s)",
					left_out ? "; " : "", group, c->metric,
					unit, run->path, other, o->path, group,
					c->unit_path);
				drop_all(sides, n, group, c);
				left_out++;
			}
		}
	return left_out;
}
