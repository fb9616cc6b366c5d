// SPDX-License-Identifier: GPL-2.0
/* Unit tests of ci/sizing: runs a side sized from noise, against the arithmetic of issue 40 and the gate's own estimate. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/gate.h"
#include "ci/sizing.h"
#include "ci/stats.h"
#include "ci/synth_runs.h"
#include "tests/unit/synth_gate.h"

/* "A 5 % tolerance at 5 % run CoV needs about 14 runs a side" for 80 %. */
static void test_five_at_five_is_fourteen(void **state)
{
	(void)state;
	assert_int_equal(ci_runs_to_pass(0.05, log(1.05), 0.05, 0.8), 14);
}

/* Quieter needs fewer, never below the gate's minimum; noisier, more. */
static void test_runs_follow_the_noise(void **state)
{
	unsigned int n5 = ci_runs_to_pass(0.05, log(1.05), 0.05, 0.8),
		     n10 = ci_runs_to_pass(0.10, log(1.05), 0.05, 0.8);

	(void)state;
	assert_int_equal(ci_runs_to_pass(0.005, log(1.05), 0.05, 0.8),
			 CI_MIN_RUNS);
	/* twice the spread, about four times the runs */
	assert_true(n10 >= 4 * n5 - 4 && n10 <= 4 * n5 + 4);
	/* a wider tolerance, fewer runs; more power, more runs */
	assert_true(ci_runs_to_pass(0.05, log(1.10), 0.05, 0.8) < n5);
	assert_true(ci_runs_to_pass(0.05, log(1.05), 0.05, 0.95) > n5);
}

static void test_beyond_reach(void **state)
{
	(void)state;
	assert_int_equal(ci_runs_to_pass(0.05, 0, 0.05, 0.8),
			 CI_SIZING_MAX_RUNS + 1);
	assert_int_equal(ci_runs_to_pass(5, log(1.05), 0.05, 0.8),
			 CI_SIZING_MAX_RUNS + 1);
}

static void test_bound_either_way(void **state)
{
	struct ci_rule lower = { .dir = CI_DIR_LOWER, .pass_bound_pct = 10 },
		       higher = { .dir = CI_DIR_HIGHER, .pass_bound_pct = 5 };

	(void)state;
	assert_true(fabs(ci_rule_bound_log(&lower) - log(1.10)) < 1e-12);
	assert_true(fabs(ci_rule_bound_log(&higher) + log(0.95)) < 1e-12);
}

/*
 * The gate's "about N runs a side would decide it", from 5 runs a side
 * whose logs spread by exactly 0.05 and agree on average, plans for the
 * upper 80 % bound of that spread (4 degrees of freedom: 2.43 times the
 * variance): it asks for more than the known-spread arithmetic, and not
 * beyond what that bound explains.
 */
static void test_gate_estimate_is_the_cautious_side(void **state)
{
	const double z[] = { -2, -1, 0, 1, 2 }; /* sample sd sqrt(2.5) */
	struct ci_rule rule = { .name = "r",
				.metric = ci_metric_find("avg_delay_ms"),
				.group = "cyclic",
				.dir = CI_DIR_LOWER,
				.tolerance_pct = 5,
				.pass_bound_pct = 5 };
	struct ci_rules set = synth_rules(&rule, 1);
	struct ci_levels lv = { .alpha = 0.01, .pass_alpha = 0.05 };
	struct ci_results b, c;
	struct ci_rule_result res;
	struct sb_error e;
	unsigned int known = ci_runs_to_pass(0.05, log(1.05), 0.05, 0.8);

	(void)state;
	assert_int_equal(ci_synth_alloc(&b, 5), 0);
	assert_int_equal(ci_synth_alloc(&c, 5), 0);
	for (size_t i = 0; i < 5; i++) {
		ci_synth_put(&b, i, &rule, exp(0.05 * z[i] / sqrt(2.5)));
		ci_synth_put(&c, i, &rule,
			     exp(0.05 * z[(i + 1) % 5] / sqrt(2.5)));
	}
	assert_int_equal(ci_gate_evaluate(&set, &b, &c, &lv, &res, &e), 0);
	assert_int_equal(res.verdict, CI_V_INCONCLUSIVE);
	print_message("gate: about %u runs a side; known spread: %u\n",
		      res.more_runs, known);
	assert_true(res.more_runs > known);
	assert_true(res.more_runs <= 3 * known);
	ci_synth_free(&b);
	ci_synth_free(&c);
}

