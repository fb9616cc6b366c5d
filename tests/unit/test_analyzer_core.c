// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the analyzer core on synthetic event sequences with hand-computed delays. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyzer/hist_pool.h"
#include "analyzer/sbt.h"
#include "analyzer/sbt_table.h"
#include "common/hist.h"

#define US 1000ull
#define S_ 1000000000ull

static struct sbt *mk(uint64_t since, uint64_t until)
{
	struct sbt_opts o = { .since_ns = since, .until_ns = until };
	struct sbt *s = sbt_new(&o);

	assert_non_null(s);
	return s;
}

static void sw(struct sbt *s, uint64_t ts, int cpu, int prev, const char *pcomm,
	       uint64_t state, int next, const char *ncomm)
{
	struct sbt_event ev = { .type = SBT_EV_SWITCH,
				.ts_ns = ts,
				.cpu = cpu,
				.pid = prev,
				.comm = pcomm,
				.prev_state = state,
				.next_pid = next,
				.next_comm = ncomm };

	assert_int_equal(sbt_feed(s, &ev), 0);
}

/* a, first seen switched in on CPU 0 at 0, goes to sleep at 10 us. */
static void a_sleeps(struct sbt *s)
{
	sw(s, 0, 0, 0, "swapper/0", 0, 1, "a");
	sw(s, 10 * US, 0, 1, "a", 1, 0, "swapper/0");
}

static void ev(struct sbt *s, enum sbt_ev_type type, uint64_t ts, int pid,
	       const char *comm, int other)
{
	struct sbt_event e = { .type = type,
			       .ts_ns = ts,
			       .pid = pid,
			       .comm = comm,
			       .child_pid = other,
			       .target_cpu = other };

	assert_int_equal(sbt_feed(s, &e), 0);
}

/* The stats of @pid (fails when the core has no such task). */
static struct sbt_task_stats get(struct sbt *s, int pid)
{
	struct sbt_task_stats ts = { 0 };

	for (size_t i = 0; i < sbt_task_count(s); i++) {
		sbt_task_get(s, i, &ts);
		if (ts.pid == pid)
			return ts;
	}
	fail_msg("no task %d", pid);
	return ts;
}

/* A at 10 us goes to sleep; woken at 200 us, in at 250 us: one 50 us wait.
 * The window starts at 5 us, after A's first sight at 0. */
static void test_wakeup_to_switch_in(void **state)
{
	struct sbt *s = mk(5 * US, 0);
	struct sbt_task_stats a;

	(void)state;
	sw(s, 0, 0, 0, "swapper/0", 0, 10, "a");
	sw(s, 10 * US, 0, 10, "a", 1, 0, "swapper/0");
	ev(s, SBT_EV_WAKEUP, 200 * US, 10, "a", 0);
	sw(s, 250 * US, 0, 0, "swapper/0", 0, 10, "a");
	sw(s, 300 * US, 0, 10, "a", 1, 0, "swapper/0");
	a = get(s, 10);
	assert_int_equal(a.switches, 1);
	assert_int_equal(a.max_delay_ns, 50 * US);
	assert_int_equal(a.max_start_ns, 200 * US);
	assert_int_equal(a.max_end_ns, 250 * US);
	assert_true(a.sum_delay_ns == 50 * US);
	/* on CPU 5..10 us (clipped at the window start) and 250..300 us */
	assert_int_equal(a.runtime_ns, 55 * US);
	sbt_free(s);
}

/* Preemption (prev_state R, and R+ = 0x100) starts a wait too. */
static void test_preempt_to_switch_in(void **state)
{
	struct sbt *s = mk(1, 0);

	(void)state;
	sw(s, 0, 0, 0, "swapper/0", 0, 1, "a");
	sw(s, 0, 1, 0, "swapper/1", 0, 2, "b");
	sw(s, 100 * US, 0, 1, "a", 0, 3, "c"); /* a preempted: R */
	sw(s, 150 * US, 1, 2, "b", SBT_STATE_PREEMPTED, 0, "swapper/1");
	sw(s, 400 * US, 0, 3, "c", 1, 1, "a"); /* a waited 300 us */
	sw(s, 420 * US, 0, 1, "a", 1, 2, "b"); /* b waited 270 us */
	assert_int_equal(get(s, 1).switches, 1);
	assert_int_equal(get(s, 1).max_delay_ns, 300 * US);
	assert_int_equal(get(s, 2).switches, 1);
	assert_int_equal(get(s, 2).max_delay_ns, 270 * US);
	/* c was first seen switching in at 100 us: perf counts a zero wait */
	assert_int_equal(get(s, 3).switches, 1);
	assert_int_equal(get(s, 3).max_delay_ns, 0);
	sbt_free(s);
}

