// SPDX-License-Identifier: GPL-2.0
/* Unit tests of pooled ratio rules: a side's misses over its frames, its run-level bootstrap, its verdicts in the gate and sizing. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ci/gate.h"
#include "ci/gate_pooled_ratio.h"
#include "ci/gate_pooled_rule.h"
#include "ci/rules.h"
#include "ci/sizing.h"
#include "ci/stats.h"
#include "ci/synth_runs.h"
#include "tests/unit/synth_gate.h"
#include "tests/unit/tmp_text.h"
#include "workloads/registry/registry.h"

static struct ci_rule misses_rule(int pooled)
{
	return (struct ci_rule){ .name = "mixload deadline misses",
				 .metric = ci_metric_find("deadline_miss_pct"),
				 .group = "mixload",
				 .dir = CI_DIR_LOWER,
				 .tolerance_pct = 20,
				 .pass_bound_pct = 20,
				 .min_effect_abs = 1,
				 .pass_bound_abs = 1,
				 .pooled = pooled };
}

/* The descriptor names the counts the share is of; no other metric has them. */
static void test_counts_of_metric(void **state)
{
	const struct ci_metric *m =
		ci_metric_at(ci_metric_find("deadline_miss_pct"));

	(void)state;
	assert_non_null(m->counts);
	assert_string_equal(m->counts->missed, "deadline_misses");
	assert_string_equal(m->counts->all, "frames");
	assert_true(ci_pool_has_form(ci_metric_find("deadline_miss_pct")));
	assert_true(ci_pool_has_form(ci_metric_find("delay_p99_ms")));
	assert_false(ci_pool_has_form(ci_metric_find("input_latency_p99_us")));
	assert_false(ci_pool_has_form(ci_metric_find("max_delay_ms")));
}

/*
 * The share is the sum of misses over the sum of frames, a run weighing
 * by its frames: 1 of 100 and 30 of 200 are 31 of 300 (10.33 %), not the
 * mean of 1 % and 15 % (8 %). Weights take a run that many times.
 */
static void test_share_weighted(void **state)
{
	double missed[] = { 1, 30 }, all[] = { 100, 200 };
	struct ci_pool_ratio p = {
		.n_runs = 2, .missed = missed, .all = all, .scale = 1
	};
	unsigned int twice_first[] = { 2, 0 }, second[] = { 0, 3 },
		     both[] = { 1, 2 }, none[] = { 0, 0 };

	(void)state;
	assert_float_equal(ci_pool_ratio_share(&p, NULL), 100.0 * 31 / 300,
			   1e-12);
	assert_float_equal(ci_pool_ratio_share(&p, twice_first), 1, 1e-12);
	assert_float_equal(ci_pool_ratio_share(&p, second), 15, 1e-12);
	assert_float_equal(ci_pool_ratio_share(&p, both), 100.0 * 61 / 500,
			   1e-12);
	assert_true(isnan(ci_pool_ratio_share(&p, none)));
}

/*
 * The counts are read from each run's document by the descriptor's paths;
 * a run whose document lacks them, or counts more missed than all, is
 * named.
 */
static void test_collect(void **state)
{
	struct ci_rule rule = misses_rule(1), other = rule;
	struct ci_results r;
	struct ci_pool_ratio p;
	const struct ci_run *runs[3];
	size_t bad = 99;

	(void)state;
	other.group = "mixload2";
	assert_int_equal(ci_synth_alloc(&r, 3), 0);
	assert_int_equal(ci_synth_put_counts(&r, 0, &rule, 12, 400), 0);
	assert_int_equal(ci_synth_put_counts(&r, 1, &rule, 0, 390), 0);
	assert_int_equal(ci_synth_put_counts(&r, 2, &other, 5, 380), 0);
	/* the run's own value is its own share */
	assert_float_equal(
		ci_values_get(&r.runs[0].vals, rule.metric, "mixload")->v, 3,
		1e-12);
	for (size_t i = 0; i < 3; i++)
		runs[i] = &r.runs[i];
	assert_int_equal(ci_pool_ratio_collect(runs, 2, "mixload", rule.metric,
					       &p, &bad),
			 0);
	assert_float_equal(p.missed[0], 12, 0);
	assert_float_equal(p.all[1], 390, 0);
	assert_float_equal(ci_pool_ratio_share(&p, NULL), 100.0 * 12 / 790,
			   1e-12);
	ci_pool_ratio_free(&p);
	assert_int_equal(ci_pool_ratio_collect(runs, 3, "mixload", rule.metric,
					       &p, &bad),
			 -ENODATA);
	assert_int_equal(bad, 2);
	assert_int_equal(ci_synth_put_counts(&r, 1, &rule, 391, 390), 0);
	assert_int_equal(ci_pool_ratio_collect(runs, 2, "mixload", rule.metric,
					       &p, &bad),
			 -ENODATA);
	assert_int_equal(bad, 1);
	ci_synth_free(&r);
}

