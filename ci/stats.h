/* SPDX-License-Identifier: GPL-2.0 */
/* Statistics for compare and gate: order statistics, spread, seeded hierarchical bootstrap. */
#ifndef CI_STATS_H
#define CI_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Median of @n values (reordered in place); NAN when @n is 0. */
double ci_median(double *x, size_t n);
/* Quantile @q in [0, 1] of sorted @x, linear between order statistics. */
double ci_quantile_sorted(const double *x, size_t n, double q);
double ci_mean(const double *x, size_t n);
/* Coefficient of variation in %: sample stddev / |mean|; NAN for n < 2 or mean 0. */
double ci_cov_pct(const double *x, size_t n);

/* Seeded PRNG (splitmix64): the same seed gives the same resamples. */
struct ci_rng {
	uint64_t s;
};
void ci_rng_seed(struct ci_rng *r, uint64_t seed);
uint64_t ci_rng_next(struct ci_rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
size_t ci_rng_below(struct ci_rng *r, size_t n);
/* Uniform double in (0, 1). */
double ci_rng_unit(struct ci_rng *r);

/* One side of a comparison: @repeats runs, run i has @n[i] samples @x[i]. */
struct ci_side {
	size_t repeats;
	const double *const *x;
	const size_t *n;
};

struct ci_boot {
	double base_median, cand_median; /* medians of the pooled samples */
	double ratio, ratio_lo, ratio_hi; /* cand/base; +INF when base is 0 */
	double diff, diff_lo, diff_hi; /* cand - base */
};

/*
 * Two-level bootstrap of the ratio (and difference) of medians: each
 * resample draws @repeats runs with replacement, then within every drawn run
 * as many samples as it has, with replacement, and takes the median of the
 * pooled draw; per side, independently. Percentile interval at @conf.
 * Returns 0, -EINVAL (empty side, bad @conf or @resamples) or -ENOMEM.
 */
int ci_bootstrap(const struct ci_side *base, const struct ci_side *cand,
		 unsigned int resamples, double conf, uint64_t seed,
		 struct ci_boot *out);

#endif
