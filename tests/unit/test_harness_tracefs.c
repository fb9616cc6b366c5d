// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs recorder on a stand-in tracefs: start selects the clock, the
 * buffer size and exactly our events and turns tracing on (or only turns
 * it on when armed ahead); stop turns it
 * off and writes a trace.dat from the per-CPU pages that reads as the same
 * table as trace-cmd's file of the same pages (written by
 * tests/unit/test_analyzer_writer.c), without kallsyms.
 */
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
#include "analyzer/sbt_table.h"
#include "common/atomicio.h"
#include "harness/tracefs_rec.h"
#include "tests/unit/test_analyzer_writer.h"
#include "tests/unit/trace_analyze.h"

#define MS 1000000ull
#define T0 (100 * 1000000000ull)

static const char *const events[] = {
	"sched_switch",	      "sched_waking",	    "sched_wakeup",
	"sched_wakeup_new",   "sched_migrate_task", "sched_process_fork",
	"sched_process_exec", "sched_process_exit", NULL,
};

struct fx {
	char dir[64], tracefs[128], ref[128];
};

static void put(const char *dir, const char *name, const void *p, size_t n)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(sb_write_file_atomic(path, p, n), 0);
}

static void get(const struct fx *f, const char *name, char *buf, size_t len)
{
	char path[512], *text;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", f->tracefs, name);
	assert_int_equal(sb_read_file(path, &text, &n), 0);
	snprintf(buf, len, "%s", text);
	free(text);
}