/* @n runs of @rule in @r: run i missed @missed[i] of @all[i]. */
static void put_runs(struct ci_results *r, const struct ci_rule *rule,
		     const double *missed, const double *all, size_t n)
{
	assert_int_equal(ci_synth_alloc(r, n), 0);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(
			ci_synth_put_counts(r, i, rule, missed[i], all[i]), 0);
}

static struct ci_pool_est estimate(const struct ci_results *r,
				   const struct ci_rule *rule,
				   unsigned int draws, uint64_t seed)
{
	const struct ci_run *runs[16];
	struct ci_pool_est est;
	char why[256];

	for (size_t i = 0; i < r->n_runs; i++)
		runs[i] = &r->runs[i];
	assert_int_equal(ci_pool_rule_estimate(rule, runs, r->n_runs, draws,
					       seed, &est, why, sizeof(why)),
			 0);
	return est;
}

/*
 * The bootstrap: runs of one share give every resample that share (no
 * spread); no misses at all give 0, a difference without a log; two runs
 * of equal frames give, per run, the variance of their shares (a resample
 * is either run twice, 1/4 each, or both, 1/2: variance d^2/8 of the
 * shares' difference d, times n^2 / (n - 1) = 4); one seed, one answer.
 */
static void test_bootstrap(void **state)
{
	struct ci_rule rule = misses_rule(1);
	double same_m[] = { 6, 3, 9 }, same_a[] = { 600, 300, 900 };
	double zero_m[] = { 0, 0, 0 }, two_m[] = { 10, 40 },
	       two_a[] = { 500, 500 };
	struct ci_results r;
	struct ci_pool_est a, b;

	(void)state;
	put_runs(&r, &rule, same_m, same_a, 3);
	a = estimate(&r, &rule, 200, 1);
	assert_float_equal(a.stat, 1, 1e-12);
	assert_true(a.finite);
	assert_float_equal(a.var_run, 0, 1e-20);
	assert_float_equal(a.var_log_run, 0, 1e-20);
	ci_synth_free(&r);

	put_runs(&r, &rule, zero_m, same_a, 3);
	a = estimate(&r, &rule, 200, 1);
	assert_float_equal(a.stat, 0, 0);
	assert_false(a.finite);
	assert_float_equal(a.var_run, 0, 0);
	assert_true(isnan(a.var_log_run));
	ci_synth_free(&r);

	/* shares 2 % and 8 %: the runs' variance (8 - 2)^2 / 2 = 18 */
	put_runs(&r, &rule, two_m, two_a, 2);
	a = estimate(&r, &rule, 4000, 7);
	b = estimate(&r, &rule, 4000, 7);
	assert_float_equal(a.stat, 5, 1e-12);
	assert_float_equal(a.var_run, b.var_run, 0);
	assert_float_equal(a.var_log_run, b.var_log_run, 0);
	assert_true(fabs(a.var_run - 18) < 18 * 0.1);
	/* the statistic alone: no draws, no variance */
	b = estimate(&r, &rule, 0, 7);
	assert_float_equal(b.stat, 5, 1e-12);
	assert_true(isnan(b.var_run));
	ci_synth_free(&r);
}

/*
 * 8 runs a side, 600 frames each; base run i misses 57 + (i % 4) * 2
 * frames (9.5-10.5 %), the candidate @mul times as many.
 */
static enum ci_decision gate_run(struct synth_gate *g, int pooled, double mul)
{
	g->rules[0] = misses_rule(pooled);
	synth_gate_alloc(g, 8, 8, 1);
	for (size_t i = 0; i < 8; i++) {
		double m = 57 + (double)(i % 4) * 2;

		assert_int_equal(ci_synth_put_counts(&g->base, i, &g->rules[0],
						     m, 600),
				 0);
		assert_int_equal(ci_synth_put_counts(&g->cand, i, &g->rules[0],
						     m * mul, 600),
				 0);
	}
	return synth_gate_decide(g);
}

