/* SPDX-License-Identifier: GPL-2.0 */
/* Statistics for compare and gate: order statistics, spread, Student's t, Welch's two-sample test. */
#ifndef CI_STATS_H
#define CI_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Median of @n values (reordered in place); NAN when @n is 0. */
double ci_median(double *x, size_t n);
double ci_mean(const double *x, size_t n);
/* Sample variance (n - 1 in the denominator); 0 for n < 2. */
double ci_var(const double *x, size_t n);
/* Coefficient of variation in %: sample stddev / |mean|; NAN for n < 2 or mean 0. */
double ci_cov_pct(const double *x, size_t n);

/* Seeded PRNG (splitmix64): the same seed gives the same draws. */
struct ci_rng {
	uint64_t s;
};
void ci_rng_seed(struct ci_rng *r, uint64_t seed);
uint64_t ci_rng_next(struct ci_rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
size_t ci_rng_below(struct ci_rng *r, size_t n);
/* Uniform double in (0, 1). */
double ci_rng_unit(struct ci_rng *r);
/* Standard normal draw (Box-Muller). */
double ci_rng_normal(struct ci_rng *r);

/* P(T <= t) for Student's t with @df > 0 degrees of freedom (real @df). */
double ci_t_cdf(double t, double df);
/* The @p quantile (0 < p < 1) of Student's t with @df degrees of freedom. */
double ci_t_quantile(double p, double df);

/* P(X <= x) for chi-square with @df > 0 degrees of freedom. */
double ci_chi2_cdf(double x, double df);
/* Its @p quantile (0 < p < 1). */
double ci_chi2_quantile(double p, double df);

/*
 * Welch's two-sample comparison of means: @diff = mean(@c) - mean(@b), its
 * standard error @se and the Welch-Satterthwaite degrees of freedom @df
 * (n_b + n_c - 2 when both variances are 0), from the sample variances
 * @vb and @vc. Needs 2 values a side.
 */
struct ci_welch {
	double diff, se, df;
	double vb, vc;
};
int ci_welch(const double *b, size_t nb, const double *c, size_t nc,
	     struct ci_welch *out);
/* Welch's statistic from per-side variances @vb, @vc and sizes. */
struct ci_welch ci_welch_from(double diff, double vb, size_t nb, double vc,
			      size_t nc);
/*
 * Paired comparison: the differences @c[k] - @b[k] of @n pairs, their mean
 * @diff, standard error and n - 1 degrees of freedom; @vb holds their
 * variance (@vc 0). Needs 2 pairs.
 */
int ci_paired(const double *b, const double *c, size_t n, struct ci_welch *out);
/* The paired statistic from the differences' variance @vd and @n pairs. */
struct ci_welch ci_paired_from(double diff, double vd, size_t n);

/*
 * Randomization p-value of "true difference <= @limit" (@upper) or ">=
 * @limit" (!@upper) for mean(@c) - mean(@b): @c is moved by -@limit, then
 * labels are permuted (two samples) or, with @paired (@nb == @nc pairs),
 * the signs of the pair differences are flipped, @draws times from @seed.
 * (1 + hits) / (1 + draws); 1 when a side is empty or has more than 2^20
 * values, -1 when out of memory.
 */
double ci_perm_p(const double *b, size_t nb, const double *c, size_t nc,
		 int paired, double limit, int upper, unsigned int draws,
		 uint64_t seed);
/* How many distinct rearrangements ci_perm_p has (capped at 1e9). */
double ci_perm_count(size_t nb, size_t nc, int paired);

/*
 * One-sided p-value against "true difference <= @limit": the chance of a
 * difference as large as @w's if it were @limit. 0 or 1 when @w->se is 0.
 */
double ci_p_above(const struct ci_welch *w, double limit);
/* Mirror image: against "true difference >= @limit". */
double ci_p_below(const struct ci_welch *w, double limit);
/* One-sided confidence bounds at level 1 - @alpha. */
double ci_lower_bound(const struct ci_welch *w, double alpha);
double ci_upper_bound(const struct ci_welch *w, double alpha);

#endif