/* Columns of 5 runs whose logs spread by exactly @sd[k] (below 0: no values). */
static void columns_of(struct ci_results *res, struct ci_column *cols,
		       const struct ci_run **runs, const struct ci_rule *rule,
		       const double *sd, size_t n)
{
	const double z[] = { -2, -1, 0, 1, 2 }; /* sample sd sqrt(2.5) */

	for (size_t k = 0; k < n; k++) {
		assert_int_equal(ci_synth_alloc(&res[k], 5), 0);
		for (size_t i = 0; i < 5; i++) {
			if (sd[k] >= 0)
				ci_synth_put(&res[k], i, rule,
					     3 * exp(sd[k] * z[i] / sqrt(2.5)));
			runs[k * 5 + i] = &res[k].runs[i];
		}
		cols[k] = (struct ci_column){ .res = &res[k],
					      .runs = &runs[k * 5],
					      .n_runs = 5 };
	}
}

/* Two sides of 0.05 and 0.10: Welch's standard error is their rms, 0.079. */
static void test_spread_and_what_is_said(void **state)
{
	const double sd[] = { 0.05, 0.10, -1 };
	struct ci_rule rule = { .name = "cyclic avg delay",
				.metric = ci_metric_find("avg_delay_ms"),
				.group = "cyclic",
				.dir = CI_DIR_LOWER,
				.tolerance_pct = 10,
				.pass_bound_pct = 10 };
	struct ci_rule other = rule;
	struct ci_rule both[2];
	struct ci_rules set = synth_rules(both, 2);
	struct ci_results res[3];
	struct ci_column cols[3];
	const struct ci_run *runs[15];
	const struct ci_column *pc[] = { &cols[0], &cols[1], &cols[2] };
	char *text = NULL, line[160];
	size_t len = 0;
	FILE *f;
	double s;

	(void)state;
	columns_of(res, cols, runs, &rule, sd, 3);
	/* the third column has no values: not counted */
	s = ci_rule_spread(&rule, pc, 3);
	assert_true(fabs(s - sqrt((0.05 * 0.05 + 0.1 * 0.1) / 2)) < 1e-9);
	other.name = "massive_intr runtime";
	other.group = "massive_intr"; /* no values anywhere: not said */
	both[0] = rule;
	both[1] = other;
	assert_true(isnan(ci_rule_spread(&other, pc, 3)));
	f = open_memstream(&text, &len);
	assert_non_null(f);
	ci_sizing_print(f, &set, pc, 3);
	fclose(f);
	snprintf(line, sizeof(line), "  %-34s %5.1f%%  %4g%%  %u\n",
		 "cyclic avg delay", 100 * s, 10.0,
		 ci_runs_to_pass(s, log(1.10), 0.05, 0.8));
	assert_non_null(strstr(text, line));
	assert_non_null(strstr(text, "(sd of their logs; 5 ran a side)"));
	assert_null(strstr(text, "massive_intr"));
	assert_null(strstr(text, "together")); /* one rule with values */
	free(text);
	for (size_t k = 0; k < 3; k++)
		ci_synth_free(&res[k]);
}

/* A 5 % rule, lower is better, with no absolute pass bound. */
static struct ci_rule five(const char *name, const char *group)
{
	return (struct ci_rule){ .name = (char *)name,
				 .metric = ci_metric_find("avg_delay_ms"),
				 .group = (char *)group,
				 .dir = CI_DIR_LOWER,
				 .tolerance_pct = 5,
				 .pass_bound_pct = 5 };
}

