// SPDX-License-Identifier: GPL-2.0
/* Unit tests: a bisection's next step, skipped steps, its answer, and the replay of its log. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>

#include "merge/bisect.h"

/*
 * Run a bisection of good..bad where the steps from @first_bad on are bad
 * and those in @skip (a -1 terminated list) cannot decide; the steps tested,
 * in order, go to @tested (-1 terminated). Returns the answer.
 */
static struct bisect_answer simulate(int good, int bad, int first_bad,
				     const int *skip, int *tested)
{
	struct bisect b;
	struct bisect_answer a;
	int n = 0, k;

	assert_int_equal(bisect_init(&b, good, bad), 0);
	while ((k = bisect_next(&b)) >= 0) {
		enum bisect_verdict v = k >= first_bad ? BISECT_BAD :
							 BISECT_GOOD;

		for (const int *s = skip; *s >= 0; s++)
			if (*s == k)
				v = BISECT_SKIP;
		tested[n++] = k;
		assert_int_equal(bisect_record(&b, k, v), 0);
		assert_true(n <= bad - good + 1);
	}
	tested[n] = -1;
	bisect_answer(&b, &a);
	bisect_free(&b);
	return a;
}

/* Eight patches, the third bad: the bad end first, then 4, 2, 3. */
static void test_demo_order(void **state)
{
	static const int none[] = { -1 }, want[] = { 8, 4, 2, 3, -1 };
	int tested[16];
	struct bisect_answer a = simulate(0, 8, 3, none, tested);

	(void)state;
	assert_memory_equal(tested, want, sizeof(want));
	assert_int_equal(a.state, BISECT_FOUND);
	assert_int_equal(a.first, 3);
	assert_int_equal(a.last, 3);
	assert_int_equal(a.last_good, 2);
}

/* Every first bad step of every series up to 16 is found within the expected steps. */
static void test_finds_every_step(void **state)
{
	static const int none[] = { -1 };
	int tested[40];

	(void)state;
	for (int good = -1; good <= 1; good++)
		for (int bad = good + 1; bad <= 16; bad++)
			for (int fb = good + 1; fb <= bad; fb++) {
				struct bisect b;
				struct bisect_answer a =
					simulate(good, bad, fb, none, tested);
				int n = 0;

				while (tested[n] >= 0)
					n++;
				assert_int_equal(bisect_init(&b, good, bad), 0);
				assert_in_range(n, 1,
						bisect_expected_steps(&b));
				bisect_free(&b);
				assert_int_equal(a.state, BISECT_FOUND);
				assert_int_equal(a.first, fb);
			}
}

static void test_expected_steps(void **state)
{
	static const int want[][3] = { { 0, 8, 4 },  { 0, 4, 3 }, { 0, 1, 1 },
				       { -1, 8, 5 }, { 0, 5, 4 }, { 2, 4, 2 } };
	struct bisect b;

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(bisect_init(&b, want[i][0], want[i][1]), 0);
		assert_int_equal(bisect_expected_steps(&b), want[i][2]);
		bisect_free(&b);
	}
}

/* A skipped step: the next one is its nearest untested neighbour. */
static void test_skip_moves_next(void **state)
{
	static const int skip[] = { 4, -1 }, want[] = { 8, 4, 3, 1, 2, -1 };
	int tested[16];
	struct bisect_answer a = simulate(0, 8, 3, skip, tested);

	(void)state;
	assert_memory_equal(tested, want, sizeof(want));
	assert_int_equal(a.state, BISECT_FOUND);
	assert_int_equal(a.first, 3);
}

/* The steps around the first bad one cannot decide: a range, said as such. */
static void test_skips_leave_range(void **state)
{
	static const int skip[] = { 3, 4, -1 };
	int tested[16];
	struct bisect_answer a = simulate(0, 8, 4, skip, tested);

	(void)state;
	assert_int_equal(a.state, BISECT_RANGE);
	assert_int_equal(a.last_good, 2);
	assert_int_equal(a.first, 3);
	assert_int_equal(a.last, 5);
}

/* The bad end is tested alone first; if it does not regress, nothing else is. */
static void test_bad_end_first(void **state)
{
	static const int none[] = { -1 }, skip8[] = { 8, -1 };
	int tested[16];
	struct bisect_answer a = simulate(0, 8, 9, none, tested);

	(void)state;
	assert_int_equal(tested[0], 8);
	assert_int_equal(tested[1], -1);
	assert_int_equal(a.state, BISECT_NO_REGRESSION);
	a = simulate(0, 8, 3, skip8, tested);
	assert_int_equal(tested[1], -1);
	assert_int_equal(a.state, BISECT_BAD_UNDECIDED);
}