/* Woken on CPU 0, migrated, switched in on CPU 1: one wait across CPUs. */
static void test_migration(void **state)
{
	struct sbt *s = mk(1, 0);
	struct sbt_task_stats a;

	(void)state;
	a_sleeps(s);
	ev(s, SBT_EV_WAKEUP, 100 * US, 1, "a", 0);
	ev(s, SBT_EV_MIGRATE, 120 * US, 1, "a", 1);
	sw(s, 180 * US, 1, 0, "swapper/1", 0, 1, "a");
	a = get(s, 1);
	assert_int_equal(a.switches, 1);
	assert_int_equal(a.max_delay_ns, 80 * US);
	assert_int_equal(a.migrations, 1);
	sbt_free(s);
}

/* Exit while runnable: the open wait is dropped, never counted. */
static void test_exit_while_runnable(void **state)
{
	struct sbt *s = mk(1, 0);

	(void)state;
	a_sleeps(s);
	ev(s, SBT_EV_WAKEUP, 100 * US, 1, "a", 0);
	ev(s, SBT_EV_EXIT, 120 * US, 1, "a", 0);
	sw(s, 900 * US, 0, 0, "swapper/0", 0, 1, "a");
	assert_int_equal(get(s, 1).switches, 0);
	assert_int_equal(get(s, 1).delays->count, 0);
	sbt_free(s);
}

/* Window [1000, 2000] us: a wait counts when its switch-in is inside. */
static void test_window(void **state)
{
	struct sbt *s = mk(1000 * US, 2000 * US);
	struct sbt_task_stats a, b;

	(void)state;
	a_sleeps(s);
	sw(s, 20 * US, 1, 0, "swapper/1", 0, 2, "b"); /* before: not counted */
	sw(s, 30 * US, 1, 2, "b", 1, 0, "swapper/1");
	ev(s, SBT_EV_WAKEUP, 900 * US, 1, "a", 0);
	sw(s, 1100 * US, 0, 0, "swapper/0", 0, 1, "a"); /* straddles: 200 us */
	sw(s, 1500 * US, 0, 1, "a", 1, 0, "swapper/0");
	ev(s, SBT_EV_WAKEUP, 1900 * US, 2, "b", 0);
	sw(s, 2100 * US, 1, 0, "swapper/1", 0, 2, "b"); /* after: not counted */
	sw(s, 2600 * US, 1, 2, "b", 1, 0, "swapper/1");
	a = get(s, 1);
	b = get(s, 2);
	assert_int_equal(a.switches, 1);
	assert_int_equal(a.max_delay_ns, 200 * US);
	assert_int_equal(a.runtime_ns, 400 * US);
	assert_int_equal(b.switches, 0);
	assert_int_equal(b.runtime_ns, 0); /* ran 2100..2600, after the end */
	sbt_free(s);
}

/* A second wakeup of a runnable task, or one of a running task, is ignored. */
static void test_wakeup_of_runnable(void **state)
{
	struct sbt *s = mk(1, 0);

	(void)state;
	a_sleeps(s);
	ev(s, SBT_EV_WAKEUP, 100 * US, 1, "a", 0);
	ev(s, SBT_EV_WAKEUP, 150 * US, 1, "a", 0);
	sw(s, 200 * US, 0, 0, "swapper/0", 0, 1, "a"); /* 100 us, not 50 */
	ev(s, SBT_EV_WAKEUP, 250 * US, 1, "a", 0); /* running: ignored */
	sw(s, 300 * US, 0, 1, "a", 1, 0, "swapper/0");
	sw(s, 700 * US, 0, 0, "swapper/0", 0, 1, "a"); /* no wakeup seen */
	assert_int_equal(get(s, 1).switches, 1);
	assert_int_equal(get(s, 1).max_delay_ns, 100 * US);
	sbt_free(s);
}

/* Idle (pid 0) has no row; a task first seen by a wakeup waits from it. */
static void test_idle_excluded(void **state)
{
	struct sbt *s = mk(0, 0);

	(void)state;
	ev(s, SBT_EV_WAKEUP, 100 * US, 7, "w", 0);
	sw(s, 130 * US, 0, 0, "swapper/0", 0, 7, "w");
	for (size_t i = 0; i < sbt_task_count(s); i++) {
		struct sbt_task_stats ts;

		sbt_task_get(s, i, &ts);
		assert_int_not_equal(ts.pid, 0);
	}
	assert_int_equal(get(s, 7).max_delay_ns, 30 * US);
	sbt_free(s);
}

