// SPDX-License-Identifier: GPL-2.0
/* A published table read back by its rows, and the change each commented row shows. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/metrics.h"
#include "ci/published_file.h"

#define ROW(m) offsetof(struct ci_pub_row, m)
#define COM(m) offsetof(struct ci_pub_comment, m)
#define PUB(m) offsetof(struct ci_published, m)
#define MAX_ROWS 4096

/* The table's columns, as perf sched latency's with a sum delay. */
static const char *const columns[] = { "runtime_ms", "switches", "avg_delay_ms",
				       "max_delay_ms", "sum_delay_ms" };
#define N_COLUMNS (sizeof(columns) / sizeof(columns[0]))

static const struct sb_field row_fields[] = {
	{ "set", SB_F_STRDUP, ROW(set), .required = 1, .min = 1,
	  .doc = "the feature set the run had (`base` or `cand`)" },
	{ "run", SB_F_INT, ROW(run), .required = 1, .min = 1, .max = 1000,
	  .doc = "the run's number within its set" },
	{ "group", SB_F_STRDUP, ROW(group), .required = 1, .min = 1,
	  .doc = "the task group, as a scenario's workload name" },
	{ "tasks", SB_F_INT, ROW(tasks), .min = 0, .max = 1000000,
	  .doc = "the group's tasks, the N of `name:(N)`" },
	{ "runtime_ms", SB_F_NUMBER, ROW(runtime_ms), .required = 1, .dmin = 0,
	  .dmax = 1e15, .doc = "the group's run time" },
	{ "switches", SB_F_NUMBER, ROW(switches), .required = 1, .dmin = 0,
	  .dmax = 1e15, .doc = "its context switches" },
	{ "avg_delay_ms", SB_F_NUMBER, ROW(avg_delay_ms), .required = 1,
	  .dmin = 0, .dmax = 1e15, .doc = "its average delay" },
	{ "max_delay_ms", SB_F_NUMBER, ROW(max_delay_ms), .required = 1,
	  .dmin = 0, .dmax = 1e15, .doc = "its longest delay" },
	{ "sum_delay_ms", SB_F_NUMBER, ROW(sum_delay_ms), .required = 1,
	  .dmin = 0, .dmax = 1e15, .doc = "its delays summed" },
};

static const struct sb_jr_table row_table =
	SB_JR_TABLE("rows[]", row_fields, NULL, NULL);

/* A metric among the table's columns. */
static int parse_column(struct sb_jr *r, const struct sb_field *f,
			const json_t *v, void *dest, char *why, size_t len)
{
	(void)r;
	(void)f;
	for (size_t i = 0; json_is_string(v) && i < N_COLUMNS; i++)
		if (!strcmp(json_string_value(v), columns[i])) {
			*(int *)dest = ci_metric_find(columns[i]);
			return 0;
		}
	snprintf(why, len,
		 "is not a column of the table (runtime_ms, switches, "
		 "avg_delay_ms, max_delay_ms, sum_delay_ms)");
	return -EINVAL;
}

static const struct sb_field comment_fields[] = {
	{ "group", SB_F_STRDUP, COM(group), .required = 1, .min = 1,
	  .doc = "the group commented on; rows of it in both sets" },
	{ "metric", SB_F_CALL, COM(metric), .required = 1,
	  .parse = parse_column, .type_doc = "a column's name",
	  .doc = "the column commented on" },
	{ "says", SB_F_STRDUP, COM(says), .required = 1, .min = 1,
	  .doc = "what the changelog says of it, in short" },
};

static const struct sb_jr_table comment_table =
	SB_JR_TABLE("comments[]", comment_fields, NULL, NULL);

static const struct sb_field row_item = { .type = SB_F_OBJECT,
					  .sub = &row_table };
static const struct sb_field comment_item = { .type = SB_F_OBJECT,
					      .sub = &comment_table };

/* The runs of @set with @group. */
static size_t runs_of(const struct ci_published *p, const char *set,
		      const char *group)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_rows; i++)
		n += !strcmp(p->rows[i].set, set) &&
		     !strcmp(p->rows[i].group, group);
	return n;
}