/* A named good kernel (position -1): the tree alone may be the first bad. */
static void test_tree_itself_bad(void **state)
{
	static const int none[] = { -1 };
	int tested[16];
	struct bisect_answer a = simulate(-1, 4, 0, none, tested);

	(void)state;
	assert_int_equal(a.state, BISECT_FOUND);
	assert_int_equal(a.first, 0);
}

static void test_bad_input(void **state)
{
	struct bisect b;

	(void)state;
	assert_int_equal(bisect_init(&b, 3, 3), -EINVAL);
	assert_int_equal(bisect_init(&b, -2, 3), -EINVAL);
	assert_int_equal(bisect_init(&b, 0, 4), 0);
	assert_int_equal(bisect_record(&b, 0, BISECT_BAD), -EINVAL);
	assert_int_equal(bisect_record(&b, 5, BISECT_BAD), -EINVAL);
	assert_int_equal(bisect_record(&b, 2, BISECT_UNTESTED), -EINVAL);
	bisect_free(&b);
	assert_int_equal(bisect_verdict_parse("skip"), BISECT_SKIP);
	assert_int_equal(bisect_verdict_parse("maybe"), -1);
	assert_string_equal(bisect_verdict_name(BISECT_BAD), "bad");
}

/* @text as a log file; read back into @log (0 or the reader's error). */
static int load(const char *text, const json_t *settings,
		struct bisect_log *log, struct sb_error *e)
{
	char path[] = "/tmp/sb-bisect-log-XXXXXX";
	int fd = mkstemp(path), r;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	r = bisect_log_load(path, settings, "results/bisect-x", log, e);
	unlink(path);
	return r;
}

/* A log's steps replay into the same state; a step out of turn is named. */
static void test_replay(void **state)
{
	struct sb_error e = { 0 };
	struct bisect_log log;
	struct bisect b;

	(void)state;
	assert_int_equal(load("{\"settings\": {}, \"steps\": [{\"step\": 8, "
			      "\"verdict\": \"bad\"}, {\"step\": 4, "
			      "\"verdict\": \"skip\"}, {\"step\": 3, "
			      "\"verdict\": \"good\", \"build_s\": -1}]}",
			      NULL, &log, &e),
			 0);
	assert_int_equal(log.n_steps, 3);
	assert_int_equal(log.steps[1].verdict, BISECT_SKIP);
	assert_int_equal(log.steps[2].build_s, -1);
	assert_int_equal(bisect_init(&b, 0, 8), 0);
	assert_int_equal(bisect_replay(&b, &log, "log.json", &e), 3);
	assert_int_equal(bisect_next(&b), 5);
	bisect_free(&b);
	bisect_log_free(&log);

	assert_int_equal(load("{\"settings\": {}, \"steps\": [{\"step\": 8, "
			      "\"verdict\": \"bad\"}, {\"step\": 2, "
			      "\"verdict\": \"good\"}]}",
			      NULL, &log, &e),
			 0);
	assert_int_equal(bisect_init(&b, 0, 8), 0);
	assert_int_equal(bisect_replay(&b, &log, "log.json", &e), -EINVAL);
	assert_non_null(strstr(e.msg, "log.json: steps[1]"));
	assert_non_null(strstr(e.msg, "(4)"));
	bisect_free(&b);
	bisect_log_free(&log);
}

/* The rows refuse what no bisection writes, naming path and value. */
static void test_log_refused(void **state)
{
	json_t *mine = json_pack("{s:s}", "good", "a+0");
	struct sb_error e = { 0 };
	struct bisect_log log;

	(void)state;
	assert_int_equal(load("{\"settings\": {}, \"steps\": [{\"step\": 8, "
			      "\"verdict\": \"yes\"}]}",
			      NULL, &log, &e),
			 -EINVAL);
	assert_non_null(strstr(
		e.msg, "steps[0].verdict: \"yes\" is not good, bad or skip"));
	assert_int_equal(load("{\"settings\": {}, \"steps\": [{\"step\": -1, "
			      "\"verdict\": \"bad\"}]}",
			      NULL, &log, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "steps[0].step: -1: must be an integer"));
	assert_int_equal(load("{\"settings\": {}, \"steps\": [], \"triage\": "
			      "[{\"feature\": \"F\", \"verdict\": \"maybe\"}]}",
			      NULL, &log, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "triage[0].verdict: \"maybe\""));
	assert_int_equal(load("{\"steps\": []}", NULL, &log, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "settings: is missing"));
	/* another bisection's log */
	assert_int_equal(load("{\"settings\": {\"good\": \"b+0\"}, "
			      "\"steps\": []}",
			      mine, &log, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "settings: {\"good\": \"b+0\"} a "
				      "bisection with other settings"));
	assert_non_null(strstr(e.msg, "remove results/bisect-x"));
	assert_int_equal(
		load("{\"settings\": {\"good\": \"a+0\"}, "
		     "\"steps\": [], \"triage\": [{\"feature\": "
		     "\"F\", \"verdict\": \"keeps\", \"check_s\": 2.5}]}",
		     mine, &log, &e),
		0);
	assert_int_equal(log.n_triage, 1);
	assert_int_equal(log.triage[0].verdict, BISECT_TRIAGE_KEEPS);
	bisect_log_free(&log);
	json_decref(mine);
}