/* Fork inherits the parent's comm; exec renames; rows group by last comm. */
static void test_fork_exec_groups(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_SWITCHES };
	struct sbt *s = mk(1, 0);
	struct sbt_table t;

	(void)state;
	sw(s, 0, 0, 0, "swapper/0", 0, 1, "sh");
	ev(s, SBT_EV_FORK, 10 * US, 1, "sh", 2);
	ev(s, SBT_EV_FORK, 11 * US, 1, "sh", 3);
	assert_string_equal(get(s, 2).comm, "sh");
	ev(s, SBT_EV_WAKEUP_NEW, 20 * US, 2, NULL, 0);
	ev(s, SBT_EV_WAKEUP_NEW, 21 * US, 3, NULL, 0);
	sw(s, 50 * US, 0, 1, "sh", 1, 2, "sh"); /* 2 waited 30 us */
	ev(s, SBT_EV_EXEC, 60 * US, 2, "hog", 0);
	sw(s, 100 * US, 0, 2, "hog", 0, 3, "sh"); /* 3 waited 79 us */
	ev(s, SBT_EV_EXEC, 110 * US, 3, "hog", 0);
	sw(s, 200 * US, 0, 3, "hog", 1, 2, "hog"); /* 2 waited 100 us */
	sw(s, 300 * US, 0, 2, "hog", 1, 0, "swapper/0");
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.ngroups, 2); /* sh: no switch, but runtime */
	assert_string_equal(t.groups[0].task, "hog:(2)");
	assert_string_equal(t.groups[1].task, "sh:(1)");
	assert_int_equal(t.groups[1].switches, 0);
	assert_int_equal(t.groups[0].switches, 3);
	assert_int_equal(t.groups[0].npids, 2);
	assert_true(t.groups[0].sum_delay_ns == 209 * US);
	assert_int_equal(t.groups[0].max_delay_ns, 100 * US);
	assert_int_equal(t.ntasks, 3);
	assert_string_equal(t.tasks[0].task, "hog:2"); /* 2 switches first */
	assert_string_equal(t.tasks[1].task, "hog:3");
	assert_string_equal(t.total.task, "TOTAL:");
	assert_int_equal(t.total.switches, 3);
	assert_int_equal(t.total.runtime_ns, t.tasks[0].runtime_ns +
						     t.tasks[1].runtime_ns +
						     t.tasks[2].runtime_ns);
	sbt_table_free(&t);
	sbt_free(s);
}

/*
 * The agent (5) starts workload 10, which execs cyclic, makes a thread
 * (11), which forks a process that execs sh (12); task 20 is named cyclic
 * but not the workload's. With 10 as the workload pid, 10-12 are the
 * workload by the forks and 5 and 20 are other:(2), whatever their names;
 * the CPU's time with other tasks on it is the machine's noise. Without a
 * workload set every task stands by its name.
 */
static void feed_workload_forks(struct sbt *s)
{
	sw(s, 0, 0, 0, "swapper/0", 0, 5, "slicebench");
	ev(s, SBT_EV_FORK, 10 * US, 5, "slicebench", 10);
	ev(s, SBT_EV_WAKEUP_NEW, 20 * US, 10, NULL, 0);
	sw(s, 30 * US, 0, 5, "slicebench", 1, 10, "slicebench");
	ev(s, SBT_EV_EXEC, 40 * US, 10, "cyclic", 0);
	ev(s, SBT_EV_FORK, 50 * US, 10, "cyclic", 11);
	ev(s, SBT_EV_FORK, 60 * US, 11, "cyclic", 12);
	ev(s, SBT_EV_EXEC, 65 * US, 12, "sh", 0);
	ev(s, SBT_EV_WAKEUP_NEW, 70 * US, 11, NULL, 0);
	ev(s, SBT_EV_WAKEUP_NEW, 70 * US, 12, NULL, 0);
	sw(s, 100 * US, 0, 10, "cyclic", 1, 11, "cyclic");
	sw(s, 150 * US, 0, 11, "cyclic", 1, 20, "cyclic");
	sw(s, 200 * US, 0, 20, "cyclic", 1, 12, "sh");
	sw(s, 300 * US, 0, 12, "sh", 1, 0, "swapper/0");
	sw(s, 400 * US, 0, 0, "swapper/0", 0, 5, "slicebench");
	sw(s, 500 * US, 0, 5, "slicebench", 1, 0, "swapper/0");
}

static const struct sbt_row *group(const struct sbt_table *t, const char *task)
{
	for (size_t i = 0; i < t->ngroups; i++)
		if (!strcmp(t->groups[i].task, task))
			return &t->groups[i];
	fail_msg("no group %s", task);
	return NULL;
}

static void test_workload_forks(void **state)
{
	const int roots[] = { 10 };
	struct sbt_opts so = { .workload_pids = roots, .nworkload_pids = 1 };
	struct sbt_table_opts o = { .sort = SBT_SORT_SWITCHES };
	struct sbt *s = sbt_new(&so);
	struct sbt_noise n;
	struct sbt_table t;

	(void)state;
	assert_non_null(s);
	feed_workload_forks(s);
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.ngroups, 3);
	assert_int_equal(group(&t, "cyclic:(2)")->npids, 2);
	assert_int_equal(group(&t, "cyclic:(2)")->pids[0], 10);
	assert_int_equal(group(&t, "cyclic:(2)")->pids[1], 11);
	assert_true(group(&t, "cyclic:(2)")->workload);
	assert_true(group(&t, "sh:(1)")->workload);
	assert_int_equal(group(&t, "sh:(1)")->pids[0], 12);
	assert_false(group(&t, "other:(2)")->workload);
	assert_int_equal(group(&t, "other:(2)")->pids[0], 5);
	assert_int_equal(group(&t, "other:(2)")->pids[1], 20);
	assert_true(t.sum.workload_known);
	assert_int_equal(t.sum.cpu_busy_ns[0], 400 * US);
	assert_int_equal(t.sum.cpu_workload_ns[0], 220 * US);
	sbt_machine_noise(&t.sum, &n);
	assert_int_equal(n.ncpus, 1);
	assert_int_equal(n.cpu_mask, 1);
	assert_int_equal(n.other_ns, 180 * US);
	assert_int_equal(n.span_ns, 500 * US);
	assert_float_equal(n.share_pct, 36.0, 1e-9);
	sbt_table_free(&t);
	sbt_free(s);

	s = mk(0, 0); /* no workload set: by name, no noise */
	feed_workload_forks(s);
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.ngroups, 3);
	assert_int_equal(group(&t, "cyclic:(3)")->npids, 3);
	assert_true(group(&t, "slicebench:(1)")->workload);
	assert_false(t.sum.workload_known);
	sbt_machine_noise(&t.sum, &n);
	assert_int_equal(n.ncpus, 0);
	sbt_table_free(&t);
	sbt_free(s);
}

