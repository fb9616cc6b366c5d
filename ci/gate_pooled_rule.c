// SPDX-License-Identifier: GPL-2.0
/* A pooled rule's statistic of a side's runs and its run-level bootstrap, by its metric's pool: a quantile of every run's delays, or a missed share of every run's counts. */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "ci/gate_pooled_ratio.h"
#include "ci/gate_pooled_rule.h"
#include "workloads/registry/registry.h"

/* One side's pool of a rule, of either kind, and its statistic. */
struct rule_pool {
	struct ci_pool hist; /* a quantile's */
	struct ci_pool_q q;
	struct ci_pool_ratio counts; /* a share's */
	ci_pool_stat_fn stat;
	const void *of;
};

/*
 * @rule's pool of @runs (@n) into @p. 0, -ENOMEM, or -ENODATA with @why
 * naming the run that lacks what the pool needs.
 */
static int pool_open(const struct ci_rule *rule,
		     const struct ci_run *const *runs, size_t n,
		     struct rule_pool *p, char *why, size_t len)
{
	const struct sbw_periodic *c = ci_metric_at(rule->metric)->counts;
	size_t bad = 0;
	int ret;

	*p = (struct rule_pool){ 0 };
	if (c) {
		ret = ci_pool_ratio_collect(runs, n, rule->group, rule->metric,
					    &p->counts, &bad);
		if (ret == -ENODATA)
			snprintf(why, len,
				 "%s/workloads/%s.json has no counts %s of "
				 "%s: nothing to pool",
				 runs[bad]->path ?: "(in memory)", rule->group,
				 c->missed, c->all);
		p->stat = ci_pool_ratio_share;
		p->of = &p->counts;
		return ret;
	}
	ret = ci_pool_collect(runs, n, rule->group, &p->hist, &bad);
	if (ret == -ENODATA)
		snprintf(why, len,
			 "%s/table.json has no delay_hist_ns for \"%s\": "
			 "nothing to pool",
			 runs[bad]->path ?: "(in memory)", rule->group);
	p->q = (struct ci_pool_q){ &p->hist,
				   ci_pool_quantile_of(rule->metric) };
	p->stat = ci_pool_quantile_stat;
	p->of = &p->q;
	return ret;
}

static void pool_close(struct rule_pool *p)
{
	ci_pool_free(&p->hist);
	ci_pool_ratio_free(&p->counts);
}

/* -ENODATA with @why when a side's statistic @v is no figure, else 0. */
static int no_figure(const struct ci_rule *rule, double v, char *why,
		     size_t len)
{
	const struct sbw_periodic *c = ci_metric_at(rule->metric)->counts;

	if (isfinite(v))
		return 0;
	if (c)
		snprintf(why, len, "the runs of \"%s\" count no %s at all",
			 rule->group, c->all);
	else
		snprintf(why, len,
			 "the pooled p%g falls in the histogram's overflow",
			 100 * ci_pool_quantile_of(rule->metric));
	return -ENODATA;
}

int ci_pool_rule_estimate(const struct ci_rule *rule,
			  const struct ci_run *const *runs, size_t n,
			  unsigned int draws, uint64_t seed,
			  struct ci_pool_est *out, char *why, size_t len)
{
	struct rule_pool p;
	int ret = pool_open(rule, runs, n, &p, why, len);

	if (!ret)
		ret = ci_pool_bootstrap(n, p.stat, p.of, draws, seed, out) ?:
			      no_figure(rule, out->stat, why, len);
	pool_close(&p);
	return ret;
}

int ci_pool_rule_change(const struct ci_rule *rule,
			const struct ci_run *const *base,
			const struct ci_run *const *cand, size_t n,
			unsigned int draws, uint64_t seed,
			struct ci_pool_change *out, char *why, size_t len)
{
	struct rule_pool b, c = { 0 };
	int ret = pool_open(rule, base, n, &b, why, len);

	if (!ret)
		ret = pool_open(rule, cand, n, &c, why, len);
	if (!ret)
		ret = ci_pool_bootstrap_paired(n, b.stat, b.of, c.of, draws, seed, out) ?:
			      no_figure(rule, out->base, why, len) ?:
			      no_figure(rule, out->cand, why, len);
	pool_close(&b);
	pool_close(&c);
	return ret;
}
