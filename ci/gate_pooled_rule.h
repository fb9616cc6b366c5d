/* SPDX-License-Identifier: GPL-2.0 */
/* A pooled rule's statistic of a side's runs and its run-level bootstrap, by its metric's pool: a quantile of every run's delays, or a missed share of every run's counts. */
#ifndef CI_GATE_POOLED_RULE_H
#define CI_GATE_POOLED_RULE_H

#include <stddef.h>
#include <stdint.h>

#include "ci/gate_pooled.h"
#include "ci/results.h"
#include "ci/rules.h"

/*
 * Pooled @rule's statistic of @runs (@n) and, with @draws, its bootstrap
 * from @seed into @out (ci_pool_bootstrap). 0, -ENOMEM, or -ENODATA with
 * @why saying which run lacks what the pool needs, or why its statistic
 * is no figure (a p99 in the histogram's overflow, no frames at all).
 */
int ci_pool_rule_estimate(const struct ci_rule *rule,
			  const struct ci_run *const *runs, size_t n,
			  unsigned int draws, uint64_t seed,
			  struct ci_pool_est *out, char *why, size_t len);

/*
 * The change of pooled @rule's statistic from @base to @cand, @n runs
 * each, run i of each side round i's: both resampled by the same rounds
 * (ci_pool_bootstrap_paired). As ci_pool_rule_estimate.
 */
int ci_pool_rule_change(const struct ci_rule *rule,
			const struct ci_run *const *base,
			const struct ci_run *const *cand, size_t n,
			unsigned int draws, uint64_t seed,
			struct ci_pool_change *out, char *why, size_t len);

#endif