/* TOTAL sums every group; --comm keeps one group; --pid keeps one task. */
static void test_total_and_filters(void **state)
{
	const char *comms[] = { "b" };
	const int pids[] = { 2 };
	struct sbt_table_opts o = { .sort = SBT_SORT_RUNTIME };
	struct sbt_opts so = { .pids = pids, .npids = 1 };
	struct sbt_table t;

	(void)state;
	for (int pass = 0; pass < 3; pass++) {
		struct sbt *s = pass == 2 ? sbt_new(&so) : mk(0, 0);

		o.comms = pass == 1 ? comms : NULL;
		o.ncomms = pass == 1;
		sw(s, 0, 0, 0, "swapper/0", 0, 1, "a");
		sw(s, 10 * US, 0, 1, "a", 0, 2, "b"); /* b: 0, a waits */
		sw(s, 30 * US, 0, 2, "b", 0, 3, "b"); /* 3: 0, b waits */
		sw(s, 60 * US, 0, 3, "b", 1, 1, "a"); /* a: 50 us */
		sw(s, 100 * US, 0, 1, "a", 1, 2, "b"); /* b: 70 us */
		sw(s, 200 * US, 0, 2, "b", 1, 0, "swapper/0");
		assert_int_equal(sbt_table_build(s, &o, &t), 0);
		if (pass == 0) {
			assert_int_equal(t.ngroups, 2);
			assert_string_equal(t.groups[0].task, "b:(2)");
			assert_int_equal(t.groups[0].runtime_ns, 150 * US);
			assert_int_equal(t.groups[1].runtime_ns, 50 * US);
			assert_int_equal(t.total.switches, 5);
			assert_true(t.total.sum_delay_ns == 120 * US);
			assert_int_equal(t.total.tasks, 3);
		} else if (pass == 1) {
			assert_int_equal(t.ngroups, 1);
			assert_int_equal(t.total.switches, 3);
			assert_true(t.total.sum_delay_ns == 70 * US);
		} else {
			assert_int_equal(t.total.switches, 2);
			assert_true(t.total.sum_delay_ns == 70 * US);
		}
		sbt_table_free(&t);
		sbt_free(s);
	}
}

/* 1..1000 us waits: percentiles from the histogram within its 0.8 % bound. */
static void test_percentiles(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(1, 0);
	struct sbt_table t;
	uint64_t ts = 0;

	(void)state;
	sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
	for (int i = 1; i <= 1000; i++) {
		ts += 10 * US;
		sw(s, ts, 0, 1, "a", 1, 0, "swapper/0");
		ev(s, SBT_EV_WAKEUP, ts + 1, 1, "a", 0);
		ts += 1 + (uint64_t)i * US;
		sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
	}
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.tasks[0].switches, 1000);
	assert_in_range(t.tasks[0].p50_ns, 496 * US, 504 * US);
	assert_in_range(t.tasks[0].p90_ns, 893 * US, 907 * US);
	assert_in_range(t.tasks[0].p99_ns, 982 * US, 998 * US);
	assert_in_range(t.tasks[0].p99_9_ns, 991 * US, 1000 * US);
	assert_int_equal(t.tasks[0].max_delay_ns, 1000 * US);
	assert_true(t.tasks[0].sum_delay_ns == 500500 * US);
	sbt_table_free(&t);
	sbt_free(s);
}

/* Up to SBT_FEW delays are kept as values, then a histogram: both give the
 * same sums and percentiles. */
