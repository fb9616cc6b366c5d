// SPDX-License-Identifier: GPL-2.0
/* Pooled rules: one statistic over all runs of a side (a quantile of every run's delays merged), its spread from a run-level bootstrap of any such statistic. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_pooled.h"
#include "ci/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double mid_ms(const struct ci_table_bucket *b)
{
	return ((double)b->lo_ns + (double)b->hi_ns) / 2 / 1e6;
}

/* Index of @v in the sorted @mids (present by construction). */
static size_t mid_index(const double *mids, size_t n, double v)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		size_t m = lo + (hi - lo) / 2;

		if (mids[m] <= v)
			lo = m;
		else
			hi = m;
	}
	return lo;
}

static const struct ci_table_row *hist_row(const struct ci_run *run,
					   const char *comm)
{
	for (size_t i = 0; run->has_table && i < run->delay_table.n_groups;
	     i++) {
		const struct ci_table_row *row = &run->delay_table.groups[i];

		if (row->comm && !strcmp(row->comm, comm))
			return row->has_hist ? row : NULL;
	}
	return NULL;
}

int ci_pool_collect(const struct ci_run *const *runs, size_t n,
		    const char *comm, struct ci_pool *p, size_t *bad)
{
	size_t all = 1, k = 0;

	*p = (struct ci_pool){ .n_runs = n };
	for (size_t r = 0; r < n; r++) {
		const struct ci_table_row *row = hist_row(runs[r], comm);

		if (!row) {
			*bad = r;
			return -ENODATA;
		}
		all += row->n_buckets;
	}
	p->mid_ms = malloc(all * sizeof(*p->mid_ms));
	if (!p->mid_ms)
		return -ENOMEM;
	for (size_t r = 0; r < n; r++) {
		const struct ci_table_row *row = hist_row(runs[r], comm);

		for (size_t b = 0; b < row->n_buckets; b++)
			p->mid_ms[k++] = mid_ms(&row->buckets[b]);
	}
	p->mid_ms[k++] = INFINITY; /* the overflow */
	qsort(p->mid_ms, k, sizeof(*p->mid_ms), cmp_double);
	p->n_buckets = 0;
	for (size_t i = 0; i < k; i++)
		if (!p->n_buckets ||
		    p->mid_ms[i] != p->mid_ms[p->n_buckets - 1])
			p->mid_ms[p->n_buckets++] = p->mid_ms[i];
	p->count = calloc(n * p->n_buckets + 1, sizeof(*p->count));
	if (!p->count) {
		ci_pool_free(p);
		return -ENOMEM;
	}
	for (size_t r = 0; r < n; r++) {
		const struct ci_table_row *row = hist_row(runs[r], comm);
		double *c = p->count + r * p->n_buckets;

		for (size_t b = 0; b < row->n_buckets; b++)
			c[mid_index(p->mid_ms, p->n_buckets,
				    mid_ms(&row->buckets[b]))] +=
				(double)row->buckets[b].count;
		c[p->n_buckets - 1] += (double)row->hist_overflow;
	}
	if (ci_pool_index(p)) {
		ci_pool_free(p);
		return -ENOMEM;
	}
	return 0;
}

void ci_pool_free(struct ci_pool *p)
{
	free(p->mid_ms);
	free(p->count);
	free(p->run_total);
	free(p->cells);
	*p = (struct ci_pool){ 0 };
}

int ci_pool_index(struct ci_pool *p)
{
	size_t nb = p->n_buckets;

	p->run_total = calloc(p->n_runs + 1, sizeof(*p->run_total));
	p->cells = calloc(p->n_runs * nb + 1, sizeof(*p->cells));
	if (!p->run_total || !p->cells)
		return -ENOMEM;
	for (size_t k = nb; k-- > 0;)
		for (size_t r = 0; r < p->n_runs; r++) {
			double c = p->count[r * nb + k];

			p->run_total[r] += c;
			if (c > 0)
				p->cells[p->n_cells++] =
					(struct ci_pool_cell){ k, r, c };
		}
	return 0;
}

double ci_pool_quantile(const struct ci_pool *p, const unsigned int *weight,
			double q)
{
	double total = 0, rank, top = 0;

	for (size_t r = 0; r < p->n_runs; r++)
		total += (weight ? weight[r] : 1) * p->run_total[r];
	if (total <= 0)
		return NAN;
	/* the smallest value with at least q of all at or below it: walked
	 * down from the top, the first bucket whose delays and those above
	 * leave fewer than rank below it (a partial bucket leaves more) */
	rank = fmax(ceil(q * total - 1e-9), 1);
	for (size_t i = 0; i < p->n_cells; i++) {
		const struct ci_pool_cell *c = &p->cells[i];

		top += (weight ? weight[c->run] : 1) * c->count;
		if (total - top < rank)
			return p->mid_ms[c->k];
	}
	return NAN; /* not reached: all delays leave none below */
}

