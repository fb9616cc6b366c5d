// SPDX-License-Identifier: GPL-2.0
/*
 * The trace.dat and perf.data readers on files written by
 * tests/unit/test_analyzer_writer.c: hand-computed delays across CPUs, a
 * time extend, lost events, truncated and corrupt files, refused kinds. `test_analyzer_tracedat --write FILE` writes the file;
 * `--convert PERF_SCRIPT_TEXT FILE` writes perf script output as a trace.dat.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyzer/host_formats.h"
#include "analyzer/perfdata_file.h"
#include "analyzer/sbt_read.h"
#include "tests/unit/perf_script_line.h"
#include "analyzer/sbt_table.h"
#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "tests/unit/test_analyzer_writer.h"
#include "tests/unit/trace_analyze.h"

#define US 1000ull
#define T0 (5000 * 1000000000ull) /* the trace starts at 5000 s */

static void sw(struct tdw *w, int cpu, uint64_t us, const char *pc, int pp,
	       int64_t state, const char *nc, int np)
{
	tdw_add_switch(w, cpu, T0 + us * US, pc, pp, state, nc, np);
}

static void task(struct tdw *w, int cpu, uint64_t us, enum tdw_event e,
		 const char *comm, int pid, int a, int b)
{
	const struct tdw_val v[] = { { comm, 0 },
				     { NULL, pid },
				     { NULL, a },
				     { NULL, b },
				     { NULL, b } };

	tdw_add(w, cpu, T0 + us * US, e, v);
}

/*
 * a (10) runs on CPU 0, forks b (11), which is woken onto CPU 1, runs, execs
 * "hog", sleeps; woken again, migrates to CPU 0 and runs after a preempted
 * (R+) there. Waits: a 0, 400 us, 500 ms; b 80 us, 200 us; c 0.
 */
#define AS_TRACEDAT (~0u) /* write_fixture's @perf: not a perf.data */

static int write_fixture(const char *path, unsigned int perf)
{
	struct tdw *w = tdw_new(2);
	const struct tdw_val fork[] = {
		{ "a", 0 }, { NULL, 10 }, { "a", 0 }, { NULL, 11 }
	};
	const struct tdw_val exec[] = { { "/usr/bin/hog", 0 },
					{ NULL, 11 },
					{ NULL, 11 } };

	if (!w)
		return -1;
	if (perf != AS_TRACEDAT)
		tdw_for_perf(w);
	sw(w, 0, 1000, "swapper/0", 0, 0, "a", 10);
	tdw_add(w, 0, T0 + 1010 * US, TDW_FORK, fork);
	task(w, 0, 1020, TDW_WAKEUP_NEW, "a", 11, 120, 1);
	sw(w, 1, 1100, "swapper/1", 0, 0, "a", 11);
	sw(w, 0, 1200, "a", 10, 0, "c", 12);
	tdw_add(w, 1, T0 + 1300 * US, TDW_EXEC, exec);
	sw(w, 1, 1400, "hog", 11, 1, "swapper/1", 0);
	task(w, 0, 1500, TDW_WAKEUP, "hog", 11, 120, 1);
	task(w, 0, 1550, TDW_MIGRATE, "hog", 11, 120, 1); /* 1 -> 0 */
	sw(w, 0, 1600, "c", 12, 1, "a", 10);
	sw(w, 0, 1700, "a", 10, 0x100, "hog", 11);
	sw(w, 0, 501700, "hog", 11, 1, "a", 10); /* needs a time extend */
	tdw_lost(w, 1);
	sw(w, 1, 2000000, "swapper/1", 0, 0, "c", 12); /* no wakeup seen */
	return perf == AS_TRACEDAT ? tdw_write(w, path) :
				     tdw_write_perf(w, path, perf);
}

