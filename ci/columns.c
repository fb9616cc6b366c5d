// SPDX-License-Identifier: GPL-2.0
/* Compare's columns (one per results dir × kernel × feature set) and per-metric summaries over repeats. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/columns.h"
#include "ci/fold.h"
#include "ci/stats.h"
#include "common/array.h"

static struct ci_column *find_col(struct ci_columns *c,
				  const struct ci_results *res,
				  const struct ci_run *run)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].res == res &&
		    !strcmp(c->v[i].kernel, run->kernel) &&
		    !strcmp(c->v[i].fs, run->fs))
			return &c->v[i];
	return NULL;
}

int ci_columns_build(const struct ci_results *res, size_t n,
		     struct ci_columns *out)
{
	size_t total = 0;

	*out = (struct ci_columns){ 0 };
	for (size_t i = 0; i < n; i++)
		total += res[i].n_runs;
	out->v = calloc(total + 1, sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < res[i].n_runs; j++) {
			const struct ci_run *run = &res[i].runs[j];
			struct ci_column *col = find_col(out, &res[i], run);

			if (!col) {
				col = &out->v[out->n++];
				*col = (struct ci_column){ .res = &res[i],
							   .kernel =
								   run->kernel,
							   .fs = run->fs };
				snprintf(col->label, sizeof(col->label),
					 "%s%s%s/%s", n > 1 ? res[i].dir : "",
					 n > 1 ? ":" : "", run->kernel,
					 run->fs);
				col->runs = calloc(res[i].n_runs,
						   sizeof(*col->runs));
				if (!col->runs)
					return -ENOMEM;
			}
			col->runs[col->n_runs++] = run;
		}
	}
	return 0;
}

void ci_columns_free(struct ci_columns *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].runs);
	free(c->v);
	*c = (struct ci_columns){ 0 };
}

static int has_row(const struct ci_row *rows, size_t n, int metric,
		   const char *group)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].metric == metric && !strcmp(rows[i].group, group))
			return 1;
	return 0;
}

static int add_row(struct ci_row **rows, size_t *n, size_t *cap,
		   const struct ci_value *v)
{
	struct ci_row *nr = sb_array_grow(*rows, cap, *n + 1, sizeof(*nr));

	if (!nr)
		return -ENOMEM;
	*rows = nr;
	(*rows)[(*n)++] = (struct ci_row){ v->metric, v->group };
	return 0;
}

/* Add the rows of @vals from the table (@table) or from the workloads. */
static int add_rows(const struct ci_values *vals, int table,
		    struct ci_row **rows, size_t *n, size_t *cap)
{
	for (size_t i = 0; i < vals->n; i++) {
		const struct ci_value *v = &vals->v[i];

		if ((ci_metric_at(v->metric)->src == CI_SRC_TABLE) != table ||
		    has_row(*rows, *n, v->metric, v->group))
			continue;
		if (add_row(rows, n, cap, v))
			return -ENOMEM;
	}
	return 0;
}

long ci_rows_build(const struct ci_columns *c, struct ci_row **rows)
{
	size_t n = 0, cap = 0;

	*rows = NULL;
	for (int table = 1; table >= 0; table--)
		for (size_t k = 0; k < c->n; k++)
			for (size_t r = 0; r < c->v[k].n_runs; r++)
				if (add_rows(&c->v[k].runs[r]->vals, table,
					     rows, &n, &cap)) {
					free(*rows);
					*rows = NULL;
					return -ENOMEM;
				}
	return (long)n;
}

int ci_group_listed(const char *list, const char *group)
{
	size_t len = strlen(group);

	if (!list)
		return 1;
	for (const char *p = list; p;) {
		size_t n = strcspn(p, ",");

		if (n == len && !strncmp(p, group, len))
			return 1;
		p = p[n] ? p + n + 1 : NULL;
	}
	return 0;
}

size_t ci_rows_filter(struct ci_row *rows, size_t n, const char *list)
{
	size_t keep = 0;

	for (size_t i = 0; i < n; i++)
		if (ci_group_listed(list, rows[i].group))
			rows[keep++] = rows[i];
	return keep;
}

/*
 * The run of @x (@n, repeats @rep) farthest from @median, into @out when
 * it lies beyond CI_OUTLIER_MADS robust standard deviations (1.4826 MAD)
 * and CI_OUTLIER_PCT of the median;
 * a column whose MAD is 0 (most runs equal) has none. @dev: scratch.
 */
static void outlier_of(const double *x, const unsigned int *rep, size_t n,
		       double median, double *dev, struct ci_summary *out)
{
	size_t far = 0;
	double mad;

	if (n < 4)
		return;
	for (size_t i = 0; i < n; i++) {
		dev[i] = fabs(x[i] - median);
		if (dev[i] > fabs(x[far] - median))
			far = i;
	}
	mad = 1.4826 * ci_median(dev, n);
	if (!(mad > 0) || fabs(x[far] - median) / mad <= CI_OUTLIER_MADS ||
	    fabs(x[far] - median) <= fabs(median) * CI_OUTLIER_PCT / 100)
		return;
	out->outlier_repeat = rep[far];
	out->outlier_value = x[far];
	out->outlier_mads = fabs(x[far] - median) / mad;
}

void ci_summarize(const struct ci_column *col, const struct ci_row *row,
		  struct ci_summary *out)
{
	double x[256], dev[256];
	unsigned int rep[256];
	size_t n = 0;

	*out = (struct ci_summary){
		.median = NAN, .min = NAN, .max = NAN, .cov_pct = NAN
	};
	for (size_t r = 0; r < col->n_runs && n < 256; r++) {
		const struct ci_value *v = ci_values_get(
			&col->runs[r]->vals, row->metric, row->group);

		if (v) {
			rep[n] = col->runs[r]->repeat;
			x[n++] = v->v;
		}
	}
	if (!n)
		return;
	out->n = n;
	out->cov_pct = ci_cov_pct(x, n);
	out->min = out->max = x[0];
	for (size_t i = 1; i < n; i++) {
		out->min = fmin(out->min, x[i]);
		out->max = fmax(out->max, x[i]);
	}
	for (size_t i = 0; i < n; i++)
		dev[i] = x[i];
	out->median = ci_median(dev, n); /* reorders its argument */
	outlier_of(x, rep, n, out->median, dev, out);
}

size_t ci_rows_drop_other(struct ci_row *rows, size_t n)
{
	size_t keep = 0;

	for (size_t i = 0; i < n; i++)
		if (ci_metric_at(rows[i].metric)->src != CI_SRC_TABLE ||
		    !ci_fold_is_other(rows[i].group))
			rows[keep++] = rows[i];
	return keep;
}
