// SPDX-License-Identifier: GPL-2.0
/* Unit tests: hackbench's output (canned from Debian's rt-tests 2.4) is read, a cut-short or garbled one is refused. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/toolout_fixture.h"
#include "workloads/toolout/hackbench.h"

static struct hb_result res;

/* The reader under test (tests/unit/toolout_fixture.h). */
static int toolout_read(const char *text, const char *from, struct sb_error *e)
{
	return hb_parse(text, from, &res, e);
}

static void socket_processes(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("hackbench-socket.txt"), 0);
	assert_float_equal(res.time_s, 0.337, 1e-9);
	assert_true(res.have_header);
	assert_string_equal(res.mode, "process");
	assert_int_equal(res.groups, 2);
	assert_int_equal(res.fds_per_group, 40);
	assert_int_equal(res.tasks, 80);
	assert_int_equal(res.messages_per_sender, 100);
	assert_int_equal(res.message_bytes, 100);
}

static void pipe_threads(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("hackbench-pipe-threads.txt"), 0);
	assert_float_equal(res.time_s, 0.022, 1e-9);
	assert_string_equal(res.mode, "threaded");
	assert_int_equal(res.groups, 1);
	assert_int_equal(res.tasks, 20);
}

static void truncated_names_tool_and_file(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("hackbench-truncated.txt"), -EINVAL);
	assert_non_null(strstr(err.msg, "hackbench: "));
	assert_non_null(strstr(err.msg, path));
	assert_non_null(strstr(err.msg, "no \"Time:\" line"));
}

static void garbled(void **state)
{
	(void)state;
	assert_int_equal(parse_text(""), -EINVAL);
	assert_string_equal(err.msg, "hackbench: out: no \"Time:\" line "
				     "(output cut short?)");
	assert_int_equal(parse_text("Time: abc\n"), -EINVAL);
	assert_string_equal(err.msg, "hackbench: out: time is not a number: "
				     "\"Time: abc\"");
	assert_int_equal(parse_text("Time: 1.5 s\n"), -EINVAL);
	assert_int_equal(parse_text("Time: -1.0\n"), -EINVAL);
	assert_int_equal(parse_text("Running in process mode with x groups\n"
				    "Time: 1.0\n"),
			 -EINVAL);
	assert_non_null(strstr(err.msg, "malformed header line"));
}

/* The last figure needs no header; the document carries what was read. */
static void bare_time_and_json(void **state)
{
	json_t *j;

	(void)state;
	assert_int_equal(parse_text("Time: 12.250\n"), 0);
	assert_false(res.have_header);
	j = hb_result_json(&res);
	assert_float_equal(json_real_value(json_object_get(j, "time_s")), 12.25,
			   1e-9);
	assert_null(json_object_get(j, "groups"));
	json_decref(j);
	assert_int_equal(parse_fixture("hackbench-socket.txt"), 0);
	j = hb_result_json(&res);
	assert_int_equal(json_integer_value(json_object_get(j, "tasks")), 80);
	assert_string_equal(json_string_value(json_object_get(j, "mode")),
			    "process");
	json_decref(j);
}

/* Instances started together: the workload took as long as the slowest. */
static void files_of_instances(void **state)
{
	char a[4096], b[4096], c[4096];
	const char *two[] = { fixture_path("hackbench-socket.txt", a, 4096),
			      fixture_path("hackbench-pipe-threads.txt", b,
					   4096) };
	const char *cut[] = { a, fixture_path("hackbench-truncated.txt", c,
					      4096) };
	json_t *j;

	(void)state;
	assert_int_equal(hb_read_files(two, 1, &j, &err), 0);
	assert_float_equal(json_real_value(json_object_get(j, "time_s")), 0.337,
			   1e-9);
	assert_null(json_object_get(j, "instances"));
	json_decref(j);
	assert_int_equal(hb_read_files(two, 2, &j, &err), 0);
	assert_float_equal(json_real_value(json_object_get(j, "time_s")), 0.337,
			   1e-9);
	assert_int_equal(json_array_size(json_object_get(j, "instances")), 2);
	json_decref(j);
	assert_int_equal(hb_read_files(cut, 2, &j, &err), -EINVAL);
	assert_null(j);
	assert_non_null(strstr(err.msg, c));
	cut[1] = "/nonexistent/hb.txt";
	assert_int_equal(hb_read_files(cut, 2, &j, &err), -ENOENT);
	assert_string_equal(err.msg, "hackbench: /nonexistent/hb.txt: No such "
				     "file or directory");
	assert_int_equal(hb_read_files(cut, 0, &j, &err), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(socket_processes),
		cmocka_unit_test(pipe_threads),
		cmocka_unit_test(truncated_names_tool_and_file),
		cmocka_unit_test(garbled),
		cmocka_unit_test(bare_time_and_json),
		cmocka_unit_test(files_of_instances),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
