// SPDX-License-Identifier: GPL-2.0
/*
 * Regressions found by fuzz/fuzz_duration.c in common/duration.c: the
 * largest value refused as out of range, and fractions whose numerator
 * times the unit overflowed 64 bits refused as malformed.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "common/duration.h"

static void test_largest_value(void **state)
{
	uint64_t ns = 0;

	(void)state;
	assert_int_equal(sb_parse_duration_ns("18446744073709551615", &ns), 0);
	assert_true(ns == UINT64_MAX);
	assert_int_equal(sb_parse_duration_ns("18446744073709551616", &ns),
			 -ERANGE);
	assert_int_equal(sb_parse_duration_ns("18446744073709551615ns", &ns),
			 0);
	assert_int_equal(sb_parse_duration_ns("18446744073.709551615s", &ns),
			 0);
	assert_true(ns == UINT64_MAX);
	assert_int_equal(sb_parse_duration_ns("18446744073.709551616s", &ns),
			 -ERANGE);
}

static void test_long_fractions(void **state)
{
	static const struct {
		const char *s;
		uint64_t ns;
	} cases[] = {
		{ "0.500000000000m", 30000000000ULL }, /* frac * unit > 2^64 */
		{ "0.99999999995m", 59999999997ULL },
		{ "0.00000000005m", 3 },
	};
	uint64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ns = 0;
		assert_int_equal(sb_parse_duration_ns(cases[i].s, &ns), 0);
		assert_true(ns == cases[i].ns);
	}
	/* 1.999999999999 min is 119999999999.94 ns: not whole */
	assert_int_equal(sb_parse_duration_ns("1.999999999999m", &ns), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_largest_value),
		cmocka_unit_test(test_long_fractions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