static void test_few_then_histogram(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };

	(void)state;
	for (int n = SBT_FEW; n <= SBT_FEW + 1; n++) {
		struct sbt *s = mk(1, 0);
		struct sbt_table t;
		uint64_t ts = 0;

		sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
		for (int i = 1; i <= n; i++) {
			ts += 1000 * US;
			sw(s, ts, 0, 1, "a", 1, 0, "swapper/0");
			ev(s, SBT_EV_WAKEUP, ts, 1, "a", 0);
			ts += (uint64_t)i * 10 * US;
			sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
		}
		assert_int_equal(get(s, 1).delays->count, n);
		assert_true((get(s, 1).delays->hist != NULL) == (n > SBT_FEW));
		assert_int_equal(sbt_table_build(s, &o, &t), 0);
		assert_int_equal(t.tasks[0].switches, n);
		assert_true(t.tasks[0].sum_delay_ns ==
			    (long double)(n * (n + 1) / 2 * 10 * US));
		/* the median of 10, 20, ... n*10 us (rounded up) */
		assert_in_range(t.tasks[0].p50_ns, (n + 1) / 2 * 10 * US - 300,
				(n + 1) / 2 * 10 * US + 300);
		/* the largest, or within its bucket (1/64) from a histogram */
		assert_in_range(t.tasks[0].p99_9_ns,
				n * 10 * US - n * 10 * US / 64,
				(uint64_t)n * 10 * US);
		assert_int_equal(t.total.p99_9_ns, t.tasks[0].p99_9_ns);
		sbt_table_free(&t);
		sbt_free(s);
	}
}

/* Per-interval series: one per second from the window start. */
static void test_intervals(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(S_, 4 * S_);
	struct sbt_table t;

	(void)state;
	sw(s, 0, 0, 0, "swapper/0", 0, 1, "a");
	for (uint64_t k = 1; k < 4; k++) {
		sw(s, k * S_ + 100 * US, 0, 1, "a", 0, 0, "swapper/0");
		sw(s, k * S_ + 100 * US + k * US, 0, 0, "swapper/0", 0, 1, "a");
	}
	sw(s, 4 * S_, 0, 1, "a", 1, 0, "swapper/0");
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.total.niv, 3); /* [1,2) [2,3) [3,4] */
	assert_int_equal(t.groups[0].niv, 3);
	for (size_t k = 0; k < 3; k++) {
		assert_int_equal(t.groups[0].iv[k].delays, 1);
		assert_int_equal(t.groups[0].iv[k].max_ns, (k + 1) * US);
	}

	assert_int_equal(t.total.runtime_ns, 3 * S_ - 6 * US);
	sbt_table_free(&t);
	sbt_free(s);
}

/* Up to 1 ms back (two CPUs' clocks) is taken as no step and counted;
 * more is an error. */
static void test_time_backwards(void **state)
{
	struct sbt *s = mk(0, 0);
	struct sbt_event e = { .type = SBT_EV_WAKEUP,
			       .ts_ns = 5 * S_,
			       .pid = 1 };
	struct sbt_summary sum;

	(void)state;
	assert_int_equal(sbt_feed(s, &e), 0);
	e.ts_ns = 5 * S_ - 300 * US;
	assert_int_equal(sbt_feed(s, &e), 0);
	e.ts_ns = 5 * S_ - 1000 * US;
	assert_int_equal(sbt_feed(s, &e), 0);
	sbt_summary_get(s, &sum);
	assert_int_equal(sum.steps_back, 2);
	assert_int_equal(sum.max_step_back_ns, 1000 * US);
	assert_int_equal(sum.last_ts_ns, 5 * S_);
	e.ts_ns = 5 * S_ - 1001 * US;
	assert_int_equal(sbt_feed(s, &e), -EINVAL);
	sbt_free(s);
}

/* Events lost on CPU 1: the wait of a task woken onto it and the run of
 * the task on it are dropped; CPU 0's wait counts. */
static void test_lost_resets_cpu(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(0, 0);
	struct sbt_table t;

	(void)state;
	sw(s, 0, 1, 0, "swapper/1", 0, 3, "c"); /* c runs on CPU 1 */
	ev(s, SBT_EV_WAKEUP, 100 * US, 1, "a", 1); /* a onto CPU 1 */
	ev(s, SBT_EV_WAKEUP, 100 * US, 2, "b", 0); /* b onto CPU 0 */
	sbt_add_lost(s, 1, 7);
	sbt_add_lost(s, -1, 2); /* not said: every CPU, after b's wakeup */
	ev(s, SBT_EV_WAKEUP, 110 * US, 2, "b", 0);
	sw(s, 300 * US, 0, 0, "swapper/0", 0, 2, "b");
	sw(s, 400 * US, 1, 3, "c", 1, 1, "a");
	assert_int_equal(get(s, 1).switches, 0); /* the wait spans the gap */
	assert_int_equal(get(s, 2).switches, 1);
	assert_int_equal(get(s, 2).max_delay_ns, 190 * US);
	assert_int_equal(get(s, 3).runtime_ns, 0); /* its run spans it */
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.sum.lost_events, 9);
	assert_int_equal(t.sum.unknown_switch_ins, 0);
	assert_int_equal(t.nlost, 2);
	assert_int_equal(t.lost[0].cpu, -1);
	assert_int_equal(t.lost[0].events, 2);
	assert_int_equal(t.lost[1].cpu, 1);
	assert_int_equal(t.lost[1].events, 7);
	sbt_table_free(&t);
	sbt_free(s);
}

/* A pid reused after its task exited is a new task (as perf), at the fork
 * of the new one: after sched_process_exit the old one still runs. */
