/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sbt: the delay-table core. Scheduler events go in one at a time (in time
 * order), per-task runtime, switches and runnable→running delays come out,
 * with the semantics of `perf sched latency` (see docs/formats.md).
 */
#ifndef SB_SBT_H
#define SB_SBT_H

#include <stddef.h>
#include <stdint.h>

#include "common/hist.h"

#define SBT_COMM_LEN 16

enum sbt_ev_type {
	SBT_EV_SWITCH, /* pid/comm = prev, next_* = next, prev_state */
	SBT_EV_WAKEUP, /* sched_wakeup: pid, target_cpu */
	SBT_EV_WAKING, /* sched_waking: pid, target_cpu */
	SBT_EV_WAKEUP_NEW, /* sched_wakeup_new: pid, target_cpu */
	SBT_EV_MIGRATE, /* pid moves to target_cpu */
	SBT_EV_FORK, /* pid = parent, child_pid inherits the parent's comm */
	SBT_EV_EXEC, /* pid takes comm */
	SBT_EV_EXIT, /* pid exits */
};

/* prev_state bits below this are sleeping states; 0 (or only the
 * preemption flag TASK_REPORT_MAX, 0x100) means still runnable. */
#define SBT_STATE_MASK 0xffu
#define SBT_STATE_PREEMPTED 0x100u

struct sbt_event {
	enum sbt_ev_type type;
	uint64_t ts_ns;
	int cpu; /* CPU that recorded the event */
	int pid;
	const char *comm; /* of @pid, up to SBT_COMM_LEN - 1 bytes are read
			   * (need not be NUL-terminated); NULL = unknown */
	uint64_t prev_state; /* SWITCH */
	int next_pid; /* SWITCH */
	const char *next_comm; /* SWITCH */
	int child_pid; /* FORK */
	int target_cpu; /* WAKEUP, WAKEUP_NEW, MIGRATE */
	int comm_readable; /* comm and next_comm (when set) have SBT_COMM_LEN
			    * - 1 readable bytes: compared as one block */
};

/* Where a wait after a wakeup starts. */
enum sbt_wait_from {
	SBT_WAIT_AUTO, /* sched_waking when the trace has it, else wakeup */
	SBT_WAIT_WAKING, /* sched_waking (sched_wakeup if no waking came) */
	SBT_WAIT_WAKEUP, /* sched_wakeup only; sched_waking is ignored */
};

struct sbt_opts {
	uint64_t since_ns; /* window start (0: from the first event) */
	uint64_t until_ns; /* window end (UINT64_MAX: to the last event) */
	uint64_t interval_ns; /* per-interval stats width; 0 = 1 s */
	const int *pids; /* only these pids (NULL/0: all) */
	size_t npids;
	/* The started workloads' pids: they and every task forked from them
	 * (sched_process_fork) are the workload, all others are grouped as
	 * SBT_OTHER_GROUP. NULL/0: no workload set, every task by its comm. */
	const int *workload_pids;
	size_t nworkload_pids;
	enum sbt_wait_from wait_from;
};

struct sbt;

/* The group (and interval series) of the tasks outside the workload set. */
#define SBT_OTHER_GROUP "other"

#define SBT_LOST_MAX_CPUS 4096 /* beyond: counted as an unsaid CPU */
#define SBT_FEW 6
#define SBT_YOUNG 8
#define SBT_BUSY_CPUS 64 /* CPUs whose busy time is kept */

/* The delays of a task or of an interval: the first SBT_FEW kept as they
 * are, a histogram only beyond (most tasks and intervals have few); an
 * interval that has ended keeps its histogram compact. */
struct sbt_dist {
	uint64_t count;
	struct sb_sum sum;
	uint64_t few[SBT_FEW];
	struct sb_hist *hist; /* all the values once count > SBT_FEW */
	struct sb_hist_compact *compact; /* instead of @hist, once closed */
};

/* Add the delays of @d into @dst. */
void sbt_dist_merge(struct sb_hist *dst, const struct sbt_dist *d);

/* New analyzer; NULL on out of memory. */
struct sbt *sbt_new(const struct sbt_opts *opts);
void sbt_free(struct sbt *s);
/* Per-second (interval) series are bounded: a longer span is corrupt input. */
#define SBT_MAX_INTERVALS (1u << 20)

/* Events may come up to this much earlier than the one before (the clocks
 * of two CPUs): counted, and taken as at that one's time. */
