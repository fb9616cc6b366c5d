// SPDX-License-Identifier: GPL-2.0
/* The end of a run's comparison: per workload group and key metric, medians, spread, change and the gate's verdict. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_cmp.h"
#include "common/fmt.h"
#include "ci/fold.h"
#include "ci/gate_pooled_rule.h"
#include "common/array.h"

/* The table metrics shown for a workload group that no rule judges. */
static const char *const info_metrics[] = { "avg_delay_ms", "switches",
					    "runtime_ms" };

/* The geometric mean of @col's run values of @key, skipping runs the gate skips. */
/*
 * The runs' mean as the gate takes it: geometric, arithmetic when a value
 * is <= 0; a delay table's runs with lost events left out. NAN: no run.
 */
static double gate_mean(const struct ci_column *col, const struct ci_row *key)
{
	int table = ci_metric_at(key->metric)->src == CI_SRC_TABLE;
	double sum = 0, logs = 0;
	size_t n = 0;
	int positive = 1;

	for (size_t i = 0; i < col->n_runs; i++) {
		const struct ci_value *v = ci_values_get(
			&col->runs[i]->vals, key->metric, key->group);

		if (!v || (table && col->runs[i]->lost_events))
			continue;
		positive &= v->v > 0;
		logs += v->v > 0 ? log(v->v) : 0;
		sum += v->v;
		n++;
	}
	if (!n)
		return NAN;
	return positive ? exp(logs / (double)n) : sum / (double)n;
}

/*
 * A pooled rule's statistic of @col as the gate takes it: its quantile of
 * every run's delays merged, or its share of every run's counts
 * (ci/gate_pooled_rule.h); NAN when the runs have nothing to pool.
 */
static double pooled_stat(const struct ci_column *col,
			  const struct ci_rule *rule)
{
	struct ci_pool_est est;
	char why[4200];

	if (ci_pool_rule_estimate(rule, col->runs, col->n_runs, 0, 0, &est, why,
				  sizeof(why)))
		return NAN;
	return est.stat;
}

static int add_row(struct ci_bench_cmp *c, int metric, const char *group,
		   const struct ci_rule *rule)
{
	struct ci_bench_row *r =
		sb_array_grow(c->rows, &c->cap_rows, c->n_rows + 1, sizeof(*r));
	struct ci_row key = { metric, group };
	size_t any = 0;

	if (!r)
		return -ENOMEM;
	c->rows = r;
	r = &r[c->n_rows];
	*r = (struct ci_bench_row){ .metric = metric,
				    .group = group,
				    .rule = rule };
	for (size_t k = 0; k < c->n_cols; k++) {
		ci_summarize(c->cols[k].col, &key, &r->s[k]);
		r->mean[k] = rule && rule->pooled ?
				     pooled_stat(c->cols[k].col, rule) :
				     NAN;
		if (isnan(r->mean[k]))
			r->mean[k] = gate_mean(c->cols[k].col, &key);
		any += r->s[k].n;
	}
	if (!any)
		return 0;
	for (size_t k = 1; rule && k < c->n_cols; k++)
		r->v[k] = c->cols[k].verdicts[rule - c->rules->v];
	c->n_rows++;
	return 0;
}

static int rule_names_group(const struct ci_rules *rules, const char *group)
{
	for (size_t i = 0; i < rules->n; i++)
		if (!strcmp(rules->v[i].group, group))
			return 1;
	return 0;
}

/* By group; within one, the rules' rows (in rules order) before the others. */
static int cmp_rows(const void *a, const void *b)
{
	const struct ci_bench_row *x = a, *y = b;
	int c = strcmp(x->group, y->group);

	if (c || !x->rule != !y->rule)
		return c ? c : x->rule ? -1 : 1;
	if (x->rule)
		return (x->rule > y->rule) - (x->rule < y->rule);
	return x->metric - y->metric;
}

/* The unjudged rows of the workload groups. */
static int add_info_rows(struct ci_bench_cmp *c)
{
	for (size_t k = 0; k < c->n_cols; k++)
		for (size_t r = 0; r < c->cols[k].col->n_runs; r++) {
			const struct ci_values *vals =
				&c->cols[k].col->runs[r]->vals;

			for (size_t i = 0; i < vals->n; i++) {
				const struct ci_value *v = &vals->v[i];
				const char *m = ci_metric_at(v->metric)->name;
				int want = 0;

				if (ci_metric_at(v->metric)->src !=
					    CI_SRC_TABLE ||
				    ci_fold_is_other(v->group) ||
				    ci_bench_row_find(c, m, v->group))
					continue;
				for (size_t j = 0; j < 3; j++)
					want |= !strcmp(m, info_metrics[j]);
				if (!want ||
				    (strcmp(m, "avg_delay_ms") &&
				     !rule_names_group(c->rules, v->group)))
					continue;
				if (add_row(c, v->metric, v->group, NULL))
					return -ENOMEM;
			}
		}
	return 0;
}

