// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the gate statistics: order statistics, Student's t, Welch, verdicts and exit codes on in-memory runs. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ci/gate.h"
#include "ci/stats.h"
#include "ci/synth_runs.h"
#include "common/exitcodes.h"

static void test_median(void **state)
{
	double odd[] = { 5, 1, 4, 2, 3 }, even[] = { 4, 1, 3, 2 };
	double same[] = { 7, 7, 7, 7 };
	double big[101];

	(void)state;
	assert_float_equal(ci_median(odd, 5), 3, 1e-12);
	assert_float_equal(ci_median(even, 4), 2.5, 1e-12);
	assert_float_equal(ci_median(same, 4), 7, 1e-12);
	assert_true(isnan(ci_median(odd, 0)));
	for (int i = 0; i < 101; i++)
		big[i] = (double)((i * 37) % 101); /* a permutation of 0..100 */
	assert_float_equal(ci_median(big, 101), 50, 1e-12);
}

static void test_mean_cov(void **state)
{
	double x[] = { 1, 2, 3, 4 }, one[] = { 3 };

	(void)state;
	assert_float_equal(ci_mean(x, 4), 2.5, 1e-12);
	/* sample sd of 1..4 is sqrt(5/3) = 1.29099; / 2.5 */
	assert_float_equal(ci_cov_pct(x, 4), 51.6398, 1e-3);
	assert_true(isnan(ci_cov_pct(one, 1)));
}

static void test_rng(void **state)
{
	struct ci_rng a, b;

	(void)state;
	ci_rng_seed(&a, 42);
	ci_rng_seed(&b, 42);
	for (int i = 0; i < 100; i++)
		assert_int_equal(ci_rng_next(&a), ci_rng_next(&b));
	for (int i = 0; i < 1000; i++) {
		double u = ci_rng_unit(&a);

		assert_true(ci_rng_below(&a, 7) < 7);
		assert_true(u > 0 && u < 1);
	}
}

/* Reference values computed independently with mpmath (30 digits). */
static void test_student_t(void **state)
{
	(void)state;
	assert_float_equal(ci_t_quantile(0.975, 10), 2.2281388519862747, 1e-9);
	assert_float_equal(ci_t_quantile(0.95, 5), 2.0150483733330242, 1e-9);
	assert_float_equal(ci_t_quantile(0.99, 1), 31.820515953773958, 1e-7);
	assert_float_equal(ci_t_quantile(0.025, 10), -2.2281388519862747, 1e-9);
	assert_float_equal(ci_t_quantile(0.995, 4.411764705882353),
			   4.3234752440409029, 1e-8);
	assert_float_equal(ci_t_quantile(0.975, 1e7), 1.959964, 1e-5);
	assert_float_equal(ci_t_cdf(-0.5, 3), 0.32572398242407550, 1e-12);
	assert_float_equal(ci_t_cdf(3.5, 2.5), 0.97382722651983983, 1e-12);
	assert_float_equal(ci_t_cdf(0, 7), 0.5, 1e-15);
	assert_true(isnan(ci_t_quantile(1, 4)));
	for (int i = 0; i < 27; i++) {
		double p = 0.001 + 0.0371 * i;

		assert_float_equal(ci_t_cdf(ci_t_quantile(p, 3.3), 3.3), p,
				   1e-12);
	}
}

