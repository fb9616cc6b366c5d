/* SPDX-License-Identifier: GPL-2.0 */
/* Pooled ratio rules: a side's missed share as all its runs' misses over all their frames (a periodic workload's counts), its spread from a run-level bootstrap. */
#ifndef CI_GATE_POOLED_RATIO_H
#define CI_GATE_POOLED_RATIO_H

#include <stddef.h>
#include <stdint.h>

#include "ci/gate_pooled.h"
#include "ci/results.h"

/*
 * A side's counts of one periodic workload: run r missed @missed[r] of its
 * @all[r] (frames, periods), read by the paths its descriptor gives for
 * the metric's counts (struct ci_metric's counts).
 */
struct ci_pool_ratio {
	size_t n_runs;
	double *missed, *all;
	double scale; /* the metric's: a share in % is read times this */
};

/*
 * The counts of @metric (one with counts) in @runs' (@n) documents of
 * group @group into @p. 0, -ENOMEM, or -ENODATA when a run's document
 * lacks them, or they are no counts (negative, more missed than all):
 * *@bad its index.
 */
int ci_pool_ratio_collect(const struct ci_run *const *runs, size_t n,
			  const char *group, int metric,
			  struct ci_pool_ratio *p, size_t *bad);
void ci_pool_ratio_free(struct ci_pool_ratio *p);

/*
 * The share (%, times the metric's scale) missed of the runs' counts,
 * run r taken @weight[r] times (NULL: each once): the sum of misses over
 * the sum of all, not the mean of the runs' shares, so a run weighs by
 * its frames. NAN when there are none. A ci_pool_stat_fn of @p.
 */
double ci_pool_ratio_share(const void *p, const unsigned int *weight);

#endif
