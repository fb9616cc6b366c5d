// SPDX-License-Identifier: GPL-2.0
/* Unit tests of fairness figures and of histogram percentiles against sorted data. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "common/hist.h"
#include "workloads/lib/stats.h"

static void test_jain(void **state)
{
	const uint64_t equal[] = { 7, 7, 7, 7 };
	const uint64_t one[] = { 0, 0, 0, 10 };
	const uint64_t two[] = { 1, 3 };
	const uint64_t zero[] = { 0, 0 };

	(void)state;
	assert_float_equal(wl_jain_index(equal, 4), 1.0, 1e-12);
	assert_float_equal(wl_jain_index(one, 4), 0.25, 1e-12);
	/* (1+3)^2 / (2 * (1+9)) = 0.8 */
	assert_float_equal(wl_jain_index(two, 2), 0.8, 1e-12);
	assert_float_equal(wl_jain_index(zero, 2), 1.0, 1e-12);
	assert_float_equal(wl_jain_index(NULL, 0), 1.0, 1e-12);
}

static void test_min_max_ratio(void **state)
{
	const uint64_t x[] = { 310, 290, 300 };
	const uint64_t one[] = { 0, 5 };

	(void)state;
	assert_float_equal(wl_min_max_ratio(x, 3), 290.0 / 310.0, 1e-12);
	assert_float_equal(wl_min_max_ratio(one, 2), 0.0, 1e-12);
	assert_float_equal(wl_min_max_ratio(NULL, 0), 1.0, 1e-12);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least q % at or below it. */
static uint64_t exact(const uint64_t *sorted, size_t n, double q)
{
	size_t rank = (size_t)ceil(q / 100.0 * (double)n);

	return sorted[rank ? rank - 1 : 0];
}

static void test_percentiles_within_bound(void **state)
{
	static const double qs[] = { 1, 10, 50, 90, 99, 99.9 };
	const size_t n = 20000;
	uint64_t *v = malloc(n * sizeof(*v));
	struct sb_hist *h = malloc(sizeof(*h));
	uint64_t seed = 12345;

	(void)state;
	for (int shape = 0; shape < 3; shape++) {
		sb_hist_init(h);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 6364136223846793005ULL +
			       1442695040888963407ULL;
			/* uniform, wide log-spread, and small exact values */
			v[i] = shape == 0 ? 20000 + (seed >> 40) % 80000 :
			       shape == 1 ? (seed >> 33) >>
						    ((seed >> 20) % 30) :
					    (seed >> 40) % 60;
			sb_hist_add(h, v[i]);
		}
		qsort(v, n, sizeof(*v), cmp_u64);
		assert_int_equal(h->min, v[0]);
		assert_int_equal(h->max, v[n - 1]);
		for (size_t k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
			uint64_t want = exact(v, n, qs[k]);
			uint64_t got = sb_hist_percentile(h, qs[k]);
			/* Bound of common/hist.h: 1/2^(SUB_BITS+1) of the value. */
			uint64_t tol = want >> (SB_HIST_SUB_BITS + 1);

			assert_true(got + tol + 1 >= want);
			assert_true(got <= want + tol + 1);
		}
	}
	free(v);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jain),
		cmocka_unit_test(test_min_max_ratio),
		cmocka_unit_test(test_percentiles_within_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
