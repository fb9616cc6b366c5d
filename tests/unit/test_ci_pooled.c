// SPDX-License-Identifier: GPL-2.0
/* Unit tests of pooled and report rules: the pooled quantile, its run-level bootstrap, their verdicts in the gate, and the rules file's checks. */
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
#include "ci/gate_pooled.h"
#include "ci/stats.h"
#include "ci/synth_runs.h"
#include "tests/unit/synth_gate.h"

/* Two runs on four buckets: the quantile of their counts, weighted. */
static void test_quantile_weighted(void **state)
{
	double mid[] = { 1, 2, 3, 4 };
	double count[] = { 90, 9, 1, 0, /* run 0 */ 0, 0, 50, 50 /* run 1 */ };
	struct ci_pool p = {
		.n_runs = 2, .n_buckets = 4, .mid_ms = mid, .count = count
	};
	unsigned int twice_first[] = { 2, 0 }, second[] = { 0, 1 },
		     none[] = { 0, 0 };

	(void)state;
	assert_int_equal(ci_pool_index(&p), 0);
	assert_int_equal(p.n_cells, 5);
	assert_int_equal(p.cells[0].k, 3); /* from the top bucket down */
	assert_float_equal(p.run_total[0], 100, 0);
	/* 200 delays: the 198th is in the last bucket, the 100th in the third */
	assert_float_equal(ci_pool_quantile(&p, NULL, 0.99), 4, 0);
	assert_float_equal(ci_pool_quantile(&p, NULL, 0.5), 3, 0);
	/* run 0 twice: 180 in bucket 1, 198 by bucket 2 */
	assert_float_equal(ci_pool_quantile(&p, twice_first, 0.99), 2, 0);
	assert_float_equal(ci_pool_quantile(&p, second, 0.5), 3, 0);
	assert_true(isnan(ci_pool_quantile(&p, none, 0.5)));
	free(p.run_total);
	free(p.cells);
}

/* Delays a run: @n log-normal ones of median @median ms, from @rng. */
static void put_run(struct ci_results *r, size_t run,
		    const struct ci_rule *rule, double median, size_t n,
		    struct ci_rng *rng)
{
	double *ms = calloc(n, sizeof(*ms));

	assert_non_null(ms);
	for (size_t i = 0; i < n; i++)
		ms[i] = median * exp(ci_rng_normal(rng));
	assert_int_equal(ci_synth_put_delays(r, run, rule, ms, n), 0);
	free(ms);
}

static struct ci_rule pooled_rule(void)
{
	return (struct ci_rule){ .name = "cyclic p99 delay",
				 .metric = ci_metric_find("delay_p99_ms"),
				 .group = "cyclic",
				 .dir = CI_DIR_LOWER,
				 .tolerance_pct = 15,
				 .pass_bound_pct = 15,
				 .pooled = 1 };
}

/*
 * The histograms of two runs merge on the union of their buckets with
 * every delay counted; the pooled p99 lies between the runs' own; a run
 * without a histogram of the group is named.
 */
static void test_collect(void **state)
{
	struct ci_rule rule = pooled_rule(), other = rule;
	struct ci_results r;
	struct ci_rng rng;
	struct ci_pool p;
	const struct ci_run *runs[3];
	double total = 0, own[2];
	size_t bad = 99;

	(void)state;
	other.group = "mixload";
	ci_rng_seed(&rng, 7);
	assert_int_equal(ci_synth_alloc(&r, 3), 0);
	put_run(&r, 0, &rule, 1, 3000, &rng);
	put_run(&r, 1, &rule, 4, 1000, &rng);
	put_run(&r, 2, &other, 1, 100, &rng);
	for (size_t i = 0; i < 3; i++)
		runs[i] = &r.runs[i];
	assert_int_equal(ci_pool_collect(runs, 2, "cyclic", &p, &bad), 0);
	for (size_t k = 0; k < p.n_runs * p.n_buckets; k++)
		total += p.count[k];
	assert_float_equal(total, 4000, 0);
	for (size_t k = 1; k < p.n_buckets; k++)
		assert_true(p.mid_ms[k] > p.mid_ms[k - 1]);
	assert_true(isinf(p.mid_ms[p.n_buckets - 1])); /* the overflow */
	for (size_t i = 0; i < 2; i++)
		own[i] =
			ci_values_get(&r.runs[i].vals, rule.metric, "cyclic")->v;
	/* a run's p99 is its median times about e^2.33 (10.2) */
	assert_true(own[0] > 8 && own[0] < 13);
	assert_true(own[1] > 32 && own[1] < 52);
	assert_true(ci_pool_quantile(&p, NULL, 0.99) > own[0]);
	assert_true(ci_pool_quantile(&p, NULL, 0.99) < own[1]);
	ci_pool_free(&p);
	assert_int_equal(ci_pool_collect(runs, 3, "cyclic", &p, &bad),
			 -ENODATA);
	assert_int_equal(bad, 2);
	ci_synth_free(&r);
}

