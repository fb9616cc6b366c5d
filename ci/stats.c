// SPDX-License-Identifier: GPL-2.0
/* Statistics for compare and gate: order statistics, spread, Student's t, Welch's two-sample test. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ci/stats.h"

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

double ci_var(const double *x, size_t n)
{
	double m = ci_mean(x, n), ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	return ss / (double)(n - 1);
}

double ci_cov_pct(const double *x, size_t n)
{
	double m = ci_mean(x, n);

	if (n < 2 || m == 0)
		return NAN;
	return 100.0 * sqrt(ci_var(x, n)) / fabs(m);
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

double ci_rng_normal(struct ci_rng *r)
{
	return sqrt(-2 * log(ci_rng_unit(r))) *
	       cos(6.283185307179586 * ci_rng_unit(r));
}

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, delta;

		for (int odd = 0; odd < 2; odd++) {
			num = odd ? -(a + m) * (a + b + m) * x /
					      ((a + m2) * (a + m2 + 1)) :
				    m * (b - m) * x / ((a + m2 - 1) * (a + m2));
			d = 1 + num * d;
			d = 1 / (fabs(d) < tiny ? tiny : d);
			c = 1 + num / c;
			if (fabs(c) < tiny)
				c = tiny;
			delta = c * d;
			h *= delta;
		}
		if (fabs(delta - 1) < 1e-15)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double ci_t_cdf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return t > 0 ? 1 : 0;
	tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

static double t_pdf(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) -
		   0.5 * log(df * 3.141592653589793) -
		   (df + 1) / 2 * log1p(t * t / df));
}

double ci_t_quantile(double p, double df)
{
	double lo = -1, hi = 1, t = 0;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	while (ci_t_cdf(lo, df) > p)
		lo *= 2;
	while (ci_t_cdf(hi, df) < p)
		hi *= 2;
	/* Newton steps, kept inside the bracket by bisection */
	for (int i = 0; i < 200 && hi - lo > 1e-12 * (1 + fabs(t)); i++) {
		double f = ci_t_cdf(t, df) - p, next;

		if (f == 0)
			return t;
		if (f < 0)
			lo = t;
		else
			hi = t;
		next = t - f / t_pdf(t, df);
		t = next > lo && next < hi ? next : (lo + hi) / 2;
	}
	return t;
}

/* The regularized lower incomplete gamma function P(a, x). */
static double gamma_p(double a, double x)
{
	double front = exp(a * log(x) - x - lgamma(a)), sum, term, b, c, d, h;

	if (x <= 0)
		return 0;
	if (x < a + 1) { /* series */
		sum = term = 1 / a;
		for (int n = 1; n < 1000 && fabs(term) > 1e-16 * fabs(sum);
		     n++) {
			term *= x / (a + n);
			sum += term;
		}
		return front * sum;
	}
	/* continued fraction of Q(a, x) (modified Lentz) */
	b = x + 1 - a;
	c = 1e300;
	d = 1 / b;
	h = d;
	for (int n = 1; n < 1000; n++) {
		double an = -n * (n - a), delta;

		b += 2;
		d = an * d + b;
		d = 1 / (fabs(d) < 1e-300 ? 1e-300 : d);
		c = b + an / c;
		if (fabs(c) < 1e-300)
			c = 1e-300;
		delta = c * d;
		h *= delta;
		if (fabs(delta - 1) < 1e-16)
			break;
	}
	return 1 - front * h;
}

double ci_chi2_cdf(double x, double df)
{
	if (isnan(x) || !(df > 0))
		return NAN;
	return gamma_p(df / 2, x / 2);
}

