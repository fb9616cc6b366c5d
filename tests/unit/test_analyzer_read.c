// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the analyzer readers: perf script lines, times, corrupt and truncated files. */
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

#include "analyzer/sbt_read.h"
#include "tests/unit/perf_script_line.h"
#include "common/exitcodes.h"
#include "tests/unit/trace_analyze.h"

/* @line parsed: one event of @type (its strings point into @line). */
static struct sbt_event parsed(char *line, enum sbt_ev_type type)
{
	struct sbt_event ev;

	assert_int_equal(sbt_parse_perf_line(line, &ev), 1);
	assert_int_equal(ev.type, type);
	return ev;
}

static void test_switch_line(void **state)
{
	char line[] = "  7453 [001]   519.206351191:       sched:sched_switch: "
		      "prev_comm=Web Content prev_pid=7453 prev_prio=120 "
		      "prev_state=R+ ==> next_comm=kworker/1:0 next_pid=25 "
		      "next_prio=120\n";
	struct sbt_event ev = parsed(line, SBT_EV_SWITCH);

	(void)state;
	assert_int_equal(ev.cpu, 1);
	assert_int_equal(ev.ts_ns, 519206351191ull);
	assert_int_equal(ev.pid, 7453);
	assert_string_equal(ev.comm, "Web Content");
	assert_int_equal(ev.prev_state, SBT_STATE_PREEMPTED);
	assert_int_equal(ev.next_pid, 25);
	assert_string_equal(ev.next_comm, "kworker/1:0");
}

static void test_task_lines(void **state)
{
	char wake[] = " 7499 [001]   519.168047125:       sched:sched_waking: "
		      "comm=kdamond.0 pid=81 prio=120 target_cpu=001";
	char mig[] = "   18 [000]   519.091559000: sched:sched_migrate_task: "
		     "comm=perf pid=7421 prio=120 orig_cpu=0 dest_cpu=1";
	char fork[] = "   -1 [000]   1.5: sched:sched_process_fork: comm=sh "
		      "pid=10 child_comm=sh child_pid=11";
	char exec[] = "   11 [000]   2.000000001: sched:sched_process_exec: "
		      "filename=/usr/bin/massive_intr pid=11 old_pid=11";
	char sleep[] = " 8270 [001]   557.255016178:       sched:sched_switch: "
		       "prev_comm=a prev_pid=8270 prev_prio=120 prev_state=S|D "
		       "==> next_comm=b next_pid=8226 next_prio=120";
	struct sbt_event ev;

	(void)state;
	ev = parsed(wake, SBT_EV_WAKING);
	assert_int_equal(ev.pid, 81);
	assert_string_equal(ev.comm, "kdamond.0");
	assert_int_equal(ev.target_cpu, 1);
	ev = parsed(mig, SBT_EV_MIGRATE);
	assert_int_equal(ev.target_cpu, 1);
	ev = parsed(fork, SBT_EV_FORK);
	assert_int_equal(ev.pid, 10);
	assert_int_equal(ev.child_pid, 11);
	assert_int_equal(ev.ts_ns, 1500000000ull);
	ev = parsed(exec, SBT_EV_EXEC);
	assert_string_equal(ev.comm, "massive_intr");
	ev = parsed(sleep, SBT_EV_SWITCH);
	assert_true(ev.prev_state & SBT_STATE_MASK);
}

/* Lines skipped (0) and refused (-EINVAL). */
static void test_skipped_and_bad_lines(void **state)
{
	static const struct {
		const char *line;
		int rc;
	} cases[] = {
		{ " 1 [000] 1.0: sched:sched_stat_runtime: comm=a pid=1 "
		  "runtime=5 [ns]",
		  0 },
		{ "'trace' not valid for hardware events. Ignoring.", 0 },
		{ " 1 [zz] 1.0: sched:sched_switch: prev_comm=a", -EINVAL },
		{ " 1 [000] 1.0: sched:sched_switch: prev_comm=a "
		  "prev_pid=x prev_state=R ==> next_comm=b next_pid=2",
		  -EINVAL },
		{ " 1 [000] 1.0x: sched:sched_waking: comm=a pid=1", -EINVAL },
	};
	struct sbt_event ev;
	char line[256];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(line, sizeof(line), "%s", cases[i].line);
		assert_int_equal(sbt_parse_perf_line(line, &ev), cases[i].rc);
	}
}

static void test_seconds(void **state)
{
	static const struct {
		const char *text;
		int rc;
		uint64_t ns;
	} cases[] = {
		{ "1234.567890", 0, 1234567890000ull },
		{ "12", 0, 12000000000ull },
		{ ".5", 0, 500000000ull },
		{ "1.0000000019", 0, 1000000001ull },
		{ "", -EINVAL, 0 },
		{ "1s", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "99999999999999999999", -EINVAL, 0 },
	};
	uint64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(sbt_parse_seconds(cases[i].text, &ns),
				 cases[i].rc);
		if (!cases[i].rc)
			assert_int_equal(ns, cases[i].ns);
	}
}

/* Write @len bytes of @head then @fill zero bytes into a temp file. */
static char *tmp_trace(const void *head, size_t len, size_t fill)
{
	char *path = strdup("/tmp/test_analyzer_readXXXXXX");
	int fd = mkstemp(path);
	char zero[256] = { 0 };

	assert_true(fd >= 0);
	assert_int_equal(write(fd, head, len), (ssize_t)len);
	for (; fill; fill -= fill > sizeof(zero) ? sizeof(zero) : fill)
		assert_true(write(fd, zero,
				  fill > sizeof(zero) ? sizeof(zero) : fill) >
			    0);
	close(fd);
	return path;
}

static void test_corrupt_files(void **state)
{
	static const char tracedat[] = "\x17\x08\x44tracing6\0\0\0\0\x04";
	uint64_t perf[13] = { 0 };
	struct sb_error e;
	char *p;

	(void)state;
	/* trace.dat magic, then garbage */
	p = tmp_trace(tracedat, sizeof(tracedat), 3000);
	assert_int_equal(trace_analyze(p, 0, NULL, &e), SB_EXIT_USAGE);
	assert_non_null(strstr(e.msg, p));
	unlink(p);
	free(p);
	/* perf.data whose data section runs past the end of the file */
	memcpy(perf, "PERFILE2", 8);
	perf[1] = 104;
	perf[5] = 4096;
	perf[6] = 1 << 20;
	p = tmp_trace(perf, sizeof(perf), 4096);
	assert_int_equal(trace_analyze(p, 0, NULL, &e), SB_EXIT_USAGE);
	assert_non_null(strstr(e.msg, "truncated"));
	unlink(p);
	free(p);
	/* neither format */
	p = tmp_trace("hello world", 11, 0);
	assert_int_equal(trace_analyze(p, 0, NULL, &e), SB_EXIT_USAGE);
	unlink(p);
	free(p);
	assert_int_equal(trace_analyze("/nonexistent/trace.dat", 0, NULL, &e),
			 SB_EXIT_USAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_switch_line),
		cmocka_unit_test(test_task_lines),
		cmocka_unit_test(test_skipped_and_bad_lines),
		cmocka_unit_test(test_seconds),
		cmocka_unit_test(test_corrupt_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
