// SPDX-License-Identifier: GPL-2.0
/*
 * Regression found by tests/integration/fault_trace.sh: JSON written with
 * sb_json_dump_atomic (table.json of every run) cut trace timestamps to 10
 * significant digits, so a file disagreed with `slicebench table --json -`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>

#include "common/atomicio.h"

static void test_timestamps_keep_ns(void **state)
{
	static const double values[] = { 3410.660615744, 999999.123456789, 0.1,
					 1e-9, 123456789012.0 };
	char dir[] = "/tmp/sbjsonXXXXXX", path[64];
	json_t *arr = json_array(), *back;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/v.json", dir);
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
		json_array_append_new(arr, json_real(values[i]));
	assert_int_equal(sb_json_dump_atomic(path, arr), 0);
	back = json_load_file(path, 0, NULL);
	assert_non_null(back);
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		double v = json_real_value(json_array_get(back, i));

		/* within a nanosecond, relative to 15 digits for the large */
		assert_true(v - values[i] <= 1e-9 + values[i] * 1e-15);
		assert_true(values[i] - v <= 1e-9 + values[i] * 1e-15);
	}
	json_decref(back);
	json_decref(arr);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timestamps_keep_ns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