#define SBT_MAX_STEP_BACK_NS 1000000ull

/*
 * Feed one event. Returns 0, -EINVAL (time went back by more than
 * SBT_MAX_STEP_BACK_NS), -E2BIG (the window spans more than
 * SBT_MAX_INTERVALS intervals) or -ENOMEM.
 */
int sbt_feed(struct sbt *s, const struct sbt_event *ev);
/* What a non-zero sbt_feed() result means, and the -errno a reader returns
 * for it (-EBADMSG: the trace is corrupt). */
const char *sbt_feed_error(int r);
int sbt_feed_errno(int r);
/*
 * The recorder reported @n events lost on @cpu (-1: not said, then every
 * CPU). Feed it at its place in time: the waits and runs open on that CPU
 * (of tasks last seen there) are dropped, so that none spans the gap.
 */
void sbt_add_lost(struct sbt *s, int cpu, uint64_t n);
/* Tell the core, before the first event, whether sched_waking was recorded. */
void sbt_set_waking_recorded(struct sbt *s, int recorded);

/* Per-task results, read after the last sbt_feed(). */
struct sbt_task_stats {
	int pid;
	/* The last comm seen (as perf). The per-interval series count a delay
	 * under the comm of its task then, except that a task's first
	 * SBT_YOUNG delays follow it when its comm changes (exec or a rename
	 * early in its life); a change after those moves only the totals
	 * (counted in sbt_summary.late_comm_changes). */
	char comm[SBT_COMM_LEN];
	uint64_t runtime_ns; /* on CPU within the window */
	uint64_t switches; /* switch-ins that ended a counted wait */
	uint64_t migrations;
	long double sum_delay_ns;
	uint64_t max_delay_ns;
	uint64_t max_start_ns, max_end_ns; /* the worst wait */
	const struct sbt_dist *delays;
	int workload; /* in sbt_opts.workload_pids' set (1 when none given) */
};

size_t sbt_task_count(const struct sbt *s);
/* Task @i (0 <= i < sbt_task_count) in first-seen order. */
void sbt_task_get(const struct sbt *s, size_t i, struct sbt_task_stats *out);

/* Interval series: delays per interval, keyed by the comm at delay time. */
size_t sbt_series_count(const struct sbt *s);
const char *sbt_series_comm(const struct sbt *s, size_t i);
/* Number of intervals of series @i, and the delays of its interval @k. */
size_t sbt_series_len(const struct sbt *s, size_t i);
const struct sbt_dist *sbt_series_cell(const struct sbt *s, size_t i, size_t k);

struct sbt_summary {
	uint64_t events; /* fed */
	uint64_t lost_events;
	uint64_t first_ts_ns, last_ts_ns; /* of all events fed */
	uint64_t start_ns, end_ns; /* the effective window */
	uint64_t interval_ns;
	uint64_t switch_ins; /* of tasks (not idle) in the window */
	uint64_t unknown_switch_ins; /* of them, without a known wait */
	uint64_t steps_back; /* events earlier than the one before */
	uint64_t max_step_back_ns;
	uint64_t late_comm_changes; /* see sbt_task_stats.comm */
	int waking_recorded; /* the trace has sched_waking events */
	enum sbt_wait_from wait_from; /* WAKING or WAKEUP, as used */
	/* Per CPU (by the CPU that recorded the switch): time in the window
	 * with a task other than the idle task (pid 0) on it. */
	unsigned int ncpus; /* highest CPU seen + 1, at most SBT_BUSY_CPUS */
	uint64_t cpu_busy_ns[SBT_BUSY_CPUS];
	/* With a workload set: the part of cpu_busy_ns with a workload task
	 * on the CPU (the rest is the machine's noise there). */
	int workload_known;
	uint64_t cpu_workload_ns[SBT_BUSY_CPUS];
};
void sbt_summary_get(const struct sbt *s, struct sbt_summary *out);

/* Lost events per CPU: the number of CPUs with a count (0 .. n - 1 in
 * order, the unsaid CPU as -1 first), and the count of the @i-th. */
size_t sbt_lost_cpu_count(const struct sbt *s);
void sbt_lost_cpu_get(const struct sbt *s, size_t i, int *cpu, uint64_t *n);

/* Done feeding: the delays still held per task go to their series (call
 * before reading the series; sbt_table_build does). 0 or -ENOMEM. */
int sbt_finish(struct sbt *s);

#endif
