// SPDX-License-Identifier: GPL-2.0
/* Unit tests of workloads/lib/clock and stop: busy loops, intervals, the stop flag. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "workloads/lib/clock.h"
#include "workloads/lib/stop.h"

#define MS 1000000ULL

static void test_burn_cpu_uses_at_least_the_cpu_time(void **state)
{
	uint64_t c0, c1;

	(void)state;
	c0 = wl_thread_cpu_ns();
	wl_burn_cpu_ns(3 * MS);
	c1 = wl_thread_cpu_ns();
	assert_true(c1 - c0 >= 3 * MS);
}

static void test_burn_wall_lasts_at_least_the_time(void **state)
{
	uint64_t t0, end;

	(void)state;
	t0 = wl_now_ns();
	end = wl_burn_wall_ns(3 * MS);
	assert_true(end >= t0 + 3 * MS);
	assert_true(wl_now_ns() >= end);
}

static void test_sleep_until_absolute(void **state)
{
	uint64_t target;

	(void)state;
	target = wl_now_ns() + 2 * MS;
	assert_int_equal(wl_sleep_until_ns(target), 0);
	assert_true(wl_now_ns() >= target);
	/* A time in the past returns at once. */
	assert_int_equal(wl_sleep_until_ns(1), 0);
}

static void test_intervals(void **state)
{
	const uint64_t s = WL_NSEC_PER_SEC;

	(void)state;
	assert_int_equal(wl_intervals_n(0), 1);
	assert_int_equal(wl_intervals_n(1), 1);
	assert_int_equal(wl_intervals_n(s), 1);
	assert_int_equal(wl_intervals_n(s + 1), 2);
	assert_int_equal(wl_intervals_n(5 * s / 2), 3);
	assert_int_equal(wl_interval_index(100, 100, 3), 0);
	assert_int_equal(wl_interval_index(50, 100, 3), 0); /* before start */
	assert_int_equal(wl_interval_index(100 + s - 1, 100, 3), 0);
	assert_int_equal(wl_interval_index(100 + s, 100, 3), 1);
	assert_int_equal(wl_interval_index(100 + 9 * s, 100, 3), 2);
}

static void test_stop_flag_and_signal(void **state)
{
	uint64_t t0;

	(void)state;
	assert_int_equal(wl_stop_install(), 0);
	assert_false(wl_stop_requested());
	assert_string_equal(wl_stop_status(), "ok");
	wl_burn_set_stop(wl_stop_flag());
	raise(SIGTERM);
	assert_true(wl_stop_requested());
	assert_int_equal(wl_stop_signal(), SIGTERM);
	assert_string_equal(wl_stop_status(), "interrupted");
	/* Busy loops end at once once the flag is up. */
	t0 = wl_now_ns();
	wl_burn_wall_ns(3 * WL_NSEC_PER_SEC);
	wl_burn_cpu_ns(3 * WL_NSEC_PER_SEC);
	assert_true(wl_now_ns() - t0 < 3 * WL_NSEC_PER_SEC);
	wl_burn_set_stop(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_burn_cpu_uses_at_least_the_cpu_time),
		cmocka_unit_test(test_burn_wall_lasts_at_least_the_time),
		cmocka_unit_test(test_sleep_until_absolute),
		cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_stop_flag_and_signal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
