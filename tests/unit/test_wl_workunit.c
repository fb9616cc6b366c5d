// SPDX-License-Identifier: GPL-2.0
/* Unit tests of workloads/lib/workunit: a fixed size whatever the speed, units over a wall-clock phase, stop. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "workloads/lib/clock.h"
#include "workloads/lib/workunit.h"

#define US 1000ULL
#define MS 1000000ULL

/*
 * A unit is the steps asked for, whatever the host's speed: timing it
 * (twice, as two runs would) never changes its size. The cost is timed:
 * units of it add up to about the CPU time they took.
 */
static void test_fixed_unit_keeps_its_size(void **state)
{
	struct wl_work_unit u, again;
	uint64_t c0, spent;

	(void)state;
	wl_work_unit_fixed(&u, WL_WORK_UNIT_ITERATIONS);
	wl_work_unit_fixed(&again, WL_WORK_UNIT_ITERATIONS);
	assert_int_equal(u.iterations, 12000);
	assert_int_equal(again.iterations, u.iterations);
	assert_true(u.cpu_ns > 0);
	c0 = wl_thread_cpu_ns();
	for (int i = 0; i < 200; i++)
		wl_work_unit_do(&u);
	spent = wl_thread_cpu_ns() - c0;
	/* the fastest trial: a busy host may slow the units, nothing makes
	 * 200 of them cost less than about 200 times the best */
	assert_true(spent >= 100 * u.cpu_ns);
}

static void test_other_sizes_and_zero(void **state)
{
	struct wl_work_unit u;

	(void)state;
	wl_work_unit_fixed(&u, 7101);
	assert_int_equal(u.iterations, 7101);
	wl_work_unit_fixed(&u, 0);
	assert_int_equal(u.iterations, 1);
}

static void test_wall_phase_counts_units(void **state)
{
	struct wl_work_unit u;
	uint64_t t0, c0, end, units = 7, spent;

	(void)state;
	wl_work_unit_fixed(&u, WL_WORK_UNIT_ITERATIONS);
	t0 = wl_now_ns();
	c0 = wl_thread_cpu_ns();
	end = wl_work_wall_ns(&u, 5 * MS, &units);
	spent = wl_thread_cpu_ns() - c0;
	assert_true(end >= t0 + 5 * MS);
	/* added to what was there; no more units than the CPU time spent
	 * pays for at the fastest timed cost (2x for the timing's own
	 * jitter): only a miscount passes more */
	assert_true(units > 7);
	assert_true((units - 7) * u.cpu_ns <= 2 * spent + u.cpu_ns);
}

static void test_stop_ends_the_phase(void **state)
{
	struct wl_work_unit u = { .iterations = 1000, .cpu_ns = 1 };
	atomic_int stop = 1;
	uint64_t t0, units = 0;

	(void)state;
	wl_burn_set_stop(&stop);
	t0 = wl_now_ns();
	wl_work_wall_ns(&u, 3 * WL_NSEC_PER_SEC, &units);
	assert_true(wl_now_ns() - t0 < WL_NSEC_PER_SEC);
	assert_int_equal(units, 0);
	wl_burn_set_stop(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_unit_keeps_its_size),
		cmocka_unit_test(test_other_sizes_and_zero),
		cmocka_unit_test(test_wall_phase_counts_units),
		cmocka_unit_test(test_stop_ends_the_phase),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