double ci_chi2_quantile(double p, double df)
{
	double lo = 0, hi = df + 10;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	while (ci_chi2_cdf(hi, df) < p)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (ci_chi2_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

struct ci_welch ci_welch_from(double diff, double vb, size_t nb, double vc,
			      size_t nc)
{
	double qb = vb / (double)nb, qc = vc / (double)nc, se2 = qb + qc;
	struct ci_welch w = {
		.diff = diff, .se = sqrt(se2), .vb = vb, .vc = vc
	};

	if (se2 > 0)
		w.df = se2 * se2 /
		       (qb * qb / (double)(nb - 1) +
			qc * qc / (double)(nc - 1));
	else
		w.df = (double)(nb + nc - 2);
	return w;
}

int ci_welch(const double *b, size_t nb, const double *c, size_t nc,
	     struct ci_welch *out)
{
	if (nb < 2 || nc < 2)
		return -EINVAL;
	*out = ci_welch_from(ci_mean(c, nc) - ci_mean(b, nb), ci_var(b, nb), nb,
			     ci_var(c, nc), nc);
	return 0;
}

struct ci_welch ci_paired_from(double diff, double vd, size_t n)
{
	return (struct ci_welch){ .diff = diff,
				  .se = sqrt(vd / (double)n),
				  .df = (double)n - 1,
				  .vb = vd };
}

int ci_paired(const double *b, const double *c, size_t n, struct ci_welch *out)
{
	double *d;

	if (n < 2)
		return -EINVAL;
	d = malloc(n * sizeof(*d));
	if (!d)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		d[i] = c[i] - b[i];
	*out = ci_paired_from(ci_mean(d, n), ci_var(d, n), n);
	free(d);
	return 0;
}

double ci_perm_count(size_t nb, size_t nc, int paired)
{
	double k = 1;

	if (paired)
		return nb >= 30 ? 1e9 : ldexp(1, (int)nb);
	for (size_t i = 1; i <= nb && k < 1e9; i++) /* C(nb + nc, nb) */
		k = k * (double)(nc + i) / (double)i;
	return fmin(k, 1e9);
}

/* No gate has more runs a side than this. */
#define PERM_MAX_VALUES (1u << 20)

/* mean(@z[@nb..]) - mean(@z[..@nb]) */
static double split_diff(const double *z, size_t nb, size_t nc)
{
	return ci_mean(z + nb, nc) - ci_mean(z, nb);
}

double ci_perm_p(const double *b, size_t nb, const double *c, size_t nc,
		 int paired, double limit, int upper, unsigned int draws,
		 uint64_t seed)
{
	size_t n = paired ? nb : nb + nc;
	double *z, obs, t;
	unsigned int hits = 0;
	struct ci_rng rng;

	if (!nb || !nc || n < nb || n > PERM_MAX_VALUES)
		return 1; /* nothing (or too much) to rearrange: nothing shown */
	z = calloc(n + 1, sizeof(*z));
	if (!z)
		return -1;
	ci_rng_seed(&rng, seed);
	for (size_t i = 0; i < n; i++)
		z[i] = paired ? c[i] - limit - b[i] :
		       i < nb ? b[i] :
				c[i - nb] - limit;
	obs = paired ? ci_mean(z, n) : split_diff(z, nb, nc);
	for (unsigned int d = 0; d < draws; d++) {
		if (paired) {
			t = 0;
			for (size_t i = 0; i < n; i++)
				t += ci_rng_next(&rng) >> 63 ? -z[i] : z[i];
			t /= (double)n;
		} else {
			for (size_t i = n - 1; i > 0; i--) { /* Fisher-Yates */
				size_t j = ci_rng_below(&rng, i + 1);
				double x = z[i];

				z[i] = z[j];
				z[j] = x;
			}
			t = split_diff(z, nb, nc);
		}
		hits += upper ? t >= obs - 1e-12 * fabs(obs) :
				t <= obs + 1e-12 * fabs(obs);
	}
	free(z);
	return (1.0 + hits) / (1.0 + draws);
}

double ci_p_above(const struct ci_welch *w, double limit)
{
	if (w->se == 0)
		return w->diff > limit ? 0 : 1;
	return 1 - ci_t_cdf((w->diff - limit) / w->se, w->df);
}

double ci_p_below(const struct ci_welch *w, double limit)
{
	if (w->se == 0)
		return w->diff < limit ? 0 : 1;
	return ci_t_cdf((w->diff - limit) / w->se, w->df);
}

double ci_lower_bound(const struct ci_welch *w, double alpha)
{
	if (w->se == 0)
		return w->diff;
	return w->diff - ci_t_quantile(1 - alpha, w->df) * w->se;
}

double ci_upper_bound(const struct ci_welch *w, double alpha)
{
	if (w->se == 0)
		return w->diff;
	return w->diff + ci_t_quantile(1 - alpha, w->df) * w->se;
}
