// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the gate statistics: order statistics, bootstrap, decisions, A-vs-A false-positive rate. */
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

static void test_median_quantile(void **state)
{
	double odd[] = { 5, 1, 4, 2, 3 }, even[] = { 4, 1, 3, 2 };
	double sorted[] = { 10, 20, 30, 40, 50 }, same[] = { 7, 7, 7, 7 };
	double big[101];

	(void)state;
	assert_float_equal(ci_median(odd, 5), 3, 1e-12);
	assert_float_equal(ci_median(even, 4), 2.5, 1e-12);
	assert_float_equal(ci_median(same, 4), 7, 1e-12);
	assert_true(isnan(ci_median(odd, 0)));
	for (int i = 0; i < 101; i++)
		big[i] = (double)((i * 37) % 101); /* a permutation of 0..100 */
	assert_float_equal(ci_median(big, 101), 50, 1e-12);
	assert_float_equal(ci_quantile_sorted(sorted, 5, 0), 10, 1e-12);
	assert_float_equal(ci_quantile_sorted(sorted, 5, 1), 50, 1e-12);
	assert_float_equal(ci_quantile_sorted(sorted, 5, 0.25), 20, 1e-12);
	assert_float_equal(ci_quantile_sorted(sorted, 5, 0.1), 14, 1e-12);
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

static void boot_of(const double *bx, size_t bn, const double *cx, size_t cn,
		    uint64_t seed, struct ci_boot *out)
{
	const double *bp[] = { bx }, *cp[] = { cx };
	struct ci_side b = { 1, bp, &bn }, c = { 1, cp, &cn };

	assert_int_equal(ci_bootstrap(&b, &c, 2000, 0.95, seed, out), 0);
}

static void test_bootstrap_known(void **state)
{
	double base[40], twice[40];
	struct ci_boot r, r2, r3;

	(void)state;
	for (int i = 0; i < 40; i++) {
		base[i] = 1 + (i % 10) * 0.1 + i * 0.001; /* distinct values */
		twice[i] = 2 * base[i];
	}
	boot_of(base, 40, base, 40, 7, &r);
	assert_float_equal(r.ratio, 1, 1e-12);
	assert_true(r.ratio_lo <= 1 && r.ratio_hi >= 1);
	boot_of(base, 40, twice, 40, 7, &r);
	assert_float_equal(r.ratio, 2, 1e-12);
	assert_float_equal(r.diff, r.base_median, 1e-12);
	assert_true(r.ratio_lo > 1.5 && r.ratio_lo <= 2);
	assert_true(r.ratio_hi >= 2 && r.ratio_hi < 2.7);
	/* deterministic with a seed, different with another */
	boot_of(base, 40, twice, 40, 7, &r2);
	assert_memory_equal(&r, &r2, sizeof(r));
	boot_of(base, 40, twice, 40, 8, &r3);
	assert_true(r3.ratio_lo != r.ratio_lo || r3.ratio_hi != r.ratio_hi);
}

static void test_bootstrap_zero_base(void **state)
{
	double zero[] = { 0, 0, 0, 0 }, some[] = { 1, 1, 2, 2 };
	struct ci_boot r;

	(void)state;
	boot_of(zero, 4, zero, 4, 1, &r);
	assert_float_equal(r.ratio, 1, 0);
	boot_of(zero, 4, some, 4, 1, &r);
	assert_true(isinf(r.ratio) && r.diff > 0);
}

static void test_bootstrap_rejects(void **state)
{
	size_t n0 = 0;
	const double *p[] = { NULL };
	struct ci_side empty = { 1, p, &n0 };
	struct ci_boot r;

	(void)state;
	assert_int_equal(ci_bootstrap(&empty, &empty, 1000, 0.95, 1, &r),
			 -EINVAL);
}

static struct ci_boot ci(double lo, double hi, double dlo, double dhi)
{
	return (struct ci_boot){
		.ratio_lo = lo, .ratio_hi = hi, .diff_lo = dlo, .diff_hi = dhi
	};
}

static void test_decide(void **state)
{
	struct ci_boot b;

	(void)state;
	b = ci(1.2, 1.4, 1, 2);
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 0, &b), CI_V_REGRESSION);
	assert_int_equal(ci_decide(CI_DIR_HIGHER, 10, 0, &b), CI_V_IMPROVEMENT);
	/* too small in absolute terms: the difference lies within 5 units */
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 5, &b), CI_V_NO_CHANGE);
	b = ci(0.7, 0.8, -2, -1);
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 0, &b), CI_V_IMPROVEMENT);
	assert_int_equal(ci_decide(CI_DIR_HIGHER, 10, 0, &b), CI_V_REGRESSION);
	b = ci(0.95, 1.05, -1, 1);
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 0, &b), CI_V_NO_CHANGE);
	b = ci(0.95, 1.3, -1, 3);
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 0, &b), CI_V_INCONCLUSIVE);
	/* straddling the band edge is not a regression */
	b = ci(1.05, 1.3, 1, 3);
	assert_int_equal(ci_decide(CI_DIR_LOWER, 10, 0, &b), CI_V_INCONCLUSIVE);
}