/*
 * The bootstrap: the same seed gives the same spread; runs alike give a
 * spread near the p99's sampling spread; runs a level apart a larger one,
 * about the runs' own spread of log p99 (per run, as a run value's is).
 */
static void test_bootstrap(void **state)
{
	struct ci_rule rule = pooled_rule();
	struct ci_results same, apart;
	struct ci_rng rng;
	struct ci_pool p;
	struct ci_pool_est a, b, c;
	const struct ci_run *runs[8];
	double lv[8];
	size_t bad;

	(void)state;
	ci_rng_seed(&rng, 11);
	assert_int_equal(ci_synth_alloc(&same, 8), 0);
	assert_int_equal(ci_synth_alloc(&apart, 8), 0);
	for (size_t i = 0; i < 8; i++) {
		put_run(&same, i, &rule, 1, 2000, &rng);
		put_run(&apart, i, &rule, exp(0.3 * ci_rng_normal(&rng)), 2000,
			&rng);
		lv[i] = log(ci_values_get(&apart.runs[i].vals, rule.metric,
					  "cyclic")
				    ->v);
	}
	for (size_t i = 0; i < 8; i++)
		runs[i] = &same.runs[i];
	assert_int_equal(ci_pool_collect(runs, 8, "cyclic", &p, &bad), 0);
	assert_int_equal(ci_pool_estimate(&p, 0.99, 500, 3, &a), 0);
	assert_int_equal(ci_pool_estimate(&p, 0.99, 500, 3, &b), 0);
	assert_true(a.finite);
	assert_float_equal(a.var_log_run, b.var_log_run, 0);
	assert_float_equal(a.stat, b.stat, 0);
	ci_pool_free(&p);
	for (size_t i = 0; i < 8; i++)
		runs[i] = &apart.runs[i];
	assert_int_equal(ci_pool_collect(runs, 8, "cyclic", &p, &bad), 0);
	assert_int_equal(ci_pool_estimate(&p, 0.99, 1000, 3, &c), 0);
	ci_pool_free(&p);
	/* alike: a run's p99 of 2000 delays spreads about 0.05 in log */
	assert_true(sqrt(a.var_log_run) < 0.12);
	assert_true(c.var_log_run > 4 * a.var_log_run);
	/* apart: within a factor of 2.5 of the runs' own spread of log p99 */
	assert_true(c.var_log_run > ci_var(lv, 8) / 2.5 &&
		    c.var_log_run < ci_var(lv, 8) * 2.5);
	ci_synth_free(&same);
	ci_synth_free(&apart);
}

/*
 * @n runs a side: the pooled rule's delays, the candidate's times @mul; a
 * report rule (cyclic's max delay) of value 1 base, @report_mul candidate.
 */
static int gate_run(struct synth_gate *g, size_t n, double mul,
		    double report_mul, uint64_t seed)
{
	struct ci_rng rng;

	ci_rng_seed(&rng, seed);
	g->rules[0] = pooled_rule();
	g->rules[1] =
		(struct ci_rule){ .name = "cyclic max delay",
				  .metric = ci_metric_find("max_delay_ms"),
				  .group = "cyclic",
				  .dir = CI_DIR_LOWER,
				  .tolerance_pct = 25,
				  .pass_bound_pct = 25,
				  .report = 1 };
	synth_gate_alloc(g, n, n, 2);
	for (size_t i = 0; i < n; i++) {
		double run = exp(0.05 * ci_rng_normal(&rng));

		put_run(&g->base, i, &g->rules[0], run, 2000, &rng);
		put_run(&g->cand, i, &g->rules[0], run * mul, 2000, &rng);
		ci_synth_put(&g->base, i, &g->rules[1], 1 + 0.01 * (double)i);
		ci_synth_put(&g->cand, i, &g->rules[1],
			     report_mul * (1 + 0.01 * (double)i));
	}
	return synth_gate_decide(g);
}

/*
 * A pooled rule decides as any rule: an unchanged tail passes, one twice
 * as late regresses, one halved improves; its means are the pooled p99s.
 * A report rule's verdict is shown but never decides: its regression
 * leaves a pass a pass, and it takes no share of alpha (the pooled
 * rule's regression is tested at the whole of it).
 */
