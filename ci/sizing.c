// SPDX-License-Identifier: GPL-2.0
/* Runs sized from noise: how many runs a side let an unchanged kernel pass a rule at its tolerance. */
#include <math.h>
#include <stdlib.h>

#include "ci/drift.h"
#include "ci/gate.h"
#include "ci/gate_pooled_rule.h"
#include "ci/sizing.h"
#include "ci/stats.h"

unsigned int ci_runs_to_pass(double sd_log, double bound_log, double pass_alpha,
			     double power)
{
	unsigned int lo = CI_MIN_RUNS, hi = CI_SIZING_MAX_RUNS;

	if (ci_pass_power(sd_log, bound_log, pass_alpha, hi) < power)
		return CI_SIZING_MAX_RUNS + 1;
	if (ci_pass_power(sd_log, bound_log, pass_alpha, lo) >= power)
		return lo;
	while (hi - lo > 1) { /* the power grows with n */
		unsigned int mid = lo + (hi - lo) / 2;

		if (ci_pass_power(sd_log, bound_log, pass_alpha, mid) >= power)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/*
 * How many standard errors of the change a bound @bound_se standard errors
 * away leaves to spare once @k estimated ones are taken: the bound's own
 * spread (the spread estimated from @df degrees of freedom, times @k)
 * added, so that the normal's chance of the result is the bound's chance.
 */
static double spare(double bound_se, double k, double df)
{
	return (bound_se - k) / sqrt(1 + k * k / (2 * df));
}

/* The standard normal's chance below @z. */
static double normal_below(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

double ci_pass_power(double sd_log, double bound_log, double pass_alpha,
		     unsigned int n)
{
	double df = 2.0 * n - 2;
	double se = sd_log * sqrt(2.0 / n);
	/* twice the bound as a lower-is-better rule reads it: the nearer */
	double bound2 = log(2 * exp(bound_log) - 1);
	double wide = sqrt(ci_drift_factor(CI_DRIFT_RHO_ASSUMED, n));

	if (!(bound_log > 0) || n < 2)
		return 0;
	if (!(se > 0))
		return 1;
	/* the nearer bound's chance: the two pass together a little less */
	return normal_below(fmin(
		spare(bound_log / se, ci_t_quantile(1 - pass_alpha, df), df),
		spare(bound2 / se,
		      wide * ci_t_quantile(1 - CI_PASS2_SHARE * pass_alpha, df),
		      df)));
}

double ci_rule_pass_alpha(const struct ci_rules *rules,
			  const struct ci_rule *rule)
{
	double a = 1 - rules->pass_confidence;

	return rule->pass_bound_abs > 0 ? a / 2 : a;
}

unsigned int ci_runs_to_pass_all(const struct ci_rules *rules,
				 const double *sd_log, double power)
{
	for (unsigned int n = CI_MIN_RUNS; n <= CI_SIZING_MAX_RUNS; n++) {
		double all = 1;

		for (size_t i = 0; i < rules->n; i++)
			if (!isnan(sd_log[i]) &&
			    !rules->v[i].report) /* no pass */
				all *= ci_pass_power(
					sd_log[i],
					ci_rule_bound_log(&rules->v[i]),
					ci_rule_pass_alpha(rules, &rules->v[i]),
					n);
		if (all >= power)
			return n;
	}
	return CI_SIZING_MAX_RUNS + 1;
}

double ci_rule_bound_log(const struct ci_rule *rule)
{
	double f = rule->pass_bound_pct / 100;

	/* lower is better: up by f; higher is better: down by f */
	return rule->dir == CI_DIR_HIGHER ? -log1p(-f) : log1p(f);
}

/* Sample variance of the logs of @rule's values in @col's runs; @n gets how many. */
static double log_var(const struct ci_rule *rule, const struct ci_column *col,
		      size_t *n)
{
	double sum = 0, sq = 0;

	*n = 0;
	for (size_t r = 0; r < col->n_runs; r++) {
		const struct ci_value *v = ci_values_get(
			&col->runs[r]->vals, rule->metric, rule->group);

		if (!v || !(v->v > 0))
			continue;
		sum += log(v->v);
		sq += log(v->v) * log(v->v);
		(*n)++;
	}
	return *n > 1 ?
		       fmax(sq - sum * sum / (double)*n, 0) / (double)(*n - 1) :
		       NAN;
}

/*
 * A pooled rule's spread in @col: its statistic's bootstrap variance of
 * the log, per run (ci_pool_est: times n), the spread a run value would
 * need to give the pooled figure's interval; NAN without a figure.
 */
static double pooled_log_var(const struct ci_rule *rule,
			     const struct ci_column *col)
{
	struct ci_pool_est est;
	char why[4200];

	if (col->n_runs < 2 ||
	    ci_pool_rule_estimate(rule, col->runs, col->n_runs, CI_POOL_DRAWS,
				  CI_POOL_SEED, &est, why, sizeof(why)))
		return NAN;
	return est.var_log_run;
}

double ci_rule_spread(const struct ci_rule *rule,
		      const struct ci_column *const *cols, size_t n)
{
	double sum = 0;
	size_t k = 0, runs;

	for (size_t i = 0; i < n; i++) {
		double v = rule->pooled ? pooled_log_var(rule, cols[i]) :
					  log_var(rule, cols[i], &runs);

		if (!isnan(v)) {
			sum += v;
			k++;
		}
	}
	return k ? sqrt(sum / (double)k) : NAN;
}

void ci_sizing_print(FILE *f, const struct ci_rules *rules,
		     const struct ci_column *const *cols, size_t n)
{
	double *sds = calloc(rules->n + 1, sizeof(*sds));
	size_t ran = 0;
	int head = 0;

	for (size_t i = 0; i < n; i++)
		if (cols[i]->n_runs > ran)
			ran = cols[i]->n_runs;
	for (size_t i = 0; i < rules->n; i++) {
		const struct ci_rule *ru = &rules->v[i];
		double sd = ci_rule_spread(ru, cols, n);
		unsigned int need;

		if (sds)
			sds[i] = sd;
		if (isnan(sd) || ru->report) /* shown, never passed */
			continue;
		if (!head++)
			fprintf(f,
				"\nRuns a side for an unchanged kernel to pass "
				"each rule %.0f%% of the time,\nat these runs' "
				"spread (sd of their logs; %zu ran a side):\n"
				"  %-34s %6s  %5s  %s\n",
				CI_SIZING_POWER * 100, ran, "rule", "spread",
				"bound", "runs a side");
		need = ci_runs_to_pass(sd, ci_rule_bound_log(ru),
				       ci_rule_pass_alpha(rules, ru),
				       CI_SIZING_POWER);
		if (need > CI_SIZING_MAX_RUNS)
			fprintf(f, "  %-34s %5.1f%%  %4g%%  more than %d\n",
				ru->name, 100 * sd, ru->pass_bound_pct,
				CI_SIZING_MAX_RUNS);
		else
			fprintf(f, "  %-34s %5.1f%%  %4g%%  %u\n", ru->name,
				100 * sd, ru->pass_bound_pct, need);
	}
	if (head > 1 && sds)
		ci_sizing_all_print(
			f, ci_runs_to_pass_all(rules, sds, CI_SIZING_POWER),
			head);
	free(sds);
}

void ci_sizing_all_print(FILE *f, unsigned int need, int rules)
{
	if (need > CI_SIZING_MAX_RUNS)
		fprintf(f,
			"  all %d rules together (a pass needs each): more "
			"than %d\n",
			rules, CI_SIZING_MAX_RUNS);
	else
		fprintf(f, "  all %d rules together (a pass needs each): %u\n",
			rules, need);
}