/*
 * The pooled rule's means are the sides' pooled shares (480 of 4800
 * frames: 10 %; the candidate's 1.5x: 15 %); 1.5x the misses regress, an
 * an equal side passes, half improves.
 */
static void test_gate_verdicts(void **state)
{
	struct synth_gate g;

	(void)state;
	assert_int_equal(gate_run(&g, 1, 1.5), CI_DECISION_REGRESSION);
	assert_float_equal(g.res[0].base_mean, 10, 1e-12);
	assert_float_equal(g.res[0].cand_mean, 15, 1e-12);
	assert_float_equal(g.res[0].ratio, 1.5, 1e-12);
	assert_int_equal(g.res[0].verdict, CI_V_REGRESSION);
	synth_gate_free(&g);
	assert_int_equal(gate_run(&g, 1, 1), CI_DECISION_PASS);
	assert_int_equal(g.res[0].verdict, CI_V_PASS);
	assert_float_equal(g.res[0].ratio, 1, 1e-12);
	assert_true(g.res[0].ratio_hi < 1.2);
	synth_gate_free(&g);
	assert_int_equal(gate_run(&g, 1, 0.5), CI_DECISION_PASS);
	assert_int_equal(g.res[0].verdict, CI_V_IMPROVEMENT);
	synth_gate_free(&g);
}

/* Start times of 6 rounds, base then candidate in each. */
static const char *const stamps[6][2] = {
	{ "2026-12-07T10:00:00Z", "2026-12-07T10:00:01Z" },
	{ "2026-12-07T10:00:02Z", "2026-12-07T10:00:03Z" },
	{ "2026-12-07T10:00:04Z", "2026-12-07T10:00:05Z" },
	{ "2026-12-07T10:00:06Z", "2026-12-07T10:00:07Z" },
	{ "2026-12-07T10:00:08Z", "2026-12-07T10:00:09Z" },
	{ "2026-12-07T10:00:10Z", "2026-12-07T10:00:11Z" },
};

/*
 * Runs made in rounds share what moved the round (here its share, 4-14 %
 * of 500 frames): the candidate's runs miss what their round's base run
 * missed, give or take a frame. Resampled by rounds, both sides by the
 * same ones, the change barely moves and the rule passes by its ratio
 * bound; resampled side by side (no start times) the rounds' spread
 * stays in it and a 20 % bound is not ruled out.
 */
static void test_gate_rounds(void **state)
{
	struct ci_rule rule = misses_rule(1);
	struct ci_rules set = synth_rules(&rule, 1);
	struct ci_levels lv = { .alpha = 0.01, .pass_alpha = 0.05 };
	double base[] = { 20, 45, 70, 30, 60, 40 },
	       jitter[] = { 1, -1, 0, 1, -1, 0 };
	struct ci_rule_result paired, apart;
	struct ci_results b, c;
	struct sb_error e;

	(void)state;
	rule.min_effect_abs = rule.pass_bound_abs = 0; /* the ratio alone */
	assert_int_equal(ci_synth_alloc(&b, 6), 0);
	assert_int_equal(ci_synth_alloc(&c, 6), 0);
	for (size_t i = 0; i < 6; i++) {
		assert_int_equal(
			ci_synth_put_counts(&b, i, &rule, base[i], 500), 0);
		assert_int_equal(ci_synth_put_counts(&c, i, &rule,
						     base[i] + jitter[i], 500),
				 0);
		b.runs[i].start_time = (char *)stamps[i][0];
		c.runs[i].start_time = (char *)stamps[i][1];
	}
	assert_int_equal(ci_gate_evaluate(&set, &b, &c, &lv, &paired, &e), 0);
	for (size_t i = 0; i < 6; i++)
		b.runs[i].start_time = c.runs[i].start_time = NULL;
	assert_int_equal(ci_gate_evaluate(&set, &b, &c, &lv, &apart, &e), 0);
	/* the same pooled shares: 265 of 3000 frames each side */
	assert_float_equal(paired.base_mean, 100.0 * 265 / 3000, 1e-12);
	assert_float_equal(paired.cand_mean, 100.0 * 265 / 3000, 1e-12);
	assert_float_equal(apart.base_mean, paired.base_mean, 0);
	assert_true(paired.paired);
	assert_false(apart.paired);
	assert_int_equal(paired.verdict, CI_V_PASS);
	assert_true(paired.ratio_hi < 1.05);
	assert_int_equal(apart.verdict, CI_V_INCONCLUSIVE);
	assert_true(apart.ratio_hi > 1.2);
	ci_synth_free(&b);
	ci_synth_free(&c);
}