/* @name in the stand-in tracefs reads @want. */
static void expect_file(const struct fx *f, const char *name, const char *want)
{
	char buf[256];

	get(f, name, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

/* A section of the reference file: its size in 8 bytes, then its text. */
static const unsigned char *section(const unsigned char *p, char **text)
{
	uint64_t n;

	memcpy(&n, p, 8);
	*text = strndup((const char *)p + 8, n);
	return p + 8 + n;
}

/*
 * Two CPUs of sched events into the reference trace.dat, and a tracefs
 * holding its headers, the formats and the pages in trace_pipe_raw.
 */
static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	struct tdw *w = tdw_new(2);
	struct sbt_tracedat_layout l;
	struct sb_error e;
	unsigned char *file;
	const unsigned char *p;
	char *text, path[256];
	size_t len;

	snprintf(f->dir, sizeof(f->dir), "/tmp/sb-tfs-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->tracefs, sizeof(f->tracefs), "%s/tracefs", f->dir);
	snprintf(f->ref, sizeof(f->ref), "%s/ref.dat", f->dir);
	for (int i = 0; i < 40; i++) {
		int cpu = i % 2, pid = 100 + cpu;
		uint64_t t = T0 + (uint64_t)i * MS;
		const struct tdw_val v[] = { { "cyclic", 0 },
					     { NULL, pid },
					     { NULL, 120 },
					     { NULL, cpu } };

		tdw_add(w, cpu, t, TDW_WAKING, v);
		tdw_add_switch(w, cpu, t + MS / 4, "swapper", 0, 0, "cyclic",
			       pid);
		tdw_add_switch(w, cpu, t + MS / 2, "cyclic", pid, 1, "swapper",
			       0);
	}
	assert_int_equal(tdw_write(w, f->ref), 0);
	assert_int_equal(tdw_write_tracefs(f->tracefs), 0);
	assert_int_equal(sb_read_file(f->ref, (char **)&file, &len), 0);
	p = section(file + 18 + 12, &text); /* after "header_page" */
	put(f->tracefs, "events/header_page", text, strlen(text));
	free(text);
	section(p + 13, &text);
	put(f->tracefs, "events/header_event", text, strlen(text));
	free(text);
	put(f->tracefs, "saved_cmdlines", "100 cyclic\n", 11);
	/* the files start writes: tracefs has them, a directory does not */
	put(f->tracefs, "trace_clock", "[local] global mono\n", 20);
	put(f->tracefs, "tracing_on", "1\n", 2);
	put(f->tracefs, "set_event", "", 0);
	put(f->tracefs, "buffer_size_kb", "1408\n", 5);
	snprintf(path, sizeof(path), "%s/options", f->tracefs);
	assert_int_equal(sb_mkdir_p(path, 0755), 0);
	put(f->tracefs, "options/record-cmd", "1\n", 2);
	put(f->tracefs, "trace", "", 0);
	for (int i = 0; events[i]; i++) {
		snprintf(path, sizeof(path), "events/sched/%s/enable",
			 events[i]);
		put(f->tracefs, path, "0\n", 2);
	}
	assert_int_equal(sbt_tracedat_layout(f->ref, &l, &e), 0);
	assert_int_equal(l.ncpus, 2);
	for (int cpu = 0; cpu < 2; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d", f->tracefs,
			 cpu);
		assert_int_equal(sb_mkdir_p(path, 0755), 0);
		put(path, "trace_pipe_raw", file + l.off[cpu], l.size[cpu]);
	}
	free(file);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	sb_rm_rf(f->dir);
	free(f);
	return 0;
}

static void assert_same_table(const char *a, const char *b)
{
	struct sbt_table ta = { 0 }, tb = { 0 };
	struct sb_error e;

	assert_int_equal(trace_analyze(a, 0, &ta, &e), 0);
	assert_int_equal(trace_analyze(b, 0, &tb, &e), 0);
	assert_int_equal(ta.ntasks, tb.ntasks);
	assert_true(ta.ntasks >= 2);
	for (size_t i = 0; ta.tasks && tb.tasks && i < tb.ntasks; i++) {
		assert_string_equal(ta.tasks[i].task, tb.tasks[i].task);
		assert_int_equal(ta.tasks[i].switches, tb.tasks[i].switches);
		assert_int_equal(ta.tasks[i].max_delay_ns,
				 tb.tasks[i].max_delay_ns);
		assert_true(ta.tasks[i].sum_delay_ns ==
			    tb.tasks[i].sum_delay_ns);
	}
	sbt_table_free(&ta);
	sbt_table_free(&tb);
}

static void start_stop_write(void **state)
{
	struct fx *f = *state;
	struct tfs_rec *r = malloc(sizeof(*r));
	char path[256];
	struct sb_error e;

	assert_int_equal(tfs_start(r, f->tracefs, f->dir, events, 1024, 0, &e),
			 0);
	expect_file(f, "tracing_on", "1");
	expect_file(f, "trace_clock", "mono");
	expect_file(f, "options/record-cmd", "0");
	expect_file(f, "buffer_size_kb", "1024");
	for (int i = 0; events[i]; i++) {
		snprintf(path, sizeof(path), "events/sched/%s/enable",
			 events[i]);
		expect_file(f, path, "1");
	}
	assert_int_equal(tfs_stop(r, 0, &e), 0);
	assert_int_equal(tfs_stop(r, 0, &e), 0); /* idempotent */
	expect_file(f, "tracing_on", "0");
	expect_file(f, "set_event", "");
	snprintf(path, sizeof(path), "%s/.trace-cpu0", f->dir);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/trace.dat", f->dir);
	assert_same_table(f->ref, path);
	{
		struct sbt_tracedat_layout l;

		assert_int_equal(sbt_tracedat_layout(path, &l, &e), 0);
		assert_int_equal(l.ncpus, 2);
		assert_int_equal(l.off[0] % 4096, 0);
	}
	free(r);
}

/* The same pages left as parts (a guest) and assembled (the host): the
 * same trace.dat byte for byte, and no parts left. */
static void parts_assemble(void **state)
{
	struct fx *f = *state;
	struct tfs_rec *r = malloc(sizeof(*r));
	char path[256], direct[256], *a, *b;
	size_t na, nb;
	struct sb_error e;

	assert_int_equal(tfs_start(r, f->tracefs, f->dir, events, 1024, 0, &e),
			 0);
	assert_int_equal(tfs_stop(r, 0, &e), 0);
	snprintf(path, sizeof(path), "%s/trace.dat", f->dir);
	snprintf(direct, sizeof(direct), "%s/direct.dat", f->dir);
	assert_int_equal(rename(path, direct), 0);

	assert_int_equal(tfs_start(r, f->tracefs, f->dir, events, 1024, 0, &e),
			 0);
	assert_int_equal(tfs_stop(r, 1, &e), 0);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/trace-parts/cpu1", f->dir);
	assert_int_equal(access(path, F_OK), 0);
	assert_int_equal(tfs_assemble(f->dir, &e), 0);
	assert_int_not_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/trace-parts", f->dir);
	assert_int_not_equal(access(path, F_OK), 0);
	assert_int_equal(tfs_assemble(f->dir, &e), 0); /* none */

	snprintf(path, sizeof(path), "%s/trace.dat", f->dir);
	assert_int_equal(sb_read_file(path, &a, &na), 0);
	assert_int_equal(sb_read_file(direct, &b, &nb), 0);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
	free(a);
	free(b);
	unlink(direct);
	free(r);
}

/* Parts a guest did not finish: no trace.dat, the parts kept, the
 * message naming the parts and what is missing. */
static void parts_incomplete(void **state)
{
	struct fx *f = *state;
	struct tfs_rec *r = malloc(sizeof(*r));
	char path[256];
	struct sb_error e;

	assert_int_equal(tfs_start(r, f->tracefs, f->dir, events, 1024, 0, &e),
			 0);
	assert_int_equal(tfs_stop(r, 1, &e), 0);
	snprintf(path, sizeof(path), "%s/trace-parts/header", f->dir);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(tfs_assemble(f->dir, &e), -ENOENT);
	assert_non_null(strstr(e.msg, "no header or page_size"));
	assert_non_null(strstr(e.msg, "trace-parts"));
	snprintf(path, sizeof(path), "%s/trace.dat", f->dir);
	assert_int_not_equal(access(path, F_OK), 0);
	for (int cpu = 0; cpu < 2; cpu++) { /* no pages: 0 CPUs */
		snprintf(path, sizeof(path), "%s/trace-parts/cpu%d", f->dir,
			 cpu);
		assert_int_equal(unlink(path), 0);
	}
	put(f->dir, "trace-parts/header", "x", 1);
	assert_int_equal(tfs_assemble(f->dir, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "0 CPUs"));
	snprintf(path, sizeof(path), "%s/trace-parts/page_size", f->dir);
	assert_int_equal(access(path, F_OK), 0);
	free(r);
}

/* Armed ahead (a guest before its snapshot): tracing stays off; the armed
 * start only turns it on, leaving what arming set as it is. */
static void armed_start(void **state)
{
	struct fx *f = *state;
	struct tfs_rec *r = malloc(sizeof(*r));
	struct sb_error e;

	assert_int_equal(tfs_arm(f->tracefs, events, 2048, &e), 0);
	expect_file(f, "tracing_on", "0");
	expect_file(f, "buffer_size_kb", "2048");
	expect_file(f, "events/sched/sched_waking/enable", "1");
	put(f->tracefs, "trace_clock", "armed", 5); /* a rewrite would show */
	assert_int_equal(tfs_start(r, f->tracefs, f->dir, events, 2048, 1, &e),
			 0);
	expect_file(f, "tracing_on", "1");
	expect_file(f, "trace_clock", "armed");
	assert_int_equal(tfs_stop(r, 0, &e), 0);
	assert_int_equal(tfs_disarm(f->tracefs), 0);
	expect_file(f, "set_event", "");
	free(r);
}

static void refuses_a_missing_tracefs(void **state)
{
	struct fx *f = *state;
	struct tfs_rec *r = malloc(sizeof(*r));
	char path[256];
	struct sb_error e;

	snprintf(path, sizeof(path), "%s/none", f->dir);
	assert_int_equal(tfs_start(r, path, f->dir, events, 1024, 0, &e),
			 -ENOENT);
	assert_non_null(strstr(e.msg, "tracing_on"));
	assert_int_equal(tfs_stop(r, 0, &e), 0);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(start_stop_write, setup,
						teardown),
		cmocka_unit_test_setup_teardown(parts_assemble, setup,
						teardown),
		cmocka_unit_test_setup_teardown(parts_incomplete, setup,
						teardown),
		cmocka_unit_test_setup_teardown(armed_start, setup, teardown),
		cmocka_unit_test_setup_teardown(refuses_a_missing_tracefs,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
