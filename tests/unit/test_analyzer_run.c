// SPDX-License-Identifier: GPL-2.0
/* table_for_run on a run directory: trace + window.json in, table.txt + table.json out. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "analyzer/table_run.h"
#include "common/atomicio.h"
#include "tests/unit/test_analyzer_writer.h"

#define T0 (100 * 1000000000ull)
#define US 1000ull

static void sw(struct tdw *w, uint64_t us, const char *pc, int pp,
	       int64_t state, const char *nc, int np)
{
	tdw_add_switch(w, 0, T0 + us * US, pc, pp, state, nc, np);
}

/* x and y take turns on one CPU, preempting each other every 100 us for
 * 3 s: every switch-in ends a 100 us wait. */
static char *run_dir(void)
{
	char *dir = strdup("/tmp/test_analyzer_runXXXXXX"), path[256];
	struct tdw *w = tdw_new(1);

	assert_non_null(mkdtemp(dir));
	assert_non_null(w);
	sw(w, 0, "swapper/0", 0, 0, "x", 1);
	for (uint64_t us = 100; us <= 3000000; us += 100)
		if ((us / 100) % 2)
			sw(w, us, "x", 1, 0, "y", 2);
		else
			sw(w, us, "y", 2, 0, "x", 1);
	snprintf(path, sizeof(path), "%s/trace.dat", dir);
	assert_int_equal(tdw_write(w, path), 0);
	return dir;
}

static json_t *load(const char *dir, const char *name)
{
	char path[256];
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	return j;
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
}

static void test_window_and_outputs(void **state)
{
	char *dir = run_dir(), path[256];
	struct sb_error e;
	json_t *j, *total;

	(void)state;
	/* the measured window: [101 s, 102 s] */
	put(dir, "window.json",
	    "{\"start_mono_ns\": 101000000000, \"end_mono_ns\": 102000000000}");
	assert_int_equal(table_for_run(dir, &e), 0);
	j = load(dir, "table.json");
	assert_string_equal(json_string_value(json_object_get(j, "tool")),
			    "slicebench-table");
	assert_string_equal(json_string_value(json_object_get(j, "source")),
			    "trace.dat");
	total = json_object_get(j, "total");
	/* switch-ins at 101.0000 .. 102.0000 s, every 100 us: 10001 */
	assert_int_equal(json_integer_value(json_object_get(total, "switches")),
			 10001);
	assert_true(json_real_value(json_object_get(total, "max_delay_ms")) ==
		    0.1);
	assert_int_equal(json_array_size(json_object_get(total, "intervals")),
			 1);
	assert_int_equal(
		json_integer_value(json_object_get(
			json_array_get(json_object_get(total, "intervals"), 0),
			"delays")),
		10001);
	assert_int_equal(json_array_size(json_object_get(j, "groups")), 2);
	json_decref(j);
	snprintf(path, sizeof(path), "%s/table.txt", dir);
	assert_int_equal(access(path, R_OK), 0);
	/* without window.json: the whole trace, 30000 switch-ins + 2 first */
	snprintf(path, sizeof(path), "%s/window.json", dir);
	unlink(path);
	assert_int_equal(table_for_run(dir, &e), 0);
	j = load(dir, "table.json");
	total = json_object_get(j, "total");
	assert_int_equal(json_integer_value(json_object_get(total, "switches")),
			 30001);
	json_decref(j);
	assert_int_equal(sb_rm_rf(dir), 0);
	free(dir);
}

static void test_bad_inputs(void **state)
{
	char *dir = run_dir(), path[256];
	struct sb_error e;

	(void)state;
	put(dir, "window.json", "{\"start_mono_ns\": 5}");
	assert_int_equal(table_for_run(dir, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "window.json"));
	put(dir, "window.json", "not json");
	assert_int_equal(table_for_run(dir, &e), -EINVAL);
	snprintf(path, sizeof(path), "%s/trace.dat", dir);
	unlink(path);
	assert_int_equal(table_for_run(dir, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "no trace.dat or perf.data"));
	assert_int_equal(sb_rm_rf(dir), 0);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window_and_outputs),
		cmocka_unit_test(test_bad_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