static void test_pid_reuse(void **state)
{
	struct sbt *s = mk(0, 0);
	struct sbt_task_stats a, b;

	(void)state;
	ev(s, SBT_EV_WAKEUP, 0, 5, "old", 0);
	sw(s, 100 * US, 0, 0, "swapper/0", 0, 5, "old");
	ev(s, SBT_EV_EXIT, 200 * US, 5, "old", 0);
	sw(s, 205 * US, 0, 5, "old", 1, 0, "swapper/0"); /* sleeps in exit */
	ev(s, SBT_EV_WAKEUP, 206 * US, 5, "old", 0);
	sw(s, 207 * US, 0, 0, "swapper/0", 0, 5, "old");
	sw(s, 210 * US, 0, 5, "old", 0x80, 0, "swapper/0"); /* dead */
	ev(s, SBT_EV_FORK, 300 * US, 1, "sh", 5);
	ev(s, SBT_EV_WAKEUP_NEW, 310 * US, 5, "sh", 0);
	sw(s, 340 * US, 0, 0, "swapper/0", 0, 5, "sh");
	assert_int_equal(sbt_task_count(s), 3);
	sbt_task_get(s, 0, &a);
	sbt_task_get(s, 2, &b);
	assert_int_equal(a.pid, 5);
	assert_int_equal(b.pid, 5);
	assert_string_equal(a.comm, "old");
	assert_string_equal(b.comm, "sh");
	assert_int_equal(a.switches, 2);
	assert_int_equal(a.max_delay_ns, 100 * US);
	assert_int_equal(b.max_delay_ns, 30 * US);
	assert_int_equal(a.runtime_ns, 105 * US + 3 * US);
	sbt_free(s);
}

/* A task forked as "sh" that execs "prog": its delays before the exec are
 * in prog's per-interval series too, and sh has none. A rename after the
 * task's first SBT_YOUNG delays moves only its totals, and is counted. */
static void test_comm_change_series(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(0, 0);
	struct sbt_table t;
	uint64_t ts = 0;

	(void)state;
	ev(s, SBT_EV_FORK, 0, 1, "sh", 7);
	for (int i = 0; i < 2; i++, ts += S_) { /* 2 delays, 2 intervals */
		ev(s, SBT_EV_WAKEUP, ts + 10 * US, 7, "sh", 0);
		sw(s, ts + 30 * US, 0, 0, "swapper/0", 0, 7, "sh");
		sw(s, ts + 40 * US, 0, 7, "sh", 1, 0, "swapper/0");
	}
	ev(s, SBT_EV_EXEC, ts, 7, "/bin/prog", 0);
	for (int i = 0; i < SBT_YOUNG + 2; i++, ts += 100 * US) { /* 8 */
		ev(s, SBT_EV_WAKEUP, ts + 10 * US, 8, "w", 0);
		sw(s, ts + 20 * US, 0, 0, "swapper/0", 0, 8, "w");
		sw(s, ts + 30 * US, 0, 8, "w", 1, 0, "swapper/0");
	}
	ev(s, SBT_EV_EXEC, ts, 8, "/bin/w2", 0);
	sw(s, ts + S_, 0, 0, "swapper/0", 0, 1, "sh");
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.sum.late_comm_changes, 1);
	for (size_t i = 0; i < t.ngroups; i++) {
		const struct sbt_row *g = &t.groups[i];
		uint64_t n = 0;

		for (size_t k = 0; k < g->niv; k++)
			n += g->iv[k].delays;
		if (!strcmp(g->comm, "prog")) {
			assert_int_equal(g->iv[0].delays, 1);
			assert_int_equal(g->iv[1].delays, 1);
			assert_int_equal(g->iv[0].max_ns, 20 * US);
		}
		if (!strcmp(g->comm, "sh"))
			assert_int_equal(n, 1); /* pid 1's own */
	}
	sbt_table_free(&t);
	sbt_free(s);
}

/* A switch-in of a task not known to wait (its wakeup comes later, from a
 * CPU whose clock is behind) is counted, not silently dropped. */
static void test_unknown_switch_in(void **state)
{
	struct sbt *s = mk(0, 0);
	struct sbt_summary sum;

	(void)state;
	a_sleeps(s);
	sw(s, 50 * US, 1, 0, "swapper/1", 0, 1, "a"); /* in, no wakeup yet */
	ev(s, SBT_EV_WAKEUP, 50 * US, 1, "a", 1);
	sbt_summary_get(s, &sum);
	assert_int_equal(sum.switch_ins, 2);
	assert_int_equal(sum.unknown_switch_ins, 1);
	assert_int_equal(get(s, 1).switches, 1); /* the first sight only */
	sbt_free(s);
}

/* --wait-from: a wait starts at sched_waking (by default when the trace
 * has it) or at sched_wakeup. */