/* A hierarchical synthetic side: run effect sd @rsd, interval sd @isd (log). */
static void synth(struct ci_rng *r, double mult, double rsd, double isd,
		  size_t runs, size_t n, double *store)
{
	for (size_t i = 0; i < runs; i++) {
		double u1 = ci_rng_unit(r), u2 = ci_rng_unit(r);
		double eff = exp(rsd * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2));

		for (size_t j = 0; j < n; j++) {
			u1 = ci_rng_unit(r);
			u2 = ci_rng_unit(r);
			store[i * n + j] = mult * eff *
					   exp(isd * sqrt(-2 * log(u1)) *
					       cos(2 * M_PI * u2));
		}
	}
}

/* Share of @trials seeds where the verdict at tolerance @tol is @want. */
static double rate(double mult, size_t runs, double tol, enum ci_verdict want,
		   int trials)
{
	enum { N = 10, MAXR = 8 };
	double bs[MAXR * N], cs[MAXR * N];
	const double *bp[MAXR], *cp[MAXR];
	size_t ns[MAXR];
	int hits = 0;

	for (size_t i = 0; i < runs; i++) {
		bp[i] = bs + i * N;
		cp[i] = cs + i * N;
		ns[i] = N;
	}
	for (int t = 0; t < trials; t++) {
		struct ci_side b = { runs, bp, ns }, c = { runs, cp, ns };
		struct ci_rng r;
		struct ci_boot out;

		ci_rng_seed(&r, 1000 + (uint64_t)t);
		synth(&r, 1, 0.1, 0.2, runs, N, bs);
		synth(&r, mult, 0.1, 0.2, runs, N, cs);
		assert_int_equal(
			ci_bootstrap(&b, &c, 1000, 0.95, (uint64_t)t, &out), 0);
		hits += ci_decide(CI_DIR_LOWER, tol, 0, &out) == want;
	}
	return (double)hits / trials;
}

static void test_false_positive_rate(void **state)
{
	const size_t reps[] = { 3, 5 };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		double fp0 = rate(1, reps[i], 0, CI_V_REGRESSION, 200) +
			     rate(1, reps[i], 0, CI_V_IMPROVEMENT, 200);
		double fp10 = rate(1, reps[i], 10, CI_V_REGRESSION, 200);
		double power = rate(1.5, reps[i], 10, CI_V_REGRESSION, 200);

		printf("A-vs-A, %zu runs x 10 intervals (run sd 0.1, interval sd 0.2, log scale), 200 seeds: "
		       "CI excludes 1 in %.1f%%; regression at 10%% tolerance in %.1f%%; "
		       "a real +50%% flagged in %.1f%%\n",
		       reps[i], 100 * fp0, 100 * fp10, 100 * power);
		assert_true(fp0 < 0.10);
		assert_true(fp10 < 0.10);
		assert_true(power > 0.5);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median_quantile),
		cmocka_unit_test(test_mean_cov),
		cmocka_unit_test(test_rng),
		cmocka_unit_test(test_bootstrap_known),
		cmocka_unit_test(test_bootstrap_zero_base),
		cmocka_unit_test(test_bootstrap_rejects),
		cmocka_unit_test(test_decide),
		cmocka_unit_test(test_false_positive_rate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