/*
 * A log written from its structs: keys in the order earlier versions wrote
 * them (a resume of theirs reads it), read back into the same structs.
 */
static void test_log_written(void **state)
{
	struct bisect_log log = { .schema = 1 }, back;
	struct bisect_log_step st = { .step = 8,
				      .verdict = BISECT_BAD,
				      .build_s = -1,
				      .check_exit = 1,
				      .base_runs = 6,
				      .cand_runs = 7,
				      .check_s = 2.5,
				      .interval = { 0, 8 },
				      .commit =
					      "0123456789abcdef0123456789abcdef"
					      "01234567",
				      .subject = "sched: shorter slices" };
	struct bisect_log_triage t = { .feature = "PREEMPT_SHORT",
				       .setting = "NO_PREEMPT_SHORT",
				       .verdict = BISECT_TRIAGE_REMOVES };
	char path[] = "/tmp/sb-bisect-log-XXXXXX", *text;
	struct sb_error e = { 0 };
	int fd = mkstemp(path);
	FILE *f;
	long n;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	snprintf(st.kernel, sizeof(st.kernel), "series+8");
	log.settings = json_pack("{s:s}", "good", "series+0");
	assert_int_equal(bisect_log_add_step(&log, &st), 0);
	assert_int_equal(bisect_log_add_triage(&log, &t), 0);
	assert_int_equal(bisect_log_write(path, &log), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	/* the keys a step had, in the old writer's order */
	assert_non_null(strstr(text, "\"step\": 8,"));
	assert_true(strstr(text, "\"step\"") < strstr(text, "\"kernel\"") &&
		    strstr(text, "\"kernel\"") < strstr(text, "\"build_s\"") &&
		    strstr(text, "\"check_s\"") <
			    strstr(text, "\"interval\"") &&
		    strstr(text, "\"interval\"") < strstr(text, "\"commit\"") &&
		    strstr(text, "\"steps\"") < strstr(text, "\"triage\""));
	free(text);
	assert_int_equal(bisect_log_load(path, log.settings, "results/bisect-x",
					 &back, &e),
			 0);
	unlink(path);
	assert_int_equal(back.n_steps, 1);
	assert_int_equal(back.steps[0].verdict, BISECT_BAD);
	assert_int_equal(back.steps[0].build_s, -1);
	assert_int_equal(back.steps[0].interval[1], 8);
	assert_string_equal(back.steps[0].commit, st.commit);
	assert_string_equal(back.steps[0].subject, st.subject);
	assert_int_equal(back.n_triage, 1);
	assert_string_equal(back.triage[0].setting, "NO_PREEMPT_SHORT");
	assert_true(json_equal(back.settings, log.settings));
	bisect_log_free(&back);
	bisect_log_free(&log);

	/* a refused interval: one line naming the file, field and value */
	assert_int_equal(load("{\"settings\": {}, \"steps\": [{\"step\": 8, "
			      "\"verdict\": \"bad\", \"interval\": [0]}]}",
			      NULL, &back, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "/tmp/sb-bisect-log-"));
	assert_non_null(strstr(e.msg, "steps[0].interval: [0] is not [last "
				      "good, first bad]"));
	assert_null(strchr(e.msg, '\n'));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demo_order),
		cmocka_unit_test(test_finds_every_step),
		cmocka_unit_test(test_expected_steps),
		cmocka_unit_test(test_skip_moves_next),
		cmocka_unit_test(test_skips_leave_range),
		cmocka_unit_test(test_bad_end_first),
		cmocka_unit_test(test_tree_itself_bad),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_log_refused),
		cmocka_unit_test(test_log_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