/*
 * A gate's pass needs every rule: two rules at 5 % and 5 % CoV need more
 * runs a side together than one alone (14), the least n at which the
 * product of their chances reaches 80 %; a rule without a spread is not
 * counted, and one with an absolute bound too is sized at half the level.
 */
static void test_all_rules_together(void **state)
{
	struct ci_rule v[2] = { five("a", "cyclic"), five("b", "other") };
	struct ci_rules set = synth_rules(v, 1);
	double sd[2] = { 0.05, 0.05 }, one = 0, p;
	unsigned int n;

	(void)state;
	assert_int_equal(ci_runs_to_pass_all(&set, sd, 0.8), 14);
	set.n = 2;
	n = ci_runs_to_pass_all(&set, sd, 0.8);
	p = ci_pass_power(0.05, log(1.05), 0.05, n);
	one = ci_pass_power(0.05, log(1.05), 0.05, n - 1);
	assert_true(n > 14);
	assert_true(p * p >= 0.8 && one * one < 0.8);
	sd[1] = NAN;
	assert_int_equal(ci_runs_to_pass_all(&set, sd, 0.8), 14);
	sd[1] = 0.05;
	v[1].pass_bound_abs = 0.01;
	assert_true(fabs(ci_rule_pass_alpha(&set, &v[1]) - 0.025) < 1e-12);
	assert_true(fabs(ci_rule_pass_alpha(&set, &v[0]) - 0.05) < 1e-12);
	assert_true(ci_runs_to_pass_all(&set, sd, 0.8) > n);
	sd[0] = 5;
	assert_int_equal(ci_runs_to_pass_all(&set, sd, 0.8),
			 CI_SIZING_MAX_RUNS + 1);
}

/*
 * The chance ci_pass_power() gives is the gate's own: 2,000 gates of 14
 * against 14 runs of an unchanged kernel at 5 % CoV (fixed seed) pass a
 * 5 % rule about 80 % of the time (binomial sd 0.9 points).
 */
static void test_pass_power_is_the_gates(void **state)
{
	struct ci_rule rule = five("r", "cyclic");
	struct ci_rules set = synth_rules(&rule, 1);
	struct ci_levels lv = { .alpha = 0.01, .pass_alpha = 0.05 };
	double p = ci_pass_power(0.05, log(1.05), 0.05, 14), share;
	struct ci_rule_result res;
	struct ci_results b, c;
	struct sb_error e;
	struct ci_rng rng;
	int passes = 0;

	(void)state;
	ci_rng_seed(&rng, 40);
	assert_int_equal(ci_synth_alloc(&b, 14), 0);
	assert_int_equal(ci_synth_alloc(&c, 14), 0);
	for (int t = 0; t < 2000; t++) {
		for (size_t i = 0; i < 14; i++) {
			ci_synth_put(&b, i, &rule,
				     exp(0.05 * ci_rng_normal(&rng)));
			ci_synth_put(&c, i, &rule,
				     exp(0.05 * ci_rng_normal(&rng)));
		}
		assert_int_equal(ci_gate_evaluate(&set, &b, &c, &lv, &res, &e),
				 0);
		/* a pass whose interval is wholly better reads improvement */
		passes += res.verdict == CI_V_PASS ||
			  res.verdict == CI_V_IMPROVEMENT;
	}
	share = passes / 2000.0;
	print_message("ci_pass_power %.3f, the gate passed %.3f\n", p, share);
	assert_true(p >= 0.8 && p < 0.85);
	assert_true(fabs(share - p) < 0.03);
	ci_synth_free(&b);
	ci_synth_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_five_at_five_is_fourteen),
		cmocka_unit_test(test_runs_follow_the_noise),
		cmocka_unit_test(test_beyond_reach),
		cmocka_unit_test(test_bound_either_way),
		cmocka_unit_test(test_gate_estimate_is_the_cautious_side),
		cmocka_unit_test(test_spread_and_what_is_said),
		cmocka_unit_test(test_all_rules_together),
		cmocka_unit_test(test_pass_power_is_the_gates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
