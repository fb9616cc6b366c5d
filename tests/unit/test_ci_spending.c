// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the check's error spending: the O'Brien-Fleming-type function and its group-sequential levels. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ci/spending.h"
#include "ci/stats.h"

/* The z of a nominal one-sided level (bisection on erfc). */
static double z_of(double level)
{
	double lo = -10, hi = 40;

	for (int i = 0; i < 200; i++) {
		double mid = 0.5 * (lo + hi);

		if (0.5 * erfc(mid / M_SQRT2) > level)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

static void test_spent(void **state)
{
	(void)state;
	/* two-sided 5 %: 2 - 2 Phi(1.95996 / sqrt(0.5)) = 0.00557 */
	assert_float_equal(ci_obf_spent(0.05, 0.5), 0.005575, 2e-5);
	assert_float_equal(ci_obf_spent(0.05, 1), 0.05, 0);
	assert_float_equal(ci_obf_spent(0.01, 0), 0, 0);
	assert_float_equal(ci_obf_spent(0.025, 0.2), 5.389e-7, 1e-10);
	for (int i = 1; i < 20; i++) /* grows with information */
		assert_true(ci_obf_spent(0.01, i / 20.0) <
			    ci_obf_spent(0.01, (i + 1) / 20.0));
	assert_float_equal(ci_obf_spent(0.01, 0.999999), 0.01, 1e-7);
}

/* Published O'Brien-Fleming-type (Lan-DeMets) boundaries, one-sided 2.5 %. */
static void test_known_boundaries(void **state)
{
	const double t2[] = { 0.5, 1 }, c2[] = { 2.9626, 1.9686 };
	const double t5[] = { 0.2, 0.4, 0.6, 0.8, 1 };
	const double c5[] = { 4.8769, 3.3569, 2.6803, 2.2898, 2.0310 };
	double lv[5];

	(void)state;
	assert_int_equal(ci_spending_levels(0.025, t2, 2, lv), 0);
	for (int j = 0; j < 2; j++)
		assert_float_equal(z_of(lv[j]), c2[j], 2e-3);
	assert_int_equal(ci_spending_levels(0.025, t5, 5, lv), 0);
	for (int j = 0; j < 5; j++)
		assert_float_equal(z_of(lv[j]), c5[j], 2e-3);
	/* one look at the end is an ordinary test at the whole level */
	assert_int_equal(ci_spending_levels(0.05, t2 + 1, 1, lv), 0);
	assert_float_equal(lv[0], 0.05, 1e-9);
}

/*
 * The check's schedule (looks at 4..20 runs a side of 20): simulated
 * Brownian paths cross some boundary with the chance spent, 5 %, within
 * Monte-Carlo error; the Bonferroni sum of the levels is larger.
 */
static void test_crossing_simulated(void **state)
{
	enum { K = 17, PATHS = 200000 };
	double t[K], lv[K], c[K], sum = 0;
	struct ci_rng rng;
	unsigned int crossed = 0;

	(void)state;
	for (int j = 0; j < K; j++)
		t[j] = (4 + j) / 20.0;
	assert_int_equal(ci_spending_levels(0.05, t, K, lv), 0);
	for (int j = 0; j < K; j++) {
		c[j] = z_of(lv[j]);
		sum += lv[j];
		if (j)
			assert_true(lv[j] > lv[j - 1]);
	}
	assert_true(sum > 0.06);
	/* the last look spends far more than 5 % - spent(0.95), the increment */
	assert_true(lv[K - 1] > 0.03);
	assert_true(0.05 - ci_obf_spent(0.05, 0.95) < 0.006);
	ci_rng_seed(&rng, 42);
	for (int p = 0; p < PATHS; p++) {
		double s = 0, prev = 0;

		for (int j = 0; j < K; j++) {
			s += sqrt(t[j] - prev) * ci_rng_normal(&rng);
			prev = t[j];
			if (s / sqrt(t[j]) >= c[j]) {
				crossed++;
				break;
			}
		}
	}
	/* standard error sqrt(0.05 * 0.95 / 200000) = 0.00049 */
	assert_float_equal((double)crossed / PATHS, 0.05, 0.002);
}

/* A check's look: per-rule alpha shares, pass error per rule, information. */
static void test_look(void **state)
{
	struct ci_rules rules = { .alpha = 0.01,
				  .pass_confidence = 0.95,
				  .n = 15 };
	const double once[] = { 1 }, two[] = { 0.5, 1 };
	struct ci_levels lv;
	double per_rule[2], pass[2];

	(void)state;
	assert_int_equal(ci_spending_look(&rules, once, 1, &lv), 0);
	assert_float_equal(lv.alpha, 0.01, 1e-12);
	assert_float_equal(lv.pass_alpha, 0.05, 1e-12);
	assert_int_equal(ci_spending_look(&rules, two, 2, &lv), 0);
	assert_int_equal(ci_spending_levels(0.01 / 15, two, 2, per_rule), 0);
	assert_int_equal(ci_spending_levels(0.05, two, 2, pass), 0);
	assert_float_equal(lv.alpha, 15 * per_rule[1], 1e-15);
	assert_float_equal(lv.pass_alpha, pass[1], 1e-15);
	assert_int_equal(ci_spending_look(&rules, two, 0, &lv), -EINVAL);
	assert_float_equal(ci_spending_information(10, 10, 20), 0.5, 1e-15);
	assert_float_equal(ci_spending_information(5, 4, 6), 40.0 / 54, 1e-15);
	assert_float_equal(ci_spending_information(0, 0, 6), 0, 0);
}

static void test_bad_input(void **state)
{
	const double up[] = { 0.3, 0.6 }, down[] = { 0.6, 0.3 };
	const double over[] = { 0.5, 1.2 }, zero[] = { 0, 0.5 };
	double lv[2];

	(void)state;
	assert_int_equal(ci_spending_levels(0, up, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(1, up, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(NAN, up, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(0.05, down, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(0.05, over, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(0.05, zero, 2, lv), -EINVAL);
	assert_int_equal(ci_spending_levels(0.05, up, 2, lv), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spent),
		cmocka_unit_test(test_known_boundaries),
		cmocka_unit_test(test_crossing_simulated),
		cmocka_unit_test(test_look),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
