// SPDX-License-Identifier: GPL-2.0
/* A pooled rule's statistic of a side's runs and its run-level bootstrap, by its metric's pool: a quantile of every run's delays, or a missed share of every run's counts. */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "ci/gate_pooled_ratio.h"
#include "ci/gate_pooled_rule.h"
#include "workloads/registry/registry.h"

/* The quantile of every run's delays merged (ci_pool_collect). */
static int quantile_estimate(const struct ci_rule *rule,
			     const struct ci_run *const *runs, size_t n,
			     unsigned int draws, uint64_t seed,
			     struct ci_pool_est *out, char *why, size_t len)
{
	double q = ci_pool_quantile_of(rule->metric);
	struct ci_pool p;
	size_t bad = 0;
	int ret = ci_pool_collect(runs, n, rule->group, &p, &bad);

	if (ret == -ENODATA)
		snprintf(why, len,
			 "%s/table.json has no delay_hist_ns for \"%s\": "
			 "nothing to pool",
			 runs[bad]->path ?: "(in memory)", rule->group);
	if (!ret)
		ret = ci_pool_estimate(&p, q, draws, seed, out);
	ci_pool_free(&p);
	if (!ret && !isfinite(out->stat)) {
		snprintf(why, len,
			 "the pooled p%g falls in the histogram's overflow",
			 100 * q);
		ret = -ENODATA;
	}
	return ret;
}

/* The missed share of every run's counts (ci_pool_ratio_collect). */
static int ratio_estimate(const struct ci_rule *rule,
			  const struct ci_run *const *runs, size_t n,
			  unsigned int draws, uint64_t seed,
			  struct ci_pool_est *out, char *why, size_t len)
{
	const struct sbw_periodic *c = ci_metric_at(rule->metric)->counts;
	struct ci_pool_ratio p;
	size_t bad = 0;
	int ret = ci_pool_ratio_collect(runs, n, rule->group, rule->metric, &p,
					&bad);

	if (ret == -ENODATA)
		snprintf(why, len,
			 "%s/workloads/%s.json has no counts %s of %s: "
			 "nothing to pool",
			 runs[bad]->path ?: "(in memory)", rule->group,
			 c->missed, c->all);
	if (!ret)
		ret = ci_pool_bootstrap(n, ci_pool_ratio_share, &p, draws, seed,
					out);
	ci_pool_ratio_free(&p);
	if (!ret && !isfinite(out->stat)) {
		snprintf(why, len, "the runs of \"%s\" count no %s at all",
			 rule->group, c->all);
		ret = -ENODATA;
	}
	return ret;
}

int ci_pool_rule_estimate(const struct ci_rule *rule,
			  const struct ci_run *const *runs, size_t n,
			  unsigned int draws, uint64_t seed,
			  struct ci_pool_est *out, char *why, size_t len)
{
	if (ci_metric_at(rule->metric)->counts)
		return ratio_estimate(rule, runs, n, draws, seed, out, why,
				      len);
	return quantile_estimate(rule, runs, n, draws, seed, out, why, len);
}