static void test_pooled_and_report_verdicts(void **state)
{
	struct synth_gate g;

	(void)state;
	assert_int_equal(gate_run(&g, 5, 1, 1, 1), CI_DECISION_PASS);
	assert_int_equal(g.res[0].verdict, CI_V_PASS);
	assert_true(g.res[0].ratio_hi < 1.15);
	assert_true(g.res[0].base_mean > 8 && g.res[0].base_mean < 13);
	assert_int_equal(g.res[0].paired, 0);
	synth_gate_free(&g);
	assert_int_equal(gate_run(&g, 5, 2, 1, 2), CI_DECISION_REGRESSION);
	assert_int_equal(g.res[0].verdict, CI_V_REGRESSION);
	assert_float_equal(g.res[0].level, 0.01, 1e-12);
	synth_gate_free(&g);
	assert_int_equal(gate_run(&g, 5, 0.5, 1, 3), CI_DECISION_PASS);
	assert_int_equal(g.res[0].verdict, CI_V_IMPROVEMENT);
	synth_gate_free(&g);
	/* the report rule 3x worse: shown as a regression, the gate passes */
	assert_int_equal(gate_run(&g, 5, 1, 3, 4), CI_DECISION_PASS);
	assert_int_equal(g.res[1].verdict, CI_V_REGRESSION);
	synth_gate_free(&g);
	/* too few runs: insufficient, as for any rule */
	assert_int_equal(gate_run(&g, 3, 1, 1, 5), CI_DECISION_UNDECIDED);
	assert_int_equal(g.res[0].verdict, CI_V_INSUFFICIENT);
	synth_gate_free(&g);
}

/* Runs with the rule's value but no histogram: inconclusive, the run named. */
static void test_pooled_without_histograms(void **state)
{
	struct synth_gate g;

	(void)state;
	g.rules[0] = pooled_rule();
	synth_gate_alloc(&g, 5, 5, 1);
	for (size_t i = 0; i < 5; i++) {
		ci_synth_put(&g.base, i, &g.rules[0], 1);
		ci_synth_put(&g.cand, i, &g.rules[0], 1);
	}
	assert_int_equal(synth_gate_decide(&g), CI_DECISION_UNDECIDED);
	assert_int_equal(g.res[0].verdict, CI_V_INCONCLUSIVE);
	assert_non_null(
		strstr(g.res[0].note, "has no delay_hist_ns for \"cyclic\""));
	synth_gate_free(&g);
}

/* @text into a temporary rules file; its path in @path. */
static void rules_file(char *path, const char *text)
{
	int fd;

	strcpy(path, "/tmp/test_ci_pooled-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

#define RULES_HEAD "{\"schema\": 2, \"rules\": [{\"group\": \"cyclic\", "

/* The rules file: pooled and report read; pooled only of a quantile, report never required. */
static void test_rules_file(void **state)
{
	char path[64];
	struct ci_rules r;
	struct sb_error e;

	(void)state;
	rules_file(path, RULES_HEAD "\"metric\": \"delay_p99_ms\", "
				    "\"tolerance_pct\": 15, \"pooled\": true}, "
				    "{\"group\": \"cyclic\", \"metric\": "
				    "\"max_delay_ms\", \"tolerance_pct\": 25, "
				    "\"report\": true}]}");
	assert_int_equal(ci_rules_load(path, &r, &e), 0);
	assert_true(r.v[0].pooled && !r.v[0].report);
	assert_true(r.v[1].report && !r.v[1].pooled);
	ci_rules_free(&r);
	unlink(path);
	rules_file(path,
		   RULES_HEAD "\"metric\": \"max_delay_ms\", "
			      "\"tolerance_pct\": 25, \"pooled\": true}]}");
	assert_int_equal(ci_rules_load(path, &r, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "pooled"));
	assert_non_null(strstr(e.msg, "max_delay_ms has no pooled form"));
	unlink(path);
	rules_file(path,
		   RULES_HEAD "\"metric\": \"avg_delay_ms\", "
			      "\"tolerance_pct\": 10, \"required\": true, "
			      "\"report\": true}]}");
	assert_int_equal(ci_rules_load(path, &r, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "report"));
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quantile_weighted),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_bootstrap),
		cmocka_unit_test(test_pooled_and_report_verdicts),
		cmocka_unit_test(test_pooled_without_histograms),
		cmocka_unit_test(test_rules_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