/* b = 1..4, c = 2, 4, 6, 8: by hand, se = sqrt(25/12), df = 4.4118. */
static void test_welch_known(void **state)
{
	double b[] = { 1, 2, 3, 4 }, c[] = { 2, 4, 6, 8 };
	struct ci_welch w;

	(void)state;
	assert_int_equal(ci_welch(b, 4, c, 4, &w), 0);
	assert_float_equal(w.diff, 2.5, 1e-12);
	assert_float_equal(w.se, sqrt(25.0 / 12), 1e-12);
	assert_float_equal(w.df, 4.411764705882353, 1e-12);
	assert_float_equal(w.vb, 5.0 / 3, 1e-12);
	assert_float_equal(w.vc, 20.0 / 3, 1e-12);
	assert_float_equal(ci_p_above(&w, 0), 0.075790252422651973, 1e-12);
	assert_float_equal(ci_p_above(&w, 1), 0.17613149062825931, 1e-12);
	assert_float_equal(ci_p_below(&w, 0), 1 - 0.075790252422651973, 1e-12);
	assert_float_equal(ci_upper_bound(&w, 0.005),
			   2.5 + 4.3234752440409029 * sqrt(25.0 / 12), 1e-7);
	assert_int_equal(ci_welch(b, 1, c, 4, &w), -EINVAL);
	/* no spread: the sign of the difference decides */
	assert_int_equal(ci_welch(b, 2, b, 2, &w), 0);
	w.diff = 0.5;
	w.se = 0;
	assert_float_equal(ci_p_above(&w, 0.4), 0, 0);
	assert_float_equal(ci_p_above(&w, 0.6), 1, 0);
}

static const struct ci_rule r_delay = { .name = "delay",
					.metric = 0, /* avg_delay_ms */
					.group = "cyclic",
					.dir = CI_DIR_LOWER,
					.tolerance_pct = 10,
					.min_effect_abs = 0.01,
					.pass_bound_pct = 20,
					.pass_bound_abs = 0.02,
					.required = 1 };
static const struct ci_rule r_loops = { .name = "loops",
					.metric = 6, /* loops_per_s */
					.group = "massive_intr",
					.dir = CI_DIR_HIGHER,
					.tolerance_pct = 5,
					.pass_bound_pct = 10 };

struct two_sides {
	struct ci_results base, cand;
	struct ci_rule rules[2];
	struct ci_rules set;
	struct ci_rule_result res[2];
};

/* @n runs a side; run i: delay d[i] (base) / d[i] * @dmul (cand), loops 100. */
static void sides(struct two_sides *t, size_t nb, size_t nc, const double *d,
		  double dmul, double noise)
{
	assert_int_equal(ci_synth_alloc(&t->base, nb), 0);
	assert_int_equal(ci_synth_alloc(&t->cand, nc), 0);
	t->rules[0] = r_delay;
	t->rules[1] = r_loops;
	t->set = (struct ci_rules){ .alpha = 0.01,
				    .pass_confidence = 0.95,
				    .min_runs = CI_MIN_RUNS,
				    .v = t->rules,
				    .n = 2 };
	for (size_t i = 0; i < nb; i++) {
		ci_synth_put(&t->base, i, &r_delay, d[i]);
		ci_synth_put(&t->base, i, &r_loops, 100 + noise * (double)i);
	}
	for (size_t i = 0; i < nc; i++) {
		ci_synth_put(&t->cand, i, &r_delay, d[(i + 1) % nc] * dmul);
		ci_synth_put(&t->cand, i, &r_loops, 100 - noise * (double)i);
	}
}

static int evaluate(struct two_sides *t)
{
	struct ci_levels lv = { .alpha = t->set.alpha, .pass_alpha = 0.05 };
	char err[256];

	assert_int_equal(ci_gate_evaluate(&t->set, &t->base, &t->cand, &lv,
					  t->res, err, sizeof(err)),
			 0);
	return ci_gate_exit_code(t->res, 2);
}

static void sides_free(struct two_sides *t)
{
	ci_synth_free(&t->base);
	ci_synth_free(&t->cand);
}

