// SPDX-License-Identifier: GPL-2.0
/* A published table's commented rows beside this bench's: the published change next to the measured one with the gate's interval, and where the direction differs. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_cmp.h"
#include "ci/bench_verdict.h"
#include "ci/fold.h"
#include "ci/published_beside.h"
#include "ci/schedstat_file.h"
#include "common/fmt.h"

/* An interval needs two runs a side; the verdicts are not said here. */
#define BESIDE_MIN_RUNS 2

/* One side: its runs as copies whose values are the commented rows'. */
struct side {
	const struct ci_column *col;
	struct ci_run *runs;
	struct ci_results view;
};

/* Is table group @g of workload @w: its tasks are (@ss), else its comm is @w? */
static int of_workload(const struct ci_table_row *g,
		       const struct ci_schedstat *ss, const char *w)
{
	if (!ss)
		return g->comm && !strcmp(g->comm, w);
	for (size_t i = 0; i < g->n_pids; i++) {
		const struct ci_ss_task *t = ci_schedstat_task(ss, g->pids[i]);

		if (t && t->workload && !strcmp(t->workload, w))
			return 1;
	}
	return 0;
}

/* @run's groups of workload @w folded into one row; 0: it has none. */
static int fold_workload(const struct ci_run *run,
			 const struct ci_schedstat *ss, const char *w,
			 struct ci_fold_row *out)
{
	const struct ci_table *t = &run->delay_table;
	int any = 0;

	*out = (struct ci_fold_row){ 0 };
	for (size_t i = 0; run->has_table && i < t->n_groups; i++) {
		const struct ci_table_row *g = &t->groups[i];

		if (!of_workload(g, ss, w))
			continue;
		out->tasks += (unsigned int)g->tasks;
		out->runtime_ms += g->runtime_ms;
		out->switches += g->switches;
		out->sum_delay_ms += g->sum_delay_ms;
		out->max_delay_ms = fmax(out->max_delay_ms, g->max_delay_ms);
		any = 1;
	}
	return any;
}

/* @metric of a folded row, as the seed's table has its columns. */
static double fold_value(const struct ci_fold_row *r, int metric)
{
	const char *m = ci_metric_at(metric)->name;

	if (!strcmp(m, "runtime_ms"))
		return r->runtime_ms;
	if (!strcmp(m, "switches"))
		return r->switches;
	if (!strcmp(m, "max_delay_ms"))
		return r->max_delay_ms;
	if (!strcmp(m, "sum_delay_ms"))
		return r->sum_delay_ms;
	return ci_fold_avg_ms(r);
}

/* Copies of @col's runs, each with a value per commented row of @p. */
static int side_build(struct side *s, const struct ci_column *col,
		      const struct ci_published *p)
{
	*s = (struct side){ .col = col };
	s->runs = calloc(col->n_runs + 1, sizeof(*s->runs));
	if (!s->runs)
		return -ENOMEM;
	s->view = (struct ci_results){ .dir = col->res->dir,
				       .runs = s->runs,
				       .n_runs = col->n_runs };
	for (size_t r = 0; r < col->n_runs; r++) {
		struct ci_run *run = &s->runs[r];
		struct ci_schedstat ss;
		struct sb_error e;
		char path[4200];
		int have;

		*run = *col->runs[r];
		run->vals = (struct ci_values){ 0 };
		snprintf(path, sizeof(path), "%s/schedstat.json", run->path);
		/* unreadable counts as absent: the comms then name the groups */
		have = !ci_schedstat_load(path, &ss, &e);
		for (size_t i = 0; i < p->n_comments; i++) {
			const struct ci_pub_comment *c = &p->comments[i];
			struct ci_fold_row row;

			if (fold_workload(run, have ? &ss : NULL, c->group,
					  &row) &&
			    !ci_values_add(&run->vals, c->metric, c->group,
					   fold_value(&row, c->metric))) {
				if (have)
					ci_schedstat_free(&ss);
				return -ENOMEM;
			}
		}
		if (have)
			ci_schedstat_free(&ss);
	}
	return 0;
}

static void side_free(struct side *s)
{
	for (size_t r = 0; s->runs && r < s->view.n_runs; r++)
		ci_values_free(&s->runs[r].vals);
	free(s->runs);
}

/* @s's runs' values of @c: their arithmetic mean (as the seed took its), min and max. */
struct stat {
	size_t n;
	double mean, min, max;
};

