// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the workload document (shape per docs/formats.md) and schedstat parsing. */
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/exitcodes.h"
#include "common/opts.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/schedstat.h"

static void test_document_shape(void **state)
{
	static const char *const keys[] = {
		"schema", "tool",	 "version",   "command_line",
		"uname",  "start_time",	 "end_time",  "status",
		"slice",  "duration_ns", "warmup_ns", "result",
	};
	char *argv[] = { "cyclic", "--slice", "500us", NULL };
	struct wl_slice_info si = { .policy = SCHED_OTHER,
				    .requested = 1,
				    .requested_ns = 500000,
				    .applied_ns = 500000,
				    .effective_known = 1,
				    .effective_ns = 500000 };
	char path[] = "/tmp/test_wl_doc.XXXXXX";
	json_t *doc, *back, *cmd;
	json_error_t jerr;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	doc = wl_doc_new("cyclic", 3, argv);
	wl_doc_finish(doc, &si, 3000000000ULL, 500000000ULL,
		      json_pack("{s:i}", "threads_n", 2), "interrupted");
	assert_int_equal(wl_doc_write(doc, path), 0);
	json_decref(doc);

	back = json_load_file(path, 0, &jerr);
	assert_non_null(back);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		assert_non_null(json_object_get(back, keys[i]));
	assert_int_equal(json_integer_value(json_object_get(back, "schema")),
			 1);
	assert_string_equal(json_string_value(json_object_get(back, "tool")),
			    "cyclic");
	assert_string_equal(json_string_value(json_object_get(back, "status")),
			    "interrupted");
	cmd = json_object_get(back, "command_line");
	assert_int_equal(json_array_size(cmd), 3);
	assert_string_equal(json_string_value(json_array_get(cmd, 2)), "500us");
	assert_int_equal(
		json_integer_value(json_object_get(back, "duration_ns")),
		3000000000LL);
	assert_int_equal(json_integer_value(json_object_get(back, "warmup_ns")),
			 500000000LL);
	assert_int_equal(json_integer_value(
				 json_object_get(json_object_get(back, "slice"),
						 "effective_ns")),
			 500000);
	assert_int_equal(json_integer_value(json_object_get(
				 json_object_get(back, "result"), "threads_n")),
			 2);
	json_decref(back);
	unlink(path);
}

static void test_write_to_missing_dir_fails(void **state)
{
	json_t *doc = json_object();

	(void)state;
	assert_true(wl_doc_write(doc, "/nonexistent-dir/x.json") < 0);
	json_decref(doc);
}

/* A generator's start: the parse's exit, --check-args, else its document. */
static void test_start(void **state)
{
	char *argv[] = { "spin_example", "--check-args" };
	struct wl_common c = { 0 };
	json_t *before = json_object(), *doc = before;

	(void)state;
	assert_int_equal(wl_doc_start(SB_EXIT_USAGE, &c, "spin_example", 2,
				      argv, &doc),
			 SB_EXIT_USAGE);
	assert_null(doc); /* nothing to free on the way out */
	json_decref(before);
	assert_int_equal(wl_doc_start(SB_EXIT_OK, &c, "spin_example", 2, argv,
				      &doc),
			 SB_EXIT_OK); /* after --help */
	c.check_args = 1;
	assert_int_equal(wl_doc_start(SB_CLI_CONTINUE, &c, "spin_example", 2,
				      argv, &doc),
			 SB_EXIT_OK);
	assert_null(doc);
	c.check_args = 0;
	assert_int_equal(wl_doc_start(SB_CLI_CONTINUE, &c, "spin_example", 2,
				      argv, &doc),
			 SB_CLI_CONTINUE);
	assert_non_null(doc);
	assert_string_equal(json_string_value(json_object_get(doc, "tool")),
			    "spin_example");
	assert_int_equal(json_array_size(json_object_get(doc, "command_line")),
			 2);
	json_decref(doc);
}

static void test_schedstat_parse(void **state)
{
	struct wl_schedstat s;
	json_t *j;

	(void)state;
	assert_int_equal(wl_schedstat_parse("2480000000 12345 310\n", &s), 0);
	assert_int_equal(s.run_ns, 2480000000ULL);
	assert_int_equal(s.run_delay_ns, 12345);
	assert_int_equal(s.timeslices, 310);
	assert_int_equal(wl_schedstat_parse("1 2\n", &s), -EINVAL);
	assert_int_equal(wl_schedstat_parse("1 2 3 4\n", &s), -EINVAL);
	assert_int_equal(wl_schedstat_parse("x y z", &s), -EINVAL);
	j = wl_schedstat_to_json(&(struct wl_schedstat){ 1, 2, 3 });
	assert_int_equal(json_integer_value(json_object_get(j, "run_delay_ns")),
			 2);
	assert_int_equal(json_object_size(j), 3);
	json_decref(j);
}

static void test_schedstat_read_self(void **state)
{
	struct wl_schedstat s;

	(void)state;
	assert_int_equal(wl_schedstat_read(0, &s), 0);
	assert_true(s.run_ns > 0);
	assert_true(s.timeslices > 0);
	assert_int_equal(wl_schedstat_read(getpid(), &s), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document_shape),
		cmocka_unit_test(test_write_to_missing_dir_fails),
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_schedstat_parse),
		cmocka_unit_test(test_schedstat_read_self),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
