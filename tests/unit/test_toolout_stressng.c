// SPDX-License-Identifier: GPL-2.0
/* Unit tests: stress-ng's --yaml output (canned from Debian's stress-ng 0.15.06) is read, a cut-short or garbled one is refused. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/toolout_fixture.h"
#include "workloads/toolout/stressng.h"

static struct sng_result res;

/* The reader under test (tests/unit/toolout_fixture.h). */
static int toolout_read(const char *text, const char *from, struct sb_error *e)
{
	return sng_parse(text, from, &res, e);
}

static void pipe_and_switch(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("stress-ng-pipe-switch.yaml"), 0);
	assert_int_equal(res.n, 2);
	assert_string_equal(res.s[0].name, "pipe");
	assert_float_equal(res.s[0].bogo_ops, 553851, 0);
	assert_float_equal(res.s[0].ops_per_s_real, 276736.337965, 1e-6);
	assert_float_equal(res.s[0].ops_per_s_usr_sys, 188388.987096, 1e-6);
	assert_float_equal(res.s[0].wall_s, 2.001367, 1e-9);
	assert_float_equal(res.s[0].user_s, 0.851066, 1e-9);
	assert_float_equal(res.s[0].system_s, 2.088867, 1e-9);
	assert_string_equal(res.s[1].name, "switch");
	assert_float_equal(res.s[1].ops_per_s_real, 28242.723719, 1e-6);
}

/* --metrics (not -brief) writes the same entry. */
static void full_metrics(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("stress-ng-pipe.yaml"), 0);
	assert_int_equal(res.n, 1);
	assert_float_equal(res.s[0].ops_per_s_real, 424757.567703, 1e-6);
}

static void truncated_names_tool_file_and_field(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("stress-ng-truncated.yaml"), -EINVAL);
	assert_non_null(strstr(err.msg, "stress-ng: "));
	assert_non_null(strstr(err.msg, path));
	assert_non_null(strstr(err.msg, "stressor switch: no "
					"bogo-ops-per-second-real-time"));
}

static void without_metrics(void **state)
{
	(void)state;
	assert_int_equal(parse_fixture("stress-ng-no-metrics.yaml"), -EINVAL);
	assert_non_null(strstr(err.msg, "no \"metrics:\" section"));
}

#define PIPE                                          \
	"    - stressor: pipe\n"                      \
	"      bogo-ops: 10\n"                        \
	"      bogo-ops-per-second-usr-sys-time: 4\n" \
	"      bogo-ops-per-second-real-time: 5\n"    \
	"      wall-clock-time: 2\n"                  \
	"      user-time: 1\n"                        \
	"      system-time: 1.5\n"
#define ENTRY_PIPE "metrics:\n" PIPE

static void garbled(void **state)
{
	(void)state;
	/* cut between two entries: only the end marker tells */
	assert_int_equal(parse_text("---\n" ENTRY_PIPE "\n"), -EINVAL);
	assert_string_equal(err.msg, "stress-ng: out: no end-of-document "
				     "\"...\" line (output cut short?)");
	assert_int_equal(parse_text(ENTRY_PIPE "...\n"), 0);
	assert_float_equal(res.s[0].system_s, 1.5, 0);
	assert_int_equal(parse_text("metrics:\n...\n"), -EINVAL);
	assert_non_null(strstr(err.msg, "lists no stressor"));
	assert_int_equal(parse_text(ENTRY_PIPE "      user-time: 1x\n...\n"),
			 -EINVAL);
	assert_string_equal(err.msg, "stress-ng: out: stressor pipe: "
				     "user-time: \"1x\" is not a number");
	assert_int_equal(parse_text(ENTRY_PIPE PIPE "...\n"), -EINVAL);
	assert_non_null(strstr(err.msg, "stressor pipe listed twice"));
	assert_int_equal(parse_text(ENTRY_PIPE "   odd\n...\n"), -EINVAL);
	assert_non_null(strstr(err.msg, "unexpected line \"   odd\""));
	assert_int_equal(parse_text(ENTRY_PIPE "      no colon\n...\n"),
			 -EINVAL);
	assert_non_null(strstr(err.msg, "malformed line"));
}

static void too_many_stressors(void **state)
{
	char *text = malloc(64 * 1024), *p = text;

	(void)state;
	p += sprintf(p, "metrics:\n");
	for (int i = 0; i <= SNG_MAX_STRESSORS; i++)
		p += sprintf(p,
			     "    - stressor: s%d\n      bogo-ops: 1\n"
			     "      bogo-ops-per-second-usr-sys-time: 1\n"
			     "      bogo-ops-per-second-real-time: 1\n"
			     "      wall-clock-time: 1\n      user-time: 1\n"
			     "      system-time: 1\n",
			     i);
	sprintf(p, "...\n");
	assert_int_equal(parse_text(text), -E2BIG);
	assert_non_null(strstr(err.msg, "more than 32 stressors"));
	free(text);
}

static void result_json(void **state)
{
	json_t *j, *pipe;

	(void)state;
	assert_int_equal(parse_fixture("stress-ng-pipe-switch.yaml"), 0);
	j = sng_result_json(&res);
	pipe = json_object_get(json_object_get(j, "stressors"), "pipe");
	assert_float_equal(
		json_real_value(json_object_get(pipe, "bogo_ops_per_s_real")),
		276736.337965, 1e-6);
	assert_float_equal(json_real_value(json_object_get(
				   pipe, "bogo_ops_per_s_usr_sys")),
			   188388.987096, 1e-6);
	assert_int_equal(json_object_size(json_object_get(j, "stressors")), 2);
	json_decref(j);
}

/* Instances run together: counts and rates add up, wall time is the longest. */
static void files_of_instances(void **state)
{
	char a[4096], b[4096];
	const char *same[] = {
		fixture_path("stress-ng-pipe-switch.yaml", a, 4096), a
	};
	const char *differ[] = { a,
				 fixture_path("stress-ng-pipe.yaml", b, 4096) };
	json_t *j, *pipe;

	(void)state;
	assert_int_equal(sng_read_files(same, 2, &j, &err), 0);
	pipe = json_object_get(json_object_get(j, "stressors"), "pipe");
	assert_float_equal(json_real_value(json_object_get(pipe, "bogo_ops")),
			   2 * 553851.0, 1e-6);
	assert_float_equal(
		json_real_value(json_object_get(pipe, "bogo_ops_per_s_real")),
		2 * 276736.337965, 1e-6);
	assert_float_equal(
		json_real_value(json_object_get(pipe, "wall_clock_s")),
		2.001367, 1e-9);
	json_decref(j);
	assert_int_equal(sng_read_files(differ, 2, &j, &err), -EINVAL);
	assert_null(j);
	assert_non_null(strstr(err.msg, "not the stressors of the first"));
	differ[1] = "/nonexistent/s.yaml";
	assert_int_equal(sng_read_files(differ, 2, &j, &err), -ENOENT);
	assert_string_equal(err.msg, "stress-ng: /nonexistent/s.yaml: No such "
				     "file or directory");
	assert_int_equal(sng_read_files(differ, 0, &j, &err), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pipe_and_switch),
		cmocka_unit_test(full_metrics),
		cmocka_unit_test(truncated_names_tool_file_and_field),
		cmocka_unit_test(without_metrics),
		cmocka_unit_test(garbled),
		cmocka_unit_test(too_many_stressors),
		cmocka_unit_test(result_json),
		cmocka_unit_test(files_of_instances),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
