/* SPDX-License-Identifier: GPL-2.0 */
/* Pooled rules: one statistic over all runs of a side (a quantile of every run's delays merged), its spread from a run-level bootstrap of any such statistic. */
#ifndef CI_GATE_POOLED_H
#define CI_GATE_POOLED_H

#include <stddef.h>
#include <stdint.h>

#include "ci/results.h"

/* Resamples of a side's runs, and their seed (the same runs, the same answer). */
#define CI_POOL_DRAWS 1000
#define CI_POOL_SEED 0x706f6f6cull

/*
 * A side's delay histograms of one group, on the union of their buckets:
 * count[r * n_buckets + k] delays of run r in bucket k. A bucket is read
 * as its midpoint, as the per-run percentiles are (common/hist.h); the
 * overflow (delays beyond the histogram's range) is a last bucket at
 * INFINITY.
 */
struct ci_pool {
	size_t n_runs, n_buckets;
	double *mid_ms;
	double *count;
	/* ci_pool_index: each run's delays, and the non-empty cells */
	double *run_total;
	struct ci_pool_cell *cells;
	size_t n_cells;
};

/* Run @run's @count delays in bucket @k; a pool's cells from its top bucket down. */
struct ci_pool_cell {
	size_t k, run;
	double count;
};

/*
 * @runs' (@n) histograms of group @comm into @p. 0, -ENOMEM, or -ENODATA
 * when a run has no delay_hist_ns for it (*@bad: its index).
 */
int ci_pool_collect(const struct ci_run *const *runs, size_t n,
		    const char *comm, struct ci_pool *p, size_t *bad);
void ci_pool_free(struct ci_pool *p);

/*
 * Index @p's counts for ci_pool_quantile: each run's total and the
 * non-empty (bucket, run) cells from the top bucket down, so a high
 * quantile walks the few cells above it, not every bucket of every run
 * (a bootstrap asks for thousands). ci_pool_collect calls it. 0 or -ENOMEM.
 */
int ci_pool_index(struct ci_pool *p);

/*
 * The @q quantile (0 < q < 1) of the delays of run r taken @weight[r]
 * times (NULL: each once), in ms; NAN when there are none. @p indexed.
 */
double ci_pool_quantile(const struct ci_pool *p, const unsigned int *weight,
			double q);

/* A pooled statistic and the variance its runs give it. */
struct ci_pool_est {
	double stat; /* of all runs pooled, in the metric's unit */
	/*
	 * The bootstrap's variances of log(stat) and of stat, times
	 * n / (n - 1) (a resample's plug-in spread is that much short of
	 * the sample's) and times n: per run, as a run value's variance is,
	 * so that Welch's statistic and the runs-needed estimate take them.
	 */
	double var_log_run, var_run;
	int finite; /* every resample's statistic was finite and > 0 */
};

/* A pooled statistic of @pool's runs, run r taken @weight[r] times (NULL: each once). */
typedef double (*ci_pool_stat_fn)(const void *pool, const unsigned int *weight);

/*
 * @stat of @pool's @n runs and its run-level bootstrap: @draws resamples
 * of the runs with replacement from @seed (0 draws: the statistic alone,
 * variances NAN). A statistic of 0 has a variance but no log's. 0 or
 * -ENOMEM; a variance needs 2 runs.
 */
int ci_pool_bootstrap(size_t n, ci_pool_stat_fn stat, const void *pool,
		      unsigned int draws, uint64_t seed,
		      struct ci_pool_est *out);

/*
 * The change of a pooled statistic between two sides run in rounds (as
 * check runs them): run i of each side is round i's, so both sides are
 * resampled by the same rounds and what the rounds share (the host's
 * load, the seed) leaves the change.
 */
struct ci_pool_change {
	double base, cand; /* the statistic of each side's runs pooled */
	/* the bootstrap's variances of log(cand / base) and of cand - base,
	 * per round as ci_pool_est's are per run */
	double var_log_run, var_run;
	int finite; /* every resample's statistics were finite and > 0 */
};

/* ci_pool_bootstrap of the change from @base to @cand, @n rounds each. */
int ci_pool_bootstrap_paired(size_t n, ci_pool_stat_fn stat, const void *base,
			     const void *cand, unsigned int draws,
			     uint64_t seed, struct ci_pool_change *out);

/* A quantile of a pool: the @q quantile of @p, a ci_pool_stat_fn's pool. */
struct ci_pool_q {
	const struct ci_pool *p;
	double q;
};

double ci_pool_quantile_stat(const void *pool_q, const unsigned int *weight);

/* ci_pool_bootstrap of the @q quantile of @p. */
int ci_pool_estimate(const struct ci_pool *p, double q, unsigned int draws,
		     uint64_t seed, struct ci_pool_est *out);

#endif
