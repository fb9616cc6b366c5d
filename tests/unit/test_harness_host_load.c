// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the host's load over a run (harness/host_load.c): the all-CPU /proc/stat line, the shares between two marks, what the run took itself. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "harness/host_load.h"

static const char stat0[] = "cpu  100 0 100 700 100 0 0 0 0 0\n"
			    "cpu0 50 0 50 350 50 0 0 0 0 0\n"
			    "cpu1 50 0 50 350 50 0 0 0 0 0\n";
/* 1000 ticks later: 500 busy, 20 of them stolen, 400 idle, 100 iowait */
static const char stat1[] = "cpu  400 0 280 1100 200 0 0 20 0 0\n"
			    "cpu0 200 0 140 550 100 0 0 10 0 0\n"
			    "cpu1 200 0 140 550 100 0 0 10 0 0\n";

static double num(const json_t *j, const char *key)
{
	const json_t *v = json_object_get(j, key);

	assert_true(json_is_number(v));
	return json_number_value(v);
}

static void test_all_cpus_line(void **state)
{
	struct preflight_ticks t;

	(void)state;
	assert_int_equal(preflight_ticks(stat1, -1, &t), 0);
	assert_int_equal(t.total, 2000);
	assert_int_equal(t.busy, 700);
	assert_int_equal(t.steal, 20);
	assert_int_equal(preflight_ticks(stat1, 1, &t), 0);
	assert_int_equal(t.total, 1000);
	assert_int_equal(preflight_ticks("intr 1 2\n", -1, &t), -1);
}

static void test_shares(void **state)
{
	struct host_load_mark a = { .loadavg = 1.5, .own_s = 10 },
			      b = { .loadavg = 3.25, .own_s = 11 };
	json_t *j;

	(void)state;
	assert_int_equal(preflight_ticks(stat0, -1, &a.ticks), 0);
	assert_int_equal(preflight_ticks(stat1, -1, &b.ticks), 0);
	/* 100 ticks a second: 1 s of CPU is 100 of the 1000 ticks */
	j = host_load_json(&a, &b, 100);
	assert_non_null(j);
	assert_float_equal(num(j, "busy_pct"), 50, 1e-9);
	assert_float_equal(num(j, "steal_pct"), 2, 1e-9);
	assert_float_equal(num(j, "own_pct"), 10, 1e-9);
	assert_float_equal(num(j, "others_pct"), 40, 1e-9);
	assert_float_equal(num(j, "loadavg_start"), 1.5, 1e-9);
	assert_float_equal(num(j, "loadavg_end"), 3.25, 1e-9);
	json_decref(j);
	/* the run's own time never exceeds the busy time it is part of */
	b.own_s = 100;
	b.loadavg = -1;
	j = host_load_json(&a, &b, 100);
	assert_float_equal(num(j, "own_pct"), 50, 1e-9);
	assert_float_equal(num(j, "others_pct"), 0, 1e-9);
	assert_true(json_is_null(json_object_get(j, "loadavg_end")));
	json_decref(j);
	/* no tick between the marks: nothing said */
	assert_null(host_load_json(&a, &a, 100));
}

static void test_mark_here(void **state)
{
	struct host_load_mark m;

	(void)state;
	assert_int_equal(host_load_mark(&m), 0);
	assert_true(m.ticks.total > 0 && m.ticks.busy <= m.ticks.total);
	assert_true(m.own_s >= 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_cpus_line),
		cmocka_unit_test(test_shares),
		cmocka_unit_test(test_mark_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
