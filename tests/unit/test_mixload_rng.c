// SPDX-License-Identifier: GPL-2.0
/* Unit tests of mixload's random streams, distributions and Poisson schedules. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "workloads/mixload/events.h"
#include "workloads/mixload/rng.h"

#define N 200000

static void test_seeded_determinism(void **state)
{
	struct mix_rng a, b, c;
	int differ = 0;

	(void)state;
	mix_rng_seed(&a, 42, 3);
	mix_rng_seed(&b, 42, 3);
	mix_rng_seed(&c, 42, 4);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = mix_rng_next(&a);

		assert_int_equal(x, mix_rng_next(&b));
		differ += x != mix_rng_next(&c);
	}
	assert_true(differ > 990);
}

static void test_unit_open_interval(void **state)
{
	struct mix_rng r;
	double sum = 0;

	(void)state;
	mix_rng_seed(&r, 1, 1);
	for (int i = 0; i < N; i++) {
		double u = mix_rng_unit(&r);

		assert_true(u > 0 && u < 1);
		sum += u;
	}
	assert_true(fabs(sum / N - 0.5) < 0.005);
}

static void test_exponential_mean(void **state)
{
	struct mix_rng r;
	double sum = 0;

	(void)state;
	mix_rng_seed(&r, 7, 1);
	for (int i = 0; i < N; i++)
		sum += mix_rng_exp(&r, 1000.0);
	assert_true(fabs(sum / N - 1000.0) < 20.0);
}

static void test_lognormal_median_and_mean(void **state)
{
	struct mix_rng r;
	double sum = 0;
	int below = 0;

	(void)state;
	mix_rng_seed(&r, 7, 2);
	for (int i = 0; i < N; i++) {
		double v = mix_rng_lognormal(&r, 400.0, 0.5);

		sum += v;
		below += v < 400.0;
	}
	assert_true(fabs((double)below / N - 0.5) < 0.01);
	/* mean = median * exp(sigma^2 / 2) */
	assert_true(fabs(sum / N - 400.0 * exp(0.125)) < 400.0 * 0.02);
}

static void test_pareto_tail(void **state)
{
	struct mix_rng r;
	double sum = 0;
	int over = 0;

	(void)state;
	mix_rng_seed(&r, 9, 1);
	for (int i = 0; i < N; i++) {
		double v = mix_rng_pareto(&r, 100.0, 3.0);

		assert_true(v >= 100.0);
		sum += v;
		over += v > 200.0;
	}
	/* mean alpha * xm / (alpha - 1) = 150; P(X > 2 xm) = 2^-alpha */
	assert_true(fabs(sum / N - 150.0) < 150.0 * 0.03);
	assert_true(fabs((double)over / N - 0.125) < 0.005);
}

static void test_geometric_mean(void **state)
{
	struct mix_rng r;
	uint64_t sum = 0;

	(void)state;
	mix_rng_seed(&r, 11, 1);
	for (int i = 0; i < N; i++) {
		uint64_t k = mix_rng_geometric(&r, 4.0);

		assert_true(k >= 1);
		sum += k;
	}
	assert_true(fabs((double)sum / N - 4.0) < 0.08);
	assert_int_equal(mix_rng_geometric(&r, 0.5), 1);
}

static void test_draw_ns(void **state)
{
	(void)state;
	assert_int_equal(mix_draw_ns(1234.9, 0), 1234);
	assert_int_equal(mix_draw_ns(1e12, 5000), 5000);
	assert_int_equal(mix_draw_ns(-3.0, 0), 0);
	assert_int_equal(mix_draw_ns(NAN, 10), 0);
}

static void test_poisson_rate_and_checksum(void **state)
{
	uint64_t n1, n2, n3, c1, c2, c3, t, last = 0, count = 0;
	struct mix_poisson p;

	(void)state;
	mix_poisson_init(&p, 5, MIX_STREAM_INPUT, 50.0);
	while ((t = mix_poisson_next(&p)) < 1000000000000ull) {
		assert_true(t >= last);
		last = t;
		count++;
	}
	/* 50/s over 1000 s: 50000, sd ~224 */
	assert_true(count > 49000 && count < 51000);

	c1 = mix_schedule_checksum(5, MIX_STREAM_INPUT, 50.0, 3000000000ull,
				   &n1);
	c2 = mix_schedule_checksum(5, MIX_STREAM_INPUT, 50.0, 3000000000ull,
				   &n2);
	c3 = mix_schedule_checksum(6, MIX_STREAM_INPUT, 50.0, 3000000000ull,
				   &n3);
	assert_int_equal(c1, c2);
	assert_int_equal(n1, n2);
	assert_int_not_equal(c1, c3);
	assert_true(n1 > 100 && n1 < 200);

	mix_poisson_init(&p, 5, MIX_STREAM_INPUT, 0);
	assert_int_equal(mix_poisson_next(&p), MIX_NEVER);
	mix_schedule_checksum(5, MIX_STREAM_INPUT, 0, 3000000000ull, &n3);
	assert_int_equal(n3, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_determinism),
		cmocka_unit_test(test_unit_open_interval),
		cmocka_unit_test(test_exponential_mean),
		cmocka_unit_test(test_lognormal_median_and_mean),
		cmocka_unit_test(test_pareto_tail),
		cmocka_unit_test(test_geometric_mean),
		cmocka_unit_test(test_draw_ns),
		cmocka_unit_test(test_poisson_rate_and_checksum),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