int ci_bench_cmp_build(struct ci_bench_cmp *c, const char *title,
		       const struct ci_column *const *cols,
		       const char *const *labels, size_t n,
		       const struct ci_rules *rules)
{
	*c = (struct ci_bench_cmp){ .rules = rules };
	if (n > CI_BENCH_MAX_COLS)
		return -EINVAL;
	snprintf(c->title, sizeof(c->title), "%s", title);
	for (size_t k = 0; k < n; k++) {
		struct ci_bench_col *bc = &c->cols[c->n_cols++];

		snprintf(bc->label, sizeof(bc->label), "%s", labels[k]);
		bc->col = cols[k];
		bc->runs = calloc(cols[k]->n_runs + 1, sizeof(*bc->runs));
		if (!bc->runs)
			return -ENOMEM;
		for (size_t r = 0; r < cols[k]->n_runs; r++)
			bc->runs[r] = *cols[k]->runs[r];
		bc->view = (struct ci_results){ .dir = cols[k]->res->dir,
						.runs = bc->runs,
						.n_runs = cols[k]->n_runs };
		ci_regime_of(cols[k], &bc->regime);
	}
	for (size_t k = 1; k < n; k++) {
		c->cols[k].verdicts =
			calloc(rules->n + 1, sizeof(*c->cols[k].verdicts));
		if (!c->cols[k].verdicts ||
		    ci_bench_verdicts(rules, &c->cols[0].view, &c->cols[k].view,
				      c->cols[k].verdicts))
			return -ENOMEM;
	}
	for (size_t i = 0; i < rules->n; i++)
		if (add_row(c, rules->v[i].metric, rules->v[i].group,
			    &rules->v[i]))
			return -ENOMEM;
	if (add_info_rows(c))
		return -ENOMEM;
	qsort(c->rows, c->n_rows, sizeof(*c->rows), cmp_rows);
	return 0;
}

void ci_bench_cmp_free(struct ci_bench_cmp *c)
{
	for (size_t k = 0; k < c->n_cols; k++) {
		free(c->cols[k].runs);
		free(c->cols[k].verdicts);
	}
	free(c->rows);
	*c = (struct ci_bench_cmp){ 0 };
}

int ci_bench_cmp_judged(const struct ci_bench_cmp *c, struct ci_judged_list *l)
{
	for (size_t k = 1; k < c->n_cols; k++) {
		char where[2 * sizeof(c->cols[0].label) + 16];

		snprintf(where, sizeof(where), "%s against %s",
			 c->cols[k].label, c->cols[0].label);
		for (size_t i = 0; i < c->n_rows; i++) {
			const struct ci_bench_row *r = &c->rows[i];

			if (r->rule && !r->rule->report && /* shown only */
			    ci_judged_add(l, r->rule->name, where,
					  r->v[k].verdict, r->v[k].more_runs))
				return -ENOMEM;
		}
	}
	return 0;
}

const struct ci_bench_row *ci_bench_row_find(const struct ci_bench_cmp *c,
					     const char *metric,
					     const char *group)
{
	int m = ci_metric_find(metric);

	for (size_t i = 0; i < c->n_rows; i++)
		if (c->rows[i].metric == m && !strcmp(c->rows[i].group, group))
			return &c->rows[i];
	return NULL;
}

double ci_bench_change_pct(const struct ci_bench_row *r, size_t k)
{
	if (r->rule && isfinite(r->v[k].ratio) && r->v[k].ratio > 0)
		return (r->v[k].ratio - 1) * 100;
	if (!(r->mean[0] != 0))
		return NAN;
	return (r->mean[k] / r->mean[0] - 1) * 100; /* NAN stays NAN */
}

const char *ci_bench_num(double v, char *buf, size_t len)
{
	double a = fabs(v);

	snprintf(buf, len, "%.*f",
		 a >= 1000 || (a >= 100 && v == floor(v)) ? 0 :
		 a >= 100				  ? 1 :
		 a >= 10				  ? 2 :
							    3,
		 v);
	return buf;
}

void ci_bench_cell(char *buf, size_t len, double center,
		   const struct ci_summary *s)
{
	char a[24], b[24], c[24];

	if (!s->n || isnan(center))
		snprintf(buf, len, "-");
	else if (s->n == 1)
		snprintf(buf, len, "%s", ci_bench_num(center, a, sizeof(a)));
	else if (isnan(s->cov_pct))
		snprintf(buf, len, "%s [%s-%s]",
			 ci_bench_num(center, a, sizeof(a)),
			 ci_bench_num(s->min, b, sizeof(b)),
			 ci_bench_num(s->max, c, sizeof(c)));
	else
		snprintf(buf, len, "%s [%s-%s] %.1f%%",
			 ci_bench_num(center, a, sizeof(a)),
			 ci_bench_num(s->min, b, sizeof(b)),
			 ci_bench_num(s->max, c, sizeof(c)), s->cov_pct);
}

