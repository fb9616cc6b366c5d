// SPDX-License-Identifier: GPL-2.0
/* A kernel build's progress lines: the wording, the ETA, and a stand-in make whose log they count while it runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/atomicio.h"
#include "common/log.h"
#include "common/spawn.h"
#include "harness/boot/build_progress.h"

static void test_line_words(void **state)
{
	char l[256];

	(void)state;
	build_progress_line(l, sizeof(l), 500, 2000, 150);
	/* 500 in 150 s: the 1500 left at that rate take 450 s */
	assert_string_equal(l, "500 of 2000 files compiled (25 %), 2 min 30 s, "
			       "about 7 min 30 s left");
	build_progress_line(l, sizeof(l), 0, 2000, 20);
	assert_string_equal(l, "0 of 2000 files compiled, 20 s");
	build_progress_line(l, sizeof(l), 2100, 2000, 61);
	assert_string_equal(l, "2100 files compiled (the last build of this "
			       "config compiled 2000), 1 min 01 s");
	build_progress_line(l, sizeof(l), 42, 0, 5);
	assert_string_equal(l, "42 files compiled, 5 s (no earlier build of "
			       "this config to say how many are left)");
}

static void test_count_kept(void **state)
{
	char dir[] = "/tmp/sb-progress-XXXXXX", file[64];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/compiled", dir);
	assert_int_equal(build_progress_expect(file), 0);
	assert_int_equal(build_progress_save(file, 2345), 0);
	assert_int_equal(build_progress_expect(file), 2345);
	unlink(file);
	rmdir(dir);
}

struct lines {
	int progress, named, of_ten, built;
	char last[256];
};

static void capture(enum sb_log_level level, const char *line, void *ctx)
{
	struct lines *c = ctx;

	if (level == SB_LOG_PROGRESS) {
		c->progress++;
		c->named +=
			!strncmp(line, "kernel patched: make bzImage: ", 30);
		c->of_ten += strstr(line, " of 10 files compiled") != NULL;
	}
	if (level == SB_LOG_NOTE && strstr(line, "built in"))
		c->built++;
	snprintf(c->last, sizeof(c->last), "%s", line);
}

/*
 * A stand-in for make bzImage: ten kbuild lines 60 ms apart among others,
 * ticked every 100 ms: progress lines while it runs, the earlier steps'
 * lines in the log not counted, then "built in" with all ten.
 */
static void test_stand_in_build(void **state)
{
	char dir[] = "/tmp/sb-progress-XXXXXX", log[64];
	const char *argv[] = {
		"sh", "-c",
		"for i in 1 2 3 4 5 6 7 8 9 10; do echo \"  CC      f$i.o\"; "
		"echo \"  LD      x$i\"; sleep 0.06; done",
		NULL
	};
	static const char earlier[] = "  CC      tinyconfig-tool.o\n";
	struct build_progress p;
	struct lines c = { 0 };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(log, sizeof(log), "%s/build.log", dir);
	assert_int_equal(sb_write_file_atomic(log, earlier, strlen(earlier)),
			 0);
	sb_log_set(capture, &c);
	build_progress_start(&p, "patched", log, 10);
	assert_int_equal(sb_run_ticking(&(struct sb_spawn){ .argv = argv,
							    .stdout_path = log,
							    .append = 1 },
					10LL * 1000000000LL, 100000000LL,
					build_progress_tick, &p),
			 0);
	assert_int_equal(build_progress_end(&p), 10);
	sb_log_set(NULL, NULL);
	assert_true(c.progress >= 3);
	assert_int_equal(c.named, c.progress);
	assert_true(c.of_ten >= 1); /* the last may come with all ten done */
	assert_int_equal(c.built, 1);
	assert_non_null(strstr(c.last, "kernel patched: built in 0 s (10 "
				       "files compiled)"));
	unlink(log);
	rmdir(dir);
}

/* No tick: sb_run_ticking is sb_run (exit code passed on). */
static void test_no_tick(void **state)
{
	const char *argv[] = { "sh", "-c", "exit 3", NULL };

	(void)state;
	assert_int_equal(sb_run_ticking(&(struct sb_spawn){ .argv = argv },
					10LL * 1000000000LL, 0, NULL, NULL),
			 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_words),
		cmocka_unit_test(test_count_kept),
		cmocka_unit_test(test_stand_in_build),
		cmocka_unit_test(test_no_tick),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
