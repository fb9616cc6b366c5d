/* SPDX-License-Identifier: GPL-2.0 */
/* Gate rules file (ci/gate.json): which metric of which group may move how far. */
#ifndef CI_RULES_H
#define CI_RULES_H

#include <stddef.h>

#include "ci/metrics.h"
#include "common/error.h"
#include "common/jsonread.h"

struct ci_rule {
	char *name;
	int metric; /* index into ci_metrics */
	char *group; /* table comm or workload name */
	enum ci_dir dir; /* which way is better */
	double tolerance_pct; /* a regression is worse than this */
	double min_effect_abs; /* and worse by more than this; 0: none */
	double pass_bound_pct; /* a pass rules out worse than this */
	double pass_bound_abs; /* or worse by more than this; 0: none */
	int required; /* must be on both sides; any rule present must pass */
	/* one statistic of all runs of a side pooled (ci/gate_pooled.h) */
	int pooled;
	int report; /* shown with its verdict, never gates */
};

/* The quantile a pooled rule of @metric takes (0.99 of delay_p99_ms), or 0: none. */
static inline double ci_pool_quantile_of(int metric)
{
	return metric == ci_metric_find("delay_p99_ms") ? 0.99 : 0;
}

/*
 * Has @metric a pooled form: a quantile of every run's delays, or a
 * periodic workload's missed share of every run's counts (deadline_miss_pct:
 * all runs' late frames over their frames)?
 */
static inline int ci_pool_has_form(int metric)
{
	return ci_pool_quantile_of(metric) > 0 ||
	       ci_metric_at(metric)->counts != NULL;
}

/* Fewer runs a side than this never give a verdict (ci/README.md). */
#define CI_MIN_RUNS 4

struct ci_rules {
	double alpha; /* family-wise chance of a false regression */
	double pass_confidence; /* of each bound a pass relies on */
	unsigned int min_runs; /* a side needs as many for a verdict */
	struct ci_rule *v;
	size_t n;
};

/* The rules format: the reader's tables, and their reference docs. */
extern const struct sb_jr_table ci_rules_format;

/*
 * Parse @path. Unknown keys, unknown metrics, bad directions or ranges fail
 * with -EINVAL (-ENOMEM) and @e "<file>: rules[i].<key>: <value> ...".
 */
int ci_rules_load(const char *path, struct ci_rules *out, struct sb_error *e);
void ci_rules_free(struct ci_rules *r);

/*
 * A rule's bounds in the one notation of every output, TOLERANCE/PASS
 * BOUND with the bad direction's sign: "+10/10%" (a change worse than
 * +10 % regresses; a pass rules out worse than +10 %), then the absolute
 * floors when set: "+10/10%, 0.01/0.01 ms".
 */
void ci_rule_bounds(const struct ci_rule *rule, char *buf, size_t len);

#endif