/* Runs with the rule's value but no counts in their document: the run named. */
static void test_gate_without_counts(void **state)
{
	struct synth_gate g;

	(void)state;
	g.rules[0] = misses_rule(1);
	synth_gate_alloc(&g, 5, 5, 1);
	for (size_t i = 0; i < 5; i++) {
		ci_synth_put(&g.base, i, &g.rules[0], 5);
		ci_synth_put(&g.cand, i, &g.rules[0], 5);
	}
	synth_gate_decide(&g);
	assert_int_equal(g.res[0].verdict, CI_V_INCONCLUSIVE);
	assert_non_null(strstr(g.res[0].note, "workloads/mixload.json has no "
					      "counts deadline_misses of "
					      "frames"));
	synth_gate_free(&g);
}

/*
 * Sizing plans a pooled rule for its pooled statistic's spread: the
 * bootstrap's, per run. Five runs of 1,000 frames at 5 % and one of 10
 * frames at 50 %: the runs' own shares spread widely (sd of their logs
 * 0.94), the pooled share barely moves.
 */
static void test_sizing_spread(void **state)
{
	struct ci_rule per_run = misses_rule(0), pooled = misses_rule(1);
	double m[] = { 50, 50, 50, 50, 50, 5 },
	       a[] = { 1000, 1000, 1000, 1000, 1000, 10 };
	struct ci_results r;
	struct ci_column col = { 0 };
	const struct ci_column *cols[1] = { &col };
	const struct ci_run *runs[6];
	double sd_run, sd_pool, lv[6];

	(void)state;
	put_runs(&r, &pooled, m, a, 6);
	for (size_t i = 0; i < 6; i++) {
		runs[i] = &r.runs[i];
		lv[i] = log(100 * m[i] / a[i]);
	}
	col.runs = runs;
	col.n_runs = 6;
	sd_run = ci_rule_spread(&per_run, cols, 1);
	sd_pool = ci_rule_spread(&pooled, cols, 1);
	/* per run: the sd of the runs' log shares, exactly */
	assert_float_equal(sd_run, sqrt(ci_var(lv, 6)), 1e-12);
	/* pooled: 0.067 against the runs' 0.94 (this seed) */
	assert_true(sd_pool < sd_run / 10);
	assert_true(ci_runs_to_pass(sd_pool, log(1.2), 0.025, 0.8) <
		    ci_runs_to_pass(sd_run, log(1.2), 0.025, 0.8));
	ci_synth_free(&r);
}

#define RULE_FILE(metric)                                                   \
	"{\"schema\": 2, \"rules\": [{\"group\": \"mixload\", \"metric\": " \
	"\"" metric "\", \"tolerance_pct\": 20, \"pooled\": true}]}"

/* The rules file: pooled deadline_miss_pct read; a p99 of mixload has no pool. */
static void test_rules_file(void **state)
{
	char path[] = "/tmp/test_ci_pooled_ratio-XXXXXX";
	char path2[] = "/tmp/test_ci_pooled_ratio-XXXXXX";
	struct ci_rules r;
	struct sb_error e;

	(void)state;
	tmp_text(path, RULE_FILE("deadline_miss_pct"));
	assert_int_equal(ci_rules_load(path, &r, &e), 0);
	assert_true(r.v[0].pooled);
	ci_rules_free(&r);
	unlink(path);
	tmp_text(path2, RULE_FILE("input_latency_p99_us"));
	assert_int_equal(ci_rules_load(path2, &r, &e), -EINVAL);
	assert_non_null(
		strstr(e.msg, "input_latency_p99_us has no pooled form"));
	unlink(path2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_of_metric),
		cmocka_unit_test(test_share_weighted),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_bootstrap),
		cmocka_unit_test(test_gate_verdicts),
		cmocka_unit_test(test_gate_rounds),
		cmocka_unit_test(test_gate_without_counts),
		cmocka_unit_test(test_sizing_spread),
		cmocka_unit_test(test_rules_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