static int pub_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct ci_published *p = obj;

	if (!strcmp(p->base, p->cand))
		return sb_jr_fail_key(r, j, "cand", "is the base set too");
	for (size_t i = 0; i < p->n_rows; i++)
		if (strcmp(p->rows[i].set, p->base) &&
		    strcmp(p->rows[i].set, p->cand)) {
			snprintf(r->path, sizeof(r->path), "rows[%zu]", i);
			return sb_jr_fail_key(
				r,
				json_array_get(json_object_get(j, "rows"), i),
				"set", "is neither base nor cand");
		}
	for (size_t i = 0; i < p->n_comments; i++) {
		const char *g = p->comments[i].group;

		if (runs_of(p, p->base, g) && runs_of(p, p->cand, g))
			continue;
		snprintf(r->path, sizeof(r->path), "comments[%zu]", i);
		return sb_jr_fail_key(
			r, json_array_get(json_object_get(j, "comments"), i),
			"group", "has no rows in both sets");
	}
	return 0;
}

static const struct sb_field pub_fields[] = {
	{ "schema", SB_F_INT, PUB(schema), .required = 1, .min = 1, .max = 1,
	  .doc = "1" },
	{ "title", SB_F_STRDUP, PUB(title), .required = 1, .min = 1,
	  .doc = "what the table is, as the bench end heads it" },
	{ "source", SB_F_STRDUP, PUB(source), .required = 1, .min = 1,
	  .doc = "where the numbers were published, and what ran" },
	{ "base", SB_F_STRDUP, PUB(base), .required = 1, .min = 1,
	  .doc = "the feature set changes are measured from" },
	{ "cand", SB_F_STRDUP, PUB(cand), .required = 1, .min = 1,
	  .doc = "the feature set changes are measured to" },
	{ "rows", SB_F_ARRAY, PUB(rows), sizeof(struct ci_pub_row), 1, .min = 2,
	  .max = MAX_ROWS, .item = &row_item, .count_offset = PUB(n_rows),
	  .alloc = 1, .doc = "the table, a row per run, set and group" },
	{ "comments", SB_F_ARRAY, PUB(comments), sizeof(struct ci_pub_comment),
	  1, .min = 1, .max = MAX_ROWS, .item = &comment_item,
	  .count_offset = PUB(n_comments), .alloc = 1,
	  .doc = "the rows the changelog comments on, in its order" },
};

const struct sb_jr_table ci_published_format =
	SB_JR_TABLE("published table", pub_fields, NULL, pub_finish);

void ci_published_free(struct ci_published *p)
{
	for (size_t i = 0; p->rows && i < p->n_rows; i++) {
		free(p->rows[i].set);
		free(p->rows[i].group);
	}
	for (size_t i = 0; p->comments && i < p->n_comments; i++) {
		free(p->comments[i].group);
		free(p->comments[i].says);
	}
	free(p->rows);
	free(p->comments);
	free(p->title);
	free(p->source);
	free(p->base);
	free(p->cand);
	*p = (struct ci_published){ 0 };
}

int ci_published_load(const char *path, struct ci_published *p,
		      struct sb_error *e)
{
	int r;

	*p = (struct ci_published){ 0 };
	r = sb_jr_load(path, &ci_published_format, p, NULL, e);
	if (r)
		ci_published_free(p);
	return r;
}

static double column(const struct ci_pub_row *row, int metric)
{
	const double v[N_COLUMNS] = { row->runtime_ms, row->switches,
				      row->avg_delay_ms, row->max_delay_ms,
				      row->sum_delay_ms };

	for (size_t i = 0; i < N_COLUMNS; i++)
		if (ci_metric_find(columns[i]) == metric)
			return v[i];
	return NAN;
}

/* Mean, min and max of @set's runs of @c's group into @n, @mean, @lo, @hi. */
static void side(const struct ci_published *p, const char *set,
		 const struct ci_pub_comment *c, size_t *n, double *mean,
		 double *lo, double *hi)
{
	double sum = 0;

	*n = 0;
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < p->n_rows; i++) {
		const struct ci_pub_row *row = &p->rows[i];
		double v;

		if (strcmp(row->set, set) || strcmp(row->group, c->group))
			continue;
		v = column(row, c->metric);
		sum += v;
		*lo = fmin(*lo, v);
		*hi = fmax(*hi, v);
		(*n)++;
	}
	*mean = *n ? sum / (double)*n : NAN;
}

void ci_published_change(const struct ci_published *p,
			 const struct ci_pub_comment *c,
			 struct ci_pub_change *out)
{
	side(p, p->base, c, &out->n_base, &out->base, &out->base_min,
	     &out->base_max);
	side(p, p->cand, c, &out->n_cand, &out->cand, &out->cand_min,
	     &out->cand_max);
	out->pct = out->base > 0 ? (out->cand / out->base - 1) * 100 : NAN;
}