/*
 * @stat of @base taken @w, or with @cand its change to @cand (both taken
 * @w), into *@x and its log into *@lx (of the ratio; 0 when undefined);
 * clears *@fin when not finite, *@pos when a log is undefined.
 */
static void one_draw(ci_pool_stat_fn stat, const void *base, const void *cand,
		     const unsigned int *w, double *x, double *lx, int *fin,
		     int *pos)
{
	double b = stat(base, w), c = cand ? stat(cand, w) : 1;
	int f = isfinite(b) && isfinite(c), p = f && b > 0 && c > 0;

	*fin &= f;
	*pos &= p;
	*x = cand ? c - b : b;
	*lx = p ? log(cand ? c / b : b) : 0;
}

/*
 * @draws resamples of @n runs (with @cand: rounds, run i of each side
 * round i's) with replacement from @seed (one_draw each): their variances
 * times n^2 / (n - 1) into *@var_run and *@var_log_run, NAN when a draw's
 * figure (for the log, a draw's log) is undefined; *@pos cleared then.
 * 0 or -ENOMEM.
 */
static int resample(size_t n, ci_pool_stat_fn stat, const void *base,
		    const void *cand, unsigned int draws, uint64_t seed,
		    double *var_run, double *var_log_run, int *pos)
{
	unsigned int *w = calloc(n + 1, sizeof(*w));
	double *x = calloc(draws + 1, sizeof(*x)),
	       *lx = calloc(draws + 1, sizeof(*lx));
	double infl = n > 1 ? (double)n * (double)n / (double)(n - 1) : NAN;
	struct ci_rng rng;
	int fin = 1, ret = w && x && lx ? 0 : -ENOMEM;

	*pos = 1;
	ci_rng_seed(&rng, seed);
	for (unsigned int d = 0; !ret && d < draws; d++) {
		memset(w, 0, n * sizeof(*w));
		for (size_t i = 0; i < n; i++)
			w[ci_rng_below(&rng, n)]++;
		one_draw(stat, base, cand, w, &x[d], &lx[d], &fin, pos);
	}
	/* a 0 (no frame missed) has a difference, not a log */
	*var_run = fin && draws ? infl * ci_var(x, draws) : NAN;
	*var_log_run = *pos && draws ? infl * ci_var(lx, draws) : NAN;
	free(w);
	free(x);
	free(lx);
	return ret;
}

/*
 * resample() of @base (or its change to @cand), NAN for the variances the
 * sample's own figure leaves undefined; *@finite: every log defined.
 */
static int bootstrap(size_t n, ci_pool_stat_fn stat, const void *base,
		     const void *cand, unsigned int draws, uint64_t seed,
		     double *var_run, double *var_log_run, int *finite)
{
	double x, lx;
	int fin = 1, pos = 1, all;

	one_draw(stat, base, cand, NULL, &x, &lx, &fin, &pos);
	if (resample(n, stat, base, cand, draws, seed, var_run, var_log_run,
		     &all))
		return -ENOMEM;
	*finite = fin && pos && all;
	if (!fin)
		*var_run = NAN;
	if (!*finite)
		*var_log_run = NAN;
	return 0;
}

int ci_pool_bootstrap(size_t n, ci_pool_stat_fn stat, const void *pool,
		      unsigned int draws, uint64_t seed,
		      struct ci_pool_est *out)
{
	*out = (struct ci_pool_est){ .stat = stat(pool, NULL) };
	return bootstrap(n, stat, pool, NULL, draws, seed, &out->var_run,
			 &out->var_log_run, &out->finite);
}

int ci_pool_bootstrap_paired(size_t n, ci_pool_stat_fn stat, const void *base,
			     const void *cand, unsigned int draws,
			     uint64_t seed, struct ci_pool_change *out)
{
	*out = (struct ci_pool_change){ .base = stat(base, NULL),
					.cand = stat(cand, NULL) };
	return bootstrap(n, stat, base, cand, draws, seed, &out->var_run,
			 &out->var_log_run, &out->finite);
}

double ci_pool_quantile_stat(const void *pool_q, const unsigned int *weight)
{
	const struct ci_pool_q *pq = pool_q;

	return ci_pool_quantile(pq->p, weight, pq->q);
}

int ci_pool_estimate(const struct ci_pool *p, double q, unsigned int draws,
		     uint64_t seed, struct ci_pool_est *out)
{
	struct ci_pool_q pq = { p, q };

	return ci_pool_bootstrap(p->n_runs, ci_pool_quantile_stat, &pq, draws,
				 seed, out);
}