static char *fixture_as(unsigned int perf)
{
	char *path = strdup("/tmp/test_analyzer_tracedatXXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(write_fixture(path, perf), 0);
	return path;
}

static char *fixture(void)
{
	return fixture_as(AS_TRACEDAT);
}

static const struct sbt_row *row(const struct sbt_table *t, int pid)
{
	for (size_t i = 0; i < t->ntasks; i++)
		if (t->tasks[i].pid == pid)
			return &t->tasks[i];
	fail_msg("no row for pid %d", pid);
	return NULL;
}

static void check_delays(char *path)
{
	struct sb_error e;
	const struct sbt_row *a, *b, *c;
	struct sbt_table t = { 0 };

	assert_int_equal(trace_analyze(path, 0, &t, &e), 0);
	a = row(&t, 10);
	b = row(&t, 11);
	c = row(&t, 12);
	assert_int_equal(a->switches, 3);
	assert_int_equal(a->max_delay_ns, 500000 * US);
	assert_int_equal(a->max_start_ns, T0 + 1700 * US);
	assert_true(a->sum_delay_ns == 500400 * US);
	assert_string_equal(b->comm, "hog");
	assert_int_equal(b->switches, 2);
	assert_true(b->sum_delay_ns == 280 * US);
	assert_int_equal(b->max_delay_ns, 200 * US);
	assert_int_equal(b->migrations, 1);
	assert_int_equal(b->runtime_ns, 300 * US + 500000 * US);
	assert_int_equal(c->switches, 1);
	assert_int_equal(c->max_delay_ns, 0);
	assert_true(t.sum.lost_events >= 1);
	assert_int_equal(t.sum.events, 13);
	assert_int_equal(t.sum.first_ts_ns, T0 + 1000 * US);
	assert_int_equal(t.ngroups, 3);
	sbt_table_free(&t);
	/* a window from 1650 us: only the waits that end after it */
	assert_int_equal(trace_analyze(path, T0 + 1650 * US, &t, &e), 0);
	assert_int_equal(row(&t, 10)->switches, 1);
	assert_int_equal(row(&t, 11)->switches, 1);
	sbt_table_free(&t);
	unlink(path);
	free(path);
}

static void test_read_delays(void **state)
{
	(void)state;
	check_delays(fixture());
}

/* The same events as a perf.data: records in rounds of a few per CPU, put
 * back in time order by the reader, give the same table; the lost events
 * are PERF_RECORD_LOST (5 of them, on CPU 1). */
static void test_perfdata_delays(void **state)
{
	char *path = fixture_as(0);
	struct sb_error e;
	struct sbt_table t = { 0 };

	(void)state;
	if (trace_analyze(path, 0, &t, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(t.sum.lost_events, 5);
	sbt_table_free(&t);
	check_delays(path);
}

/* Rewrite the stand-in tracefs file of @event under @dir: @grow bytes
 * more (a newline each) or, when 0, its first letter changed. */
static void edit_format(const char *dir, const char *event, int grow)
{
	char path[4200], buf[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/events/sched/%s/format", dir, event);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - (size_t)grow, f);
	fclose(f);
	buf[0] ^= grow ? 0 : 0x20;
	memset(buf + n, '\n', (size_t)grow);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, n + (size_t)grow, f), n + (size_t)grow);
	assert_int_equal(fclose(f), 0);
}

/* A perf.data's formats are the host's when a tracefs shows each of them
 * byte for byte (stand-in here): not when one is longer, changed or
 * missing, nor without a tracefs, nor for a name that leaves it. */
static void test_perfdata_host_formats(void **state)
{
	static const unsigned char escape[] = "name: ..\nID: 1\n";
	char dir[] = "/tmp/sb_tracefs_XXXXXX", path[4200];
	char *file = fixture_as(0);
	struct pd_file f;
	struct sb_error e;
	FILE *f_escape;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(tdw_write_tracefs(dir), 0);
	if (pd_open(&f, file, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(pd_formats_are_hosts(&f, dir), 1);
	edit_format(dir, "sched_wakeup", 1);
	assert_int_equal(pd_formats_are_hosts(&f, dir), 0);
	assert_int_equal(tdw_write_tracefs(dir), 0);
	edit_format(dir, "sched_switch", 0);
	assert_int_equal(pd_formats_are_hosts(&f, dir), 0);
	assert_int_equal(tdw_write_tracefs(dir), 0);
	assert_int_equal(pd_formats_are_hosts(&f, dir), 1);
	snprintf(path, sizeof(path), "%s/events/sched/sched_waking/format",
		 dir);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(pd_formats_are_hosts(&f, dir), 0);
	assert_int_equal(pd_formats_are_hosts(&f, "/nonexistent"), 0);
	snprintf(path, sizeof(path), "%s/events/format", dir);
	f_escape = fopen(path, "w"); /* what "sched/../format" would reach */
	assert_non_null(f_escape);
	fputs((const char *)escape, f_escape);
	assert_int_equal(fclose(f_escape), 0);
	assert_int_equal(
		host_format_same(dir, "sched", escape, sizeof(escape) - 1), 0);
	pd_close(&f);
	assert_int_equal(sb_rm_rf(dir), 0);
	unlink(file);
	free(file);
}

/* pipe mode and compressed files are refused: exit 2, the file named. */
static void test_perfdata_refused(void **state)
{
	static const unsigned int kinds[] = { TDW_PERF_PIPE,
					      TDW_PERF_COMPRESSED };
	static const char *const why[] = { "pipe-mode", "compressed" };
	struct sbt_table t = { 0 };
	struct sb_error e;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		char *path = fixture_as(kinds[i]);

		assert_int_equal(trace_analyze(path, 0, &t, &e), SB_EXIT_USAGE);
		assert_non_null(strstr(e.msg, path));
		assert_non_null(strstr(e.msg, why[i]));
		unlink(path);
		free(path);
	}
}

/* Every cut of the file is exit 2 naming it (@perf: as write_fixture). */
static void check_truncated(unsigned int perf)
{
	char *path = fixture_as(perf);
	struct sb_error e;
	struct sbt_table t = { 0 };
	long size;
	FILE *f = fopen(path, "r+b");

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	for (long cut = 8; cut < size; cut += cut < 600 ? 37 : 1024) {
		assert_int_equal(truncate(path, cut), 0);
		assert_int_equal(trace_analyze(path, 0, &t, &e), SB_EXIT_USAGE);
		assert_non_null(strstr(e.msg, path));
		assert_int_equal(write_fixture(path, perf), 0);
	}
	/* garbage over the event data must not crash the reader */
	f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, -2 * 4096 + 20, SEEK_END);
	for (int i = 0; i < 200; i++)
		fputc(0xa5 ^ i, f);
	fclose(f);
	if (trace_analyze(path, 0, &t, &e) == 0)
		sbt_table_free(&t);
	unlink(path);
	free(path);
}

static void test_truncated_and_corrupt(void **state)
{
	(void)state;
	check_truncated(AS_TRACEDAT);
	check_truncated(0);
}

/* One event parsed by the analyzer's perf script parser, as a record. */
static void add_event(struct tdw *w, const struct sbt_event *ev)
{
	struct tdw_val v[7] = { { ev->comm, 0 },
				{ NULL, ev->pid },
				{ NULL, 120 } };
	enum tdw_event e;

	switch (ev->type) {
	case SBT_EV_SWITCH:
		e = TDW_SWITCH;
		v[3].n = (int64_t)ev->prev_state;
		v[4].s = ev->next_comm;
		v[5].n = ev->next_pid;
		v[6].n = 120;
		break;
	case SBT_EV_WAKEUP:
		e = TDW_WAKEUP;
		v[3].n = ev->target_cpu;
		break;
	case SBT_EV_WAKING:
		e = TDW_WAKING;
		v[3].n = ev->target_cpu;
		break;
	case SBT_EV_WAKEUP_NEW:
		e = TDW_WAKEUP_NEW;
		v[3].n = ev->target_cpu;
		break;
	case SBT_EV_MIGRATE:
		e = TDW_MIGRATE;
		v[3].n = ev->cpu;
		v[4].n = ev->target_cpu;
		break;
	case SBT_EV_FORK:
		e = TDW_FORK;
		v[2].s = ev->comm;
		v[3].n = ev->child_pid;
		break;
	case SBT_EV_EXEC:
		e = TDW_EXEC;
		v[2].n = ev->pid;
		break;
	default:
		e = TDW_EXIT;
		break;
	}
	tdw_add(w, ev->cpu, ev->ts_ns, e, v);
}

/* `perf script -F tid,cpu,time,event,trace --ns` text into a trace.dat
 * with the same scheduler events (for the benchmark). */
static int convert(const char *in, const char *out)
{
	FILE *f = strcmp(in, "-") ? fopen(in, "r") : stdin;
	struct tdw *w = tdw_new(1);
	char *line = NULL;
	size_t cap = 0;

	if (!f || !w) {
		perror(in);
		return 1;
	}
	while (getline(&line, &cap, f) >= 0) {
		struct sbt_event ev;

		if (sbt_parse_perf_line(line, &ev) > 0)
			add_event(w, &ev);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return tdw_write(w, out) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_delays),
		cmocka_unit_test(test_truncated_and_corrupt),
		cmocka_unit_test(test_perfdata_delays),
		cmocka_unit_test(test_perfdata_refused),
		cmocka_unit_test(test_perfdata_host_formats),
	};

	if (argc == 3 && !strcmp(argv[1], "--write"))
		return write_fixture(argv[2], AS_TRACEDAT) ? 1 : 0;
	if (argc == 3 && !strcmp(argv[1], "--write-perf"))
		return write_fixture(argv[2], 0) ? 1 : 0;
	if (argc == 4 && !strcmp(argv[1], "--convert"))
		return convert(argv[2], argv[3]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