/* A line per run far from its column's median: the gate counts it as any. */
static void outliers_print(FILE *f, const struct ci_bench_cmp *c)
{
	for (size_t i = 0; i < c->n_rows; i++)
		for (size_t k = 0; k < c->n_cols; k++) {
			const struct ci_summary *s = &c->rows[i].s[k];
			char v[24], m[24], line[512];

			if (!s->outlier_repeat)
				continue;
			snprintf(
				line, sizeof(line),
				"outlier: %s %s, %s repeat %u: %s against a "
				"median of %s (%.1f MADs off); the gate counts "
				"it as any run: look at that run",
				c->rows[i].group,
				ci_metric_at(c->rows[i].metric)->name,
				c->cols[k].label, s->outlier_repeat,
				ci_bench_num(s->outlier_value, v, sizeof(v)),
				ci_bench_num(s->median, m, sizeof(m)),
				s->outlier_mads);
			sb_fmt_fold(f, line, SB_TEXT_COLUMNS, 4);
		}
}

void ci_bench_pct_range(char *buf, size_t len, const struct ci_bench_verdict *v)
{
	/* too few runs: the gate has no interval (its ends are 0 or inf) */
	if (!(v->ratio_lo > 0) || isinf(v->ratio_hi))
		snprintf(buf, len, "-");
	else
		/* rounded outward: the change (to 0.1 %) never prints outside
		 * (1e-9: a ratio's last bit is no percent more) */
		snprintf(buf, len, "[%+.0f%%, %+.0f%%]",
			 floor((v->ratio_lo - 1) * 100 + 1e-9) + 0.0,
			 ceil((v->ratio_hi - 1) * 100 - 1e-9) + 0.0);
}

/*
 * The summary's first table: each row's runs, a column a side. Its metric
 * names carry their units (avg_delay_ms), so no unit column: two sides
 * fit the bench end's 100 columns.
 */
static void values_print(FILE *f, const struct ci_bench_cmp *c)
{
	fprintf(f, "%-14s %-20s", "group", "metric");
	for (size_t k = 0; k < c->n_cols; k++) {
		char head[160];

		snprintf(head, sizeof(head), "%s (%zu)", c->cols[k].label,
			 c->cols[k].col->n_runs);
		fprintf(f, " %-*s", k + 1 < c->n_cols ? 31 : 0, head);
	}
	fputc('\n', f);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct ci_bench_row *r = &c->rows[i];

		fprintf(f, "%-14s %-20s", r->group,
			ci_metric_at(r->metric)->name);
		for (size_t k = 0; k < c->n_cols; k++) {
			char txt[128];

			ci_bench_cell(txt, sizeof(txt), r->mean[k], &r->s[k]);
			/* the last column unpadded: no trailing blanks */
			fprintf(f, " %-*s", k + 1 < c->n_cols ? 31 : 0, txt);
		}
		fputc('\n', f);
	}
}

/* The summary's table of column @k against the first: change, interval, bounds, verdict. */
static void changes_print(FILE *f, const struct ci_bench_cmp *c, size_t k)
{
	fprintf(f, "\n%s against %s:\n%-14s %-20s %-8s %-14s %-21s %s\n",
		c->cols[k].label, c->cols[0].label, "group", "metric", "change",
		"interval", "tolerance/pass", "verdict");
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct ci_bench_row *r = &c->rows[i];
		char ch[24] = "-", iv[40] = "-", tol[64] = "-";
		double pct = ci_bench_change_pct(r, k);

		if (!isnan(pct))
			snprintf(ch, sizeof(ch), "%+.1f%%", pct);
		if (r->rule) {
			ci_bench_pct_range(iv, sizeof(iv), &r->v[k]);
			ci_rule_bounds(r->rule, tol, sizeof(tol));
		}
		if (r->rule && r->rule->report) /* shown, never gates */
			snprintf(tol, sizeof(tol), "report only");
		fprintf(f, "%-14s %-20s %-8s %-14s %-21s %s\n", r->group,
			ci_metric_at(r->metric)->name, ch, iv, tol,
			r->rule ? r->v[k].name : "-");
	}
}

void ci_bench_summary_print(FILE *f, const struct ci_bench_cmp *c)
{
	fprintf(f,
		"\nSummary, %s: the runs' mean as the gate takes it (geometric;"
		"\narithmetic where a value is 0) [min-max] and CoV; change: the "
		"ratio of those\nmeans against %s, the gate's estimate; interval "
		"and verdict: the gate's\n(%s, family-wise alpha %g%%; the bad "
		"side's end is the largest change not\nruled out at %.0f%%); "
		"tolerance/pass: the rule's bounds (docs/reading.md);\n'-': "
		"no rule\n",
		c->title, c->cols[0].label, c->rules_name,
		c->rules->alpha * 100, c->rules->pass_confidence * 100);
	values_print(f, c);
	for (size_t k = 1; k < c->n_cols; k++)
		changes_print(f, c, k);
	outliers_print(f, c);
}
