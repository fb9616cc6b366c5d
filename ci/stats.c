// SPDX-License-Identifier: GPL-2.0
/* Statistics for compare and gate: order statistics, spread, seeded hierarchical bootstrap. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ci/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double ci_quantile_sorted(const double *x, size_t n, double q)
{
	double pos, frac;
	size_t i;

	if (!n)
		return NAN;
	pos = q * (double)(n - 1);
	i = (size_t)pos;
	if (i >= n - 1)
		return x[n - 1];
	frac = pos - (double)i;
	if (frac == 0 || x[i] == x[i + 1])
		return x[i];
	return x[i] + frac * (x[i + 1] - x[i]);
}

/* Put the @k-th smallest of @x[0..n) at x[k], smaller ones before it (Wirth). */
static void select_kth(double *x, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;

	while (lo < hi) {
		double pivot = x[kk], t;
		ptrdiff_t i = lo, j = hi;

		do {
			while (x[i] < pivot)
				i++;
			while (pivot < x[j])
				j--;
			if (i <= j) {
				t = x[i];
				x[i++] = x[j];
				x[j--] = t;
			}
		} while (i <= j);
		if (j < kk)
			lo = i;
		if (kk < i)
			hi = j;
	}
}

double ci_median(double *x, size_t n)
{
	double lower;

	if (!n)
		return NAN;
	select_kth(x, n, n / 2);
	if (n % 2)
		return x[n / 2];
	lower = x[0];
	for (size_t i = 1; i < n / 2; i++)
		if (x[i] > lower)
			lower = x[i];
	return (lower + x[n / 2]) / 2;
}

double ci_mean(const double *x, size_t n)
{
	double s = 0;

	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

double ci_cov_pct(const double *x, size_t n)
{
	double m = ci_mean(x, n), ss = 0;

	if (n < 2 || m == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	return 100.0 * sqrt(ss / (double)(n - 1)) / fabs(m);
}

void ci_rng_seed(struct ci_rng *r, uint64_t seed)
{
	r->s = seed;
}

uint64_t ci_rng_next(struct ci_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

size_t ci_rng_below(struct ci_rng *r, size_t n)
{
	uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;

	do
		v = ci_rng_next(r);
	while (v >= lim);
	return (size_t)(v % n);
}

double ci_rng_unit(struct ci_rng *r)
{
	return ((double)(ci_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static size_t side_total(const struct ci_side *s, size_t *max_n)
{
	size_t t = 0;

	*max_n = 0;
	for (size_t i = 0; i < s->repeats; i++) {
		t += s->n[i];
		if (s->n[i] > *max_n)
			*max_n = s->n[i];
	}
	return t;
}

/* Median of every sample of @s, pooled. */
static double pooled_median(const struct ci_side *s, double *buf)
{
	size_t k = 0;

	for (size_t i = 0; i < s->repeats; i++)
		for (size_t j = 0; j < s->n[i]; j++)
			buf[k++] = s->x[i][j];
	return ci_median(buf, k);
}

/* One two-level resample of @s into @buf; returns its median. */
static double resample_median(const struct ci_side *s, struct ci_rng *r,
			      double *buf)
{
	size_t k = 0;

	for (size_t i = 0; i < s->repeats; i++) {
		size_t run = ci_rng_below(r, s->repeats);

		for (size_t j = 0; j < s->n[run]; j++)
			buf[k++] = s->x[run][ci_rng_below(r, s->n[run])];
	}
	return ci_median(buf, k);
}

static double ratio_of(double cand, double base)
{
	if (base != 0)
		return cand / base;
	return cand == 0 ? 1.0 : copysign(INFINITY, cand);
}

int ci_bootstrap(const struct ci_side *base, const struct ci_side *cand,
		 unsigned int resamples, double conf, uint64_t seed,
		 struct ci_boot *out)
{
	size_t bmax, cmax, btot = side_total(base, &bmax),
			   ctot = side_total(cand, &cmax);
	size_t cap = base->repeats * bmax, cap2 = cand->repeats * cmax;
	double *buf, *ratios, *diffs, a = (1 - conf) / 2;
	struct ci_rng rng;

	if (!btot || !ctot || resamples < 10 || !(conf > 0 && conf < 1))
		return -EINVAL;
	if (cap2 > cap)
		cap = cap2;
	buf = malloc(cap * sizeof(*buf));
	ratios = malloc(resamples * sizeof(*ratios));
	diffs = malloc(resamples * sizeof(*diffs));
	if (!buf || !ratios || !diffs) {
		free(buf);
		free(ratios);
		free(diffs);
		return -ENOMEM;
	}
	out->base_median = pooled_median(base, buf);
	out->cand_median = pooled_median(cand, buf);
	out->ratio = ratio_of(out->cand_median, out->base_median);
	out->diff = out->cand_median - out->base_median;
	ci_rng_seed(&rng, seed);
	for (unsigned int b = 0; b < resamples; b++) {
		double mb = resample_median(base, &rng, buf);
		double mc = resample_median(cand, &rng, buf);

		ratios[b] = ratio_of(mc, mb);
		diffs[b] = mc - mb;
	}
	qsort(ratios, resamples, sizeof(*ratios), cmp_double);
	qsort(diffs, resamples, sizeof(*diffs), cmp_double);
	out->ratio_lo = ci_quantile_sorted(ratios, resamples, a);
	out->ratio_hi = ci_quantile_sorted(ratios, resamples, 1 - a);
	out->diff_lo = ci_quantile_sorted(diffs, resamples, a);
	out->diff_hi = ci_quantile_sorted(diffs, resamples, 1 - a);
	free(buf);
	free(ratios);
	free(diffs);
	return 0;
}