static struct stat side_stat(const struct side *s,
			     const struct ci_pub_comment *c)
{
	struct stat st = { 0, NAN, INFINITY, -INFINITY };
	double sum = 0;

	for (size_t r = 0; r < s->view.n_runs; r++) {
		const struct ci_value *v =
			ci_values_get(&s->runs[r].vals, c->metric, c->group);

		if (!v)
			continue;
		sum += v->v;
		st.min = fmin(st.min, v->v);
		st.max = fmax(st.max, v->v);
		st.n++;
	}
	if (st.n)
		st.mean = sum / (double)st.n;
	return st;
}

/* "A -> B" of two means, "-" where one is unknown. */
static void means(char *buf, size_t len, double a, double b)
{
	char x[24], y[24];

	if (isnan(a) || isnan(b))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s -> %s", ci_bench_num(a, x, sizeof(x)),
			 ci_bench_num(b, y, sizeof(y)));
}

/* "lo-hi" of a side's runs. */
static void range(char *buf, size_t len, double lo, double hi)
{
	char x[24], y[24];

	snprintf(buf, len, "%s-%s", ci_bench_num(lo, x, sizeof(x)),
		 ci_bench_num(hi, y, sizeof(y)));
}

/* @text after @head, wrapped at WRAP columns, the rest indented by one. */
#define WRAP 96
static void wrapped(FILE *f, const char *head, const char *text)
{
	size_t col = (size_t)fprintf(f, "%s", head);

	while (*text) {
		size_t w = strcspn(text, " ");

		if (col + 1 + w > WRAP && col > 1) {
			fputs("\n ", f);
			col = 1;
		}
		col += (size_t)fprintf(f, " %.*s", (int)w, text);
		text += w;
		text += strspn(text, " ");
	}
	fputc('\n', f);
}

/* The column of feature set @fs among @cols, or NULL. */
static const struct ci_column *column_of(const struct ci_column *const *cols,
					 size_t n, const char *fs)
{
	for (size_t k = 0; k < n; k++)
		if (!strcmp(cols[k]->fs, fs))
			return cols[k];
	return NULL;
}

/* A rule per commented row, to ask the gate its ratio and interval. */
static struct ci_rule *rules_of(const struct ci_published *p,
				const struct ci_rules *like,
				struct ci_rules *out)
{
	*out = (struct ci_rules){ .alpha = like->alpha,
				  .pass_confidence = like->pass_confidence,
				  .min_runs = BESIDE_MIN_RUNS,
				  .n = p->n_comments };
	out->v = calloc(p->n_comments + 1, sizeof(*out->v));
	for (size_t i = 0; out->v && i < p->n_comments; i++) {
		const struct ci_pub_comment *c = &p->comments[i];
		enum ci_dir d = ci_metric_at(c->metric)->dir;

		/* names borrowed; a metric without a better side (switches)
		 * is compared as lower-is-better: the ratio is the same */
		out->v[i] = (struct ci_rule){ .name = c->group,
					      .metric = c->metric,
					      .group = c->group,
					      .dir = d == CI_DIR_NONE ?
							     CI_DIR_LOWER :
							     d };
	}
	return out->v;
}

/* The measured change in % (the gate's, else the means'), NAN: none. */
static double here_pct(const struct ci_bench_verdict *v, const struct stat *b,
		       const struct stat *c)
{
	if (isfinite(v->ratio) && v->ratio > 0)
		return (v->ratio - 1) * 100;
	return b->mean > 0 ? (c->mean / b->mean - 1) * 100 : NAN;
}

/* One commented row: the seed's change and this bench's. */
struct line {
	const struct ci_pub_comment *c;
	struct ci_pub_change seed;
	struct stat b, cand; /* this bench's sides */
	double pct; /* this bench's change */
	const struct ci_bench_verdict *v;
};

static void print_row(FILE *f, const struct line *l)
{
	char sm[64], hm[64], iv[40], hc[24] = "-";

	means(sm, sizeof(sm), l->seed.base, l->seed.cand);
	means(hm, sizeof(hm), l->b.mean, l->cand.mean);
	ci_bench_pct_range(iv, sizeof(iv), l->v);
	if (!isnan(l->pct))
		snprintf(hc, sizeof(hc), "%+.1f%%", l->pct);
	fprintf(f, "%-15s %-13s %+7.1f%%  %-17s %7s  %-14s %s\n", l->c->group,
		ci_metric_at(l->c->metric)->name, l->seed.pct, sm, hc, iv, hm);
}

/* Does @v's interval span no change (both ends said)? */
static int undecided(const struct ci_bench_verdict *v)
{
	return v->ratio_lo > 0 && v->ratio_lo < 1 && v->ratio_hi > 1 &&
	       !isinf(v->ratio_hi);
}