static void test_wait_from(void **state)
{
	static const struct {
		enum sbt_wait_from from;
		int recorded;
		uint64_t delay_us;
		enum sbt_wait_from used;
	} cases[] = {
		{ SBT_WAIT_AUTO, 1, 100, SBT_WAIT_WAKING },
		{ SBT_WAIT_AUTO, 0, 50, SBT_WAIT_WAKEUP },
		{ SBT_WAIT_WAKEUP, 1, 50, SBT_WAIT_WAKEUP },
		{ SBT_WAIT_WAKING, 1, 100, SBT_WAIT_WAKING },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sbt_opts o = { .wait_from = cases[i].from };
		struct sbt *s = sbt_new(&o);
		struct sbt_summary sum;

		assert_non_null(s);
		sbt_set_waking_recorded(s, cases[i].recorded);
		a_sleeps(s);
		ev(s, SBT_EV_WAKING, 100 * US, 1, "a", 0);
		ev(s, SBT_EV_WAKEUP, 150 * US, 1, "a", 0);
		sw(s, 200 * US, 0, 0, "swapper/0", 0, 1, "a");
		assert_int_equal(get(s, 1).max_delay_ns,
				 cases[i].delay_us * US);
		sbt_summary_get(s, &sum);
		assert_int_equal(sum.wait_from, cases[i].used);
		sbt_free(s);
	}
}

/* Many delays (histogram adds are queued in the core): every one counted
 * in the task's histogram and the interval's, the largest exact. */
static void test_many_delays(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(1, 0);
	struct sbt_table t;
	uint64_t ts = 0;
	const int n = 500;

	(void)state;
	sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
	for (int i = 1; i <= n; i++) {
		ts += 100 * US;
		sw(s, ts, 0, 1, "a", 0, 0, "swapper/0"); /* preempted */
		ts += (uint64_t)i * US;
		sw(s, ts, 0, 0, "swapper/0", 0, 1, "a");
	}
	assert_int_equal(get(s, 1).delays->hist->count, n);
	assert_int_equal(get(s, 1).delays->hist->max, (uint64_t)n * US);
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.tasks[0].switches, n);
	/* rank 499.5 of 500: within the largest's bucket (1/64), below it */
	assert_in_range(t.tasks[0].p99_9_ns, n * US - n * US / 64,
			(uint64_t)n * US);
	assert_in_range(t.tasks[0].p50_ns, 245 * US, 255 * US);
	assert_int_equal(t.total.niv, 1);
	assert_int_equal(t.total.iv[0].delays, n);
	sbt_table_free(&t);
	sbt_free(s);
}

/*
 * Three seconds of 20 waits each (1..20 us, the third second 2x): once a
 * second has ended its cell is kept compact, the open one whole, and the
 * per-second figures are those of the waits in each.
 */
static void test_interval_cells_compact(void **state)
{
	struct sbt_table_opts o = { .sort = SBT_SORT_AVG };
	struct sbt *s = mk(1, 0); /* from 1 ns: the switch-in at 0 is before */
	struct sbt_table t;

	(void)state;
	sw(s, 0, 0, 0, "swapper/0", 0, 1, "a");
	for (uint64_t sec = 0; sec < 3; sec++)
		for (uint64_t i = 1; i <= 20; i++) {
			uint64_t ts = sec * S_ + i * 10000 * US;

			sw(s, ts, 0, 1, "a", 0, 0, "swapper/0"); /* preempted */
			sw(s, ts + i * (sec == 2 ? 2 : 1) * US, 0, 0,
			   "swapper/0", 0, 1, "a");
		}
	assert_int_equal(sbt_series_count(s), 1);
	assert_int_equal(sbt_series_len(s, 0), 3);
	for (size_t k = 0; k < 3; k++) {
		const struct sbt_dist *d = sbt_series_cell(s, 0, k);

		assert_int_equal(d->count, 20);
		assert_true(k < 2 ? d->compact && !d->hist :
				    !d->compact && d->hist);
	}
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(t.groups[0].niv, 3);
	for (size_t k = 0; k < 3; k++) {
		uint64_t f = k == 2 ? 2 : 1;

		assert_int_equal(t.groups[0].iv[k].delays, 20);
		assert_int_equal(t.groups[0].iv[k].max_ns, 20 * f * US);
		assert_true(t.groups[0].iv[k].avg_ns == 10.5 * f * US);
		/* rank 19.8 of 20: within the largest's bucket (1/64) */
		assert_in_range(t.groups[0].iv[k].p99_ns,
				20 * f * US - 20 * f * US / 64, 20 * f * US);
	}
	sbt_table_free(&t);
	sbt_free(s);
}

/* comm_readable (16-byte fields, as trace.dat's): bytes after the NUL are
 * not part of the comm, and a comm that changes is still seen to. */
static void test_comm_blocks(void **state)
{
	static const char a[SBT_COMM_LEN] = "hackbench";
	static const char a_junk[SBT_COMM_LEN] = "hackbench\0xyzzy";
	static const char b[SBT_COMM_LEN] = "hackbenchXYZ";
	static const char full[SBT_COMM_LEN] = "0123456789abcdef";
	struct sbt *s = mk(0, 0);
	struct sbt_event e = { .type = SBT_EV_WAKEUP,
			       .pid = 7,
			       .comm_readable = 1 };
	const char *const seq[] = { a, a_junk, a, b, full };
	const char *const want[] = { "hackbench", "hackbench", "hackbench",
				     "hackbenchXYZ", "0123456789abcde" };

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		e.ts_ns = i * US;
		e.comm = seq[i];
		assert_int_equal(sbt_feed(s, &e), 0);
		assert_string_equal(get(s, 7).comm, want[i]);
	}
	sbt_free(s);
}