static void test_verdicts(void **state)
{
	const double d[] = { 0.10, 0.12, 0.09, 0.11, 0.10, 0.13 };
	struct two_sides t;

	(void)state;
	/* 3 runs against 3 never decide, however clear: exit 3 */
	sides(&t, 3, 3, d, 5, 0);
	assert_int_equal(evaluate(&t), SB_EXIT_ENV);
	assert_int_equal(t.res[0].verdict, CI_V_INSUFFICIENT);
	assert_int_equal(t.res[0].more_runs, CI_MIN_RUNS);
	sides_free(&t);
	/* 5 against 5, delay x5: a regression */
	sides(&t, 5, 5, d, 5, 0.5);
	assert_int_equal(evaluate(&t), SB_EXIT_REGRESSION);
	assert_int_equal(t.res[0].verdict, CI_V_REGRESSION);
	assert_true(t.res[0].ratio_lo > 1.1);
	assert_int_equal(t.res[1].verdict, CI_V_PASS);
	sides_free(&t);
	/* the same distributions: every rule rules out its pass bound */
	sides(&t, 5, 5, d, 1, 0.5);
	assert_int_equal(evaluate(&t), SB_EXIT_OK);
	assert_int_equal(t.res[0].verdict, CI_V_PASS);
	assert_true(t.res[0].ratio_hi < 1.2);
	sides_free(&t);
	/* x1.15 on this spread: neither a regression nor a pass; the runs a side that would tell */
	sides(&t, 4, 4, d, 1.15, 0.5);
	assert_int_equal(evaluate(&t), SB_EXIT_ENV);
	assert_int_equal(t.res[0].verdict, CI_V_INCONCLUSIVE);
	assert_true(t.res[0].more_runs > 4 && t.res[0].more_runs < 1000);
	sides_free(&t);
	/* halved: an improvement */
	sides(&t, 5, 5, d, 0.5, 0.5);
	evaluate(&t);
	assert_int_equal(t.res[0].verdict, CI_V_IMPROVEMENT);
	sides_free(&t);
}

/* A delay regression within min_effect_abs is not one. */
static void test_absolute_floor(void **state)
{
	const double d[] = { 0.001, 0.0012, 0.0009, 0.0011, 0.001 };
	struct two_sides t;

	(void)state;
	sides(&t, 5, 5, d, 3, 0.5); /* +200 %, but +0.002 ms < 0.01 */
	assert_int_equal(evaluate(&t), SB_EXIT_OK);
	assert_int_equal(t.res[0].verdict, CI_V_PASS);
	sides_free(&t);
}

/* A run whose recorder lost events is left out of the table rules only. */
static void test_lost_events(void **state)
{
	const double d[] = { 0.10, 0.12, 0.09, 0.11, 0.10 };
	struct two_sides t;

	(void)state;
	sides(&t, 5, 5, d, 1, 0.5);
	t.cand.runs[2].lost_events = 12;
	evaluate(&t);
	assert_int_equal(t.res[0].cand_runs, 4);
	assert_int_equal(t.res[0].cand_lost, 1);
	assert_int_equal(t.res[1].cand_runs, 5); /* a workload's own figure */
	t.cand.runs[3].lost_events = 1;
	assert_int_equal(evaluate(&t), SB_EXIT_ENV);
	assert_int_equal(t.res[0].verdict, CI_V_INSUFFICIENT);
	assert_non_null(strstr(t.res[0].note, "without lost events"));
	sides_free(&t);
}

/*
 * A vs A over the two rules, 5 against 5, run CoV 20 %: the family-wise
 * false-regression rate stays well under alpha (make perf measures it
 * over more regimes and trials).
 */
static void test_false_regressions(void **state)
{
	struct two_sides t;
	struct ci_rng rng;
	int falses = 0;

	(void)state;
	ci_rng_seed(&rng, 7);
	for (int trial = 0; trial < 1000; trial++) {
		double d[5];

		for (int i = 0; i < 5; i++)
			d[i] = 0.1 * exp(0.2 * ci_rng_normal(&rng));
		sides(&t, 5, 5, d, 1, 0);
		for (int i = 0; i < 5; i++) {
			ci_synth_put(&t.cand, (size_t)i, &r_delay,
				     0.1 * exp(0.2 * ci_rng_normal(&rng)));
			ci_synth_put(&t.base, (size_t)i, &r_loops,
				     100 * exp(0.2 * ci_rng_normal(&rng)));
			ci_synth_put(&t.cand, (size_t)i, &r_loops,
				     100 * exp(0.2 * ci_rng_normal(&rng)));
		}
		falses += evaluate(&t) == SB_EXIT_REGRESSION;
		sides_free(&t);
	}
	assert_true(falses <= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_mean_cov),
		cmocka_unit_test(test_rng),
		cmocka_unit_test(test_student_t),
		cmocka_unit_test(test_welch_known),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_absolute_floor),
		cmocka_unit_test(test_lost_events),
		cmocka_unit_test(test_false_regressions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