/*
 * A per-run maximum's claim is its spread over runs: both sides' ranges.
 * Then where the direction differs from the seed's or is not settled.
 */
static void print_note(FILE *f, const struct line *l)
{
	const struct ci_pub_change *s = &l->seed;
	char head[160], text[512], iv[40], r[4][48];
	size_t off = 0;

	snprintf(head, sizeof(head), "%s %s:", l->c->group,
		 ci_metric_at(l->c->metric)->name);
	if (!strcmp(ci_metric_at(l->c->metric)->name, "max_delay_ms") &&
	    l->b.n && l->cand.n) {
		range(r[0], sizeof(r[0]), s->base_min, s->base_max);
		range(r[1], sizeof(r[1]), s->cand_min, s->cand_max);
		range(r[2], sizeof(r[2]), l->b.min, l->b.max);
		range(r[3], sizeof(r[3]), l->cand.min, l->cand.max);
		snprintf(text, sizeof(text),
			 "the seed: %s; its runs %s -> %s, here %s -> %s",
			 l->c->says, r[0], r[1], r[2], r[3]);
		wrapped(f, head, text);
	}
	if (isnan(l->pct) || isnan(s->pct) || !s->pct)
		return;
	ci_bench_pct_range(iv, sizeof(iv), l->v);
	if ((l->pct > 0) != (s->pct > 0))
		sb_fmt_append(text, sizeof(text), &off,
			      "opposite direction to the seed (%+.1f %% here, "
			      "%+.1f %% in the seed)%s",
			      l->pct, s->pct, undecided(l->v) ? "," : "");
	else if (undecided(l->v))
		sb_fmt_append(text, sizeof(text), &off,
			      "the seed's direction,");
	if (undecided(l->v))
		sb_fmt_append(text, sizeof(text), &off,
			      " not decided here: the interval %s spans no "
			      "change",
			      iv);
	if (off)
		wrapped(f, head, text);
}

static void print_lines(FILE *f, const struct ci_published *p,
			const struct ci_rules *like, const struct line *l)
{
	wrapped(f, "", p->title);
	wrapped(f, " source:", p->source);
	fprintf(f,
		" seed: %s against %s, the means of its runs as its changelog "
		"took them;\n here: the same means of these runs; change and "
		"interval: the gate's\n (geometric means, family-wise alpha "
		"%g%% over these %zu rows; '-': too few runs)\n",
		p->cand, p->base, like->alpha * 100, p->n_comments);
	fprintf(f, "%-15s %-13s %8s  %-17s %7s  %-14s %s\n", "group", "metric",
		"seed", "(means)", "here", "interval", "(means)");
	for (size_t i = 0; i < p->n_comments; i++)
		print_row(f, &l[i]);
	for (size_t i = 0; i < p->n_comments; i++)
		print_note(f, &l[i]);
}

int ci_published_beside(FILE *f, const struct ci_published *p, const char *name,
			const char *title, const struct ci_column *const *cols,
			size_t n, const struct ci_rules *like)
{
	const struct ci_column *base = column_of(cols, n, p->base);
	const struct ci_column *cand = column_of(cols, n, p->cand);
	struct side b = { 0 }, c = { 0 };
	struct ci_bench_verdict *v = NULL;
	struct ci_rules rules = { 0 };
	struct line *l = NULL;
	int r = -ENOMEM;

	fprintf(f, "\nBeside the published table, %s (%s):\n", title, name);
	if (!base || !cand) {
		fprintf(f, " it compares %s with %s; this bench has no %s\n",
			p->cand, p->base, base ? p->cand : p->base);
		return 0;
	}
	if (side_build(&b, base, p) || side_build(&c, cand, p) ||
	    !rules_of(p, like, &rules) ||
	    !(v = calloc(p->n_comments + 1, sizeof(*v))) ||
	    !(l = calloc(p->n_comments + 1, sizeof(*l))) ||
	    ci_bench_verdicts(&rules, &b.view, &c.view, v))
		goto out;
	for (size_t i = 0; i < p->n_comments; i++) {
		l[i] = (struct line){ .c = &p->comments[i], .v = &v[i] };
		ci_published_change(p, l[i].c, &l[i].seed);
		l[i].b = side_stat(&b, l[i].c);
		l[i].cand = side_stat(&c, l[i].c);
		l[i].pct = here_pct(l[i].v, &l[i].b, &l[i].cand);
	}
	print_lines(f, p, like, l);
	r = 0;
out:
	free(l);
	free(v);
	free(rules.v);
	side_free(&b);
	side_free(&c);
	return r;
}
