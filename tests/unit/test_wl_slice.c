// SPDX-License-Identifier: GPL-2.0
/* Unit tests of workloads/lib/slice: the clamp mirror, names, JSON section. */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "workloads/lib/slice.h"

static void test_clamp_mirrors_kernel(void **state)
{
	static const struct {
		uint64_t in, out;
		int clamped;
	} cases[] = {
		{ 0, 0, 0 }, /* the default slice */
		{ 1, 100000, 1 },
		{ 10, 100000, 1 }, /* host 6.18 reads back 100000 */
		{ 99999, 100000, 1 },
		{ 100000, 100000, 0 },
		{ 500000, 500000, 0 },
		{ 3000000, 3000000, 0 },
		{ 100000000, 100000000, 0 },
		{ 100000001, 100000000, 1 },
		{ 1000000000, 100000000, 1 }, /* host reads back 100000000 */
		{ UINT64_MAX, 100000000, 1 },
	};
	int clamped;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		clamped = -1;
		assert_int_equal(sb_slice_clamp(cases[i].in, &clamped),
				 cases[i].out);
		assert_int_equal(clamped, cases[i].clamped);
	}
	assert_int_equal(sb_slice_clamp(5, NULL), SB_SLICE_MIN_NS);
}

static void test_attr_layout(void **state)
{
	(void)state;
	/* SCHED_ATTR_SIZE_VER1 of the kernel's uapi. */
	assert_int_equal(sizeof(struct wl_sched_attr), 56);
	assert_int_equal(offsetof(struct wl_sched_attr, sched_runtime), 24);
}

static void test_policy_names(void **state)
{
	(void)state;
	assert_string_equal(wl_policy_name(SCHED_OTHER), "SCHED_OTHER");
	assert_string_equal(wl_policy_name(SCHED_BATCH), "SCHED_BATCH");
	assert_string_equal(wl_policy_name(SCHED_FIFO), "SCHED_FIFO");
	assert_string_equal(wl_policy_name(6), "SCHED_DEADLINE");
	assert_string_equal(wl_policy_name(42), "SCHED_42");
}

static void test_json_section(void **state)
{
	struct wl_slice_info in = { .policy = SCHED_BATCH,
				    .requested = 1,
				    .requested_ns = 10,
				    .applied_ns = 100000,
				    .clamped = 1,
				    .effective_known = 1,
				    .effective_ns = 100000 };
	json_t *j;

	(void)state;
	j = wl_slice_to_json(&in);
	assert_string_equal(json_string_value(json_object_get(j, "policy")),
			    "SCHED_BATCH");
	assert_int_equal(json_integer_value(json_object_get(j, "requested_ns")),
			 10);
	assert_int_equal(json_integer_value(json_object_get(j, "applied_ns")),
			 100000);
	assert_true(json_is_true(json_object_get(j, "clamped")));
	assert_int_equal(json_integer_value(json_object_get(j, "effective_ns")),
			 100000);
	assert_int_equal(json_object_size(j), 5);
	json_decref(j);

	/* No request, kernel that reports nothing: nulls, not zeros. */
	memset(&in, 0, sizeof(in));
	j = wl_slice_to_json(&in);
	assert_true(json_is_null(json_object_get(j, "requested_ns")));
	assert_true(json_is_null(json_object_get(j, "applied_ns")));
	assert_true(json_is_false(json_object_get(j, "clamped")));
	assert_true(json_is_null(json_object_get(j, "effective_ns")));
	json_decref(j);
}

static void test_query_self(void **state)
{
	struct wl_slice_info in;

	(void)state;
	/* Works on any kernel with sched_getattr (3.14+). */
	assert_int_equal(wl_slice_query(0, &in), 0);
	assert_false(in.requested);
	assert_true(in.nice >= -20 && in.nice <= 19);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clamp_mirrors_kernel),
		cmocka_unit_test(test_attr_layout),
		cmocka_unit_test(test_policy_names),
		cmocka_unit_test(test_json_section),
		cmocka_unit_test(test_query_self),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
