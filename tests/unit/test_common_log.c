// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the one logger (redirect, levels, default streams) and the error record. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "common/log.h"

struct captured {
	int n;
	enum sb_log_level level;
	char line[128];
};

static void capture(enum sb_log_level level, const char *line, void *ctx)
{
	struct captured *c = ctx;

	c->n++;
	c->level = level;
	snprintf(c->line, sizeof(c->line), "%s", line);
}

static void test_log_redirect(void **state)
{
	struct captured c = { 0 };

	(void)state;
	sb_log_set(capture, &c);
	sb_warn("slice %d clamped", 50);
	assert_int_equal(c.n, 1);
	assert_int_equal(c.level, SB_LOG_WARN);
	assert_string_equal(c.line, "slice 50 clamped");
	sb_progress("unit %s: complete", "a/b/1");
	assert_int_equal(c.n, 2);
	assert_int_equal(c.level, SB_LOG_PROGRESS);
	assert_string_equal(c.line, "unit a/b/1: complete");
	sb_log_set(NULL, NULL);
}

/* Without a sink: progress on stdout, notes and warnings on stderr, one line each. */
static void test_log_default_streams(void **state)
{
	char out[64] = "", err[64] = "";
	FILE *o = tmpfile(), *e = tmpfile();
	int so = dup(STDOUT_FILENO), se = dup(STDERR_FILENO);

	(void)state;
	assert_non_null(o);
	assert_non_null(e);
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(o), STDOUT_FILENO);
	dup2(fileno(e), STDERR_FILENO);
	sb_progress("p%d", 1);
	sb_note("n");
	sb_warn("w");
	fflush(stdout);
	fflush(stderr);
	dup2(so, STDOUT_FILENO);
	dup2(se, STDERR_FILENO);
	close(so);
	close(se);
	rewind(o);
	rewind(e);
	assert_int_equal(fread(out, 1, sizeof(out) - 1, o), 3);
	assert_int_equal(fread(err, 1, sizeof(err) - 1, e), 4);
	assert_string_equal(out, "p1\n");
	assert_string_equal(err, "n\nw\n");
	fclose(o);
	fclose(e);
}

static void test_error_record(void **state)
{
	char longname[300];
	struct sb_error e;

	(void)state;
	assert_int_equal(sb_error_set(&e, -EINVAL, "s.json",
				      "workloads[0].slice", "\"x\"",
				      "not a duration"),
			 -EINVAL);
	assert_int_equal(e.code, -EINVAL);
	assert_string_equal(e.file, "s.json");
	assert_string_equal(e.path, "workloads[0].slice");
	assert_string_equal(e.value, "\"x\"");
	assert_string_equal(
		e.msg, "s.json: workloads[0].slice: \"x\": not a duration");
	sb_error_set(&e, -ENOPKG, NULL, "", NULL, "%s not on PATH", "sbatch");
	assert_string_equal(e.msg, "sbatch not on PATH");
	assert_int_equal(e.file[0], '\0');
	assert_int_equal(sb_error_set(NULL, -EIO, "f", NULL, NULL, "x"), -EIO);
	/* a file name longer than its field is whole in the message */
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	sb_error_set(&e, -EBADMSG, longname, NULL, NULL, "cut short");
	assert_int_equal(strlen(e.msg), sizeof(longname) - 1 + 11);
	assert_int_equal(strlen(e.file), sizeof(e.file) - 1);
}

static void test_exit_code(void **state)
{
	(void)state;
	assert_int_equal(sb_exit_code(0), SB_EXIT_OK);
	assert_int_equal(sb_exit_code(-EINVAL), SB_EXIT_USAGE);
	assert_int_equal(sb_exit_code(-EBADMSG), SB_EXIT_USAGE);
	assert_int_equal(sb_exit_code(-ENOENT), SB_EXIT_UNMEASURED);
	assert_int_equal(sb_exit_code(-ENOPKG), SB_EXIT_UNMEASURED);
	assert_int_equal(sb_exit_code(-EIO), SB_EXIT_UNMEASURED);
	assert_int_equal(sb_exit_code(-ENOMEM), SB_EXIT_UNMEASURED);
	assert_int_equal(sb_env_errno(-EINVAL), -EIO);
	assert_int_equal(sb_env_errno(-ERANGE), -EIO);
	assert_int_equal(sb_env_errno(-ENOSPC), -ENOSPC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log_redirect),
		cmocka_unit_test(test_log_default_streams),
		cmocka_unit_test(test_error_record),
		cmocka_unit_test(test_exit_code),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
