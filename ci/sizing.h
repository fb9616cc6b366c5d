/* SPDX-License-Identifier: GPL-2.0 */
/* Runs sized from noise: how many runs a side let an unchanged kernel pass a rule at its tolerance. */
#ifndef CI_SIZING_H
#define CI_SIZING_H

#include <stdio.h>

#include "ci/columns.h"
#include "ci/rules.h"

/* The power runs are sized for: the chance that an unchanged kernel passes. */
#define CI_SIZING_POWER 0.8
/* No more runs a side are sized for; beyond, "more than this". */
#define CI_SIZING_MAX_RUNS 1000

/*
 * Runs a side at which two sides of an unchanged kernel, each with a run
 * spread of @sd_log (standard deviation of the runs' log values), pass a
 * bound of @bound_log (log of the worst ratio ruled out) with @power: the
 * least n where ci_pass_power() reaches it. The spread is taken as
 * known: the gate's own "about N runs a side" plans for the spread seen.
 * At least CI_MIN_RUNS; CI_SIZING_MAX_RUNS + 1 when more are needed or
 * the bound is not positive.
 */
unsigned int ci_runs_to_pass(double sd_log, double bound_log, double pass_alpha,
			     double power);

/*
 * The chance that @n runs a side of an unchanged kernel, spread by @sd_log,
 * pass a bound of @bound_log at @pass_alpha as the gate passes: the
 * one-sided (1 - @pass_alpha) upper bound of the Welch t interval on the
 * logs (equal runs and spread a side, df 2n - 2) below the bound, and its
 * CI_PASS2_SHARE bound, widened for drift of CI_DRIFT_RHO_ASSUMED, below
 * twice it (ci/gate.c). Each bound's chance is the normal's once the
 * spread of its estimated standard errors is added to the change's; the
 * nearer bound's is taken, which the two together reach a little less
 * often (at 16 runs a side and 5 % CoV, 82 % said, 78 % measured:
 * tests/unit/test_ci_sizing.c).
 */
double ci_pass_power(double sd_log, double bound_log, double pass_alpha,
		     unsigned int n);

/*
 * The level each pass bound of @rule is tested at: 1 - pass confidence,
 * halved when the rule has both a ratio and an absolute pass bound (the
 * gate tests each at half, ci/gate.c). Sizing the ratio bound alone at
 * that level leaves the absolute one out: the cautious side.
 */
double ci_rule_pass_alpha(const struct ci_rules *rules,
			  const struct ci_rule *rule);

/*
 * Runs a side at which an unchanged kernel passes every rule of @rules
 * together with @power: the product of each rule's ci_pass_power() at its
 * spread @sd_log[i] (NAN: not counted), bound and ci_rule_pass_alpha().
 * Rules are taken as independent; rules that move together pass together
 * more often, so this is the cautious side. A gate's pass needs them all:
 * sized one by one at 80 %, fifteen rules would pass together far less
 * often. CI_SIZING_MAX_RUNS + 1 when more are needed.
 */
unsigned int ci_runs_to_pass_all(const struct ci_rules *rules,
				 const double *sd_log, double power);

/* The log of the worst ratio @rule's pass rules out: its pass bound, either way. */
double ci_rule_bound_log(const struct ci_rule *rule);

/*
 * The spread of @rule's values over the runs of @cols (@n columns, each a
 * side): the root mean square of each column's standard deviation of the
 * runs' logs, so unequal sides count as Welch's standard error does. A
 * pooled rule's is its pooled statistic's: the run-level bootstrap's sd
 * of its log scaled to one run (times sqrt(n), ci_pool_est), so n runs a
 * side plan for the interval the gate gives the pool of n, not the spread
 * of the runs' own values (a run's own p99, its own share missed). NAN
 * when no column has two runs with a value (or, pooled, a figure).
 */
double ci_rule_spread(const struct ci_rule *rule,
		      const struct ci_column *const *cols, size_t n);

/*
 * Under a comparison of @cols: per rule with values, the runs' spread and
 * the runs a side at which an unchanged kernel would pass it at its
 * tolerance, CI_SIZING_POWER of the time (at ci_rule_pass_alpha); with
 * two rules or more, then the runs a side that pass them all together
 * (ci_runs_to_pass_all).
 */
void ci_sizing_print(FILE *f, const struct ci_rules *rules,
		     const struct ci_column *const *cols, size_t n);

/* "  all @rules rules together (a pass needs each): @need" on @f. */
void ci_sizing_all_print(FILE *f, unsigned int need, int rules);

#endif