static void test_many_tasks(void **state)
{
	struct sbt *s = mk(0, 0);

	(void)state;
	for (int pid = 1; pid <= 5000; pid++)
		ev(s, SBT_EV_WAKEUP, (uint64_t)pid, pid, "t", 0);
	assert_int_equal(sbt_task_count(s), 5000);
	sw(s, 6000, 0, 0, "swapper/0", 0, 4321, "t");
	assert_int_equal(get(s, 4321).max_delay_ns, 6000 - 4321);
	sbt_free(s);
}

/*
 * Thousands of forks from one workload task: each child's task grows the
 * task table (first past 256), and the parent's comm and workload mark
 * must still reach every child (the parent is not read from moved memory;
 * the ASan build of this test catches a read after the table moved). Pid
 * 1 never runs, so the table has the 2999 children.
 */
static void test_many_forks(void **state)
{
	const int roots[] = { 1 };
	struct sbt_opts so = { .workload_pids = roots, .nworkload_pids = 1 };
	struct sbt_table_opts o = { .sort = SBT_SORT_SWITCHES };
	struct sbt *s = sbt_new(&so);
	struct sbt_table t;

	(void)state;
	assert_non_null(s);
	for (int pid = 2; pid <= 3000; pid++) {
		ev(s, SBT_EV_FORK, (uint64_t)pid * US, pid == 2 ? 1 : pid - 1,
		   "make", pid);
		ev(s, SBT_EV_WAKEUP_NEW, (uint64_t)pid * US + 1, pid, NULL, 0);
		sw(s, (uint64_t)pid * US + 2, 0, 0, "swapper/0", 0, pid,
		   "make");
		sw(s, (uint64_t)pid * US + 3, 0, pid, "make", 1, 0,
		   "swapper/0");
	}
	assert_int_equal(sbt_task_count(s), 3000);
	assert_string_equal(get(s, 3000).comm, "make");
	assert_int_equal(sbt_table_build(s, &o, &t), 0);
	assert_int_equal(group(&t, "make:(2999)")->npids, 2999);
	assert_true(group(&t, "make:(2999)")->workload);
	sbt_table_free(&t);
	sbt_free(s);
}

/* Histograms from the pool: empty when taken, fresh or put back (only the
 * buckets in use were written), distinct across more chunks than one. */
static void test_hist_pool(void **state)
{
	struct hist_pool pool = { 0 };
	struct sb_hist *h[300], *again;

	(void)state;
	for (size_t i = 0; i < 300; i++) {
		h[i] = hist_pool_get(&pool);
		assert_non_null(h[i]);
		assert_int_equal(h[i]->count, 0);
		assert_int_equal(h[i]->min, UINT64_MAX);
		sb_hist_add(h[i], 1000 + i);
		for (size_t j = 0; j < i; j++)
			assert_ptr_not_equal(h[i], h[j]);
	}
	assert_true(pool.nchunks > 1);
	for (size_t i = 0; i < 300; i++)
		assert_int_equal(sb_hist_percentile(h[i], 50), 1000 + i);
	sb_hist_add(h[7], 5);
	sb_hist_add(h[7], 123456789);
	hist_pool_put(&pool, h[7]);
	hist_pool_put(&pool, NULL);
	again = hist_pool_get(&pool);
	assert_ptr_equal(again, h[7]);
	assert_int_equal(again->count, 0);
	assert_int_equal(again->overflow, 0);
	assert_int_equal(again->min, UINT64_MAX);
	assert_int_equal(again->max, 0);
	for (size_t b = 0; b < SB_HIST_BUCKETS; b++)
		assert_int_equal(again->buckets[b], 0);
	assert_ptr_not_equal(hist_pool_get(&pool), h[7]);
	hist_pool_free(&pool);
	assert_int_equal(pool.nchunks, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_pool),
		cmocka_unit_test(test_wakeup_to_switch_in),
		cmocka_unit_test(test_lost_resets_cpu),
		cmocka_unit_test(test_pid_reuse),
		cmocka_unit_test(test_comm_change_series),
		cmocka_unit_test(test_unknown_switch_in),
		cmocka_unit_test(test_wait_from),
		cmocka_unit_test(test_preempt_to_switch_in),
		cmocka_unit_test(test_migration),
		cmocka_unit_test(test_exit_while_runnable),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_wakeup_of_runnable),
		cmocka_unit_test(test_idle_excluded),
		cmocka_unit_test(test_fork_exec_groups),
		cmocka_unit_test(test_workload_forks),
		cmocka_unit_test(test_total_and_filters),
		cmocka_unit_test(test_percentiles),
		cmocka_unit_test(test_few_then_histogram),
		cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_time_backwards),
		cmocka_unit_test(test_many_tasks),
		cmocka_unit_test(test_many_forks),
		cmocka_unit_test(test_comm_blocks),
		cmocka_unit_test(test_many_delays),
		cmocka_unit_test(test_interval_cells_compact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
