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

struct sbt_opts {
	uint64_t since_ns; /* window start (0: from the first event) */
	uint64_t until_ns; /* window end (UINT64_MAX: to the last event) */
	uint64_t interval_ns; /* per-interval stats width; 0 = 1 s */
	const int *pids; /* only these pids (NULL/0: all) */
	size_t npids;
};

struct sbt;

#define SBT_FEW 6

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

/*
 * Feed one event. Returns 0, -EINVAL (time went backwards), -E2BIG (the
 * window spans more than SBT_MAX_INTERVALS intervals) or -ENOMEM.
 */
int sbt_feed(struct sbt *s, const struct sbt_event *ev);
/* What a non-zero sbt_feed() result means, and the exit code it gives. */
const char *sbt_feed_error(int r);
int sbt_feed_exit(int r);
/* The recorder reported @n events lost on @cpu (-1: not said). */
void sbt_add_lost(struct sbt *s, int cpu, uint64_t n);
/* Tell the core, before the first event, whether sched_waking was recorded. */
void sbt_set_waking_recorded(struct sbt *s, int recorded);

/* Per-task results, read after the last sbt_feed(). */
struct sbt_task_stats {
	int pid;
	char comm[SBT_COMM_LEN]; /* the last comm seen (as perf) */
	uint64_t runtime_ns; /* on CPU within the window */
	uint64_t switches; /* switch-ins that ended a counted wait */
	uint64_t migrations;
	long double sum_delay_ns;
	uint64_t max_delay_ns;
	uint64_t max_start_ns, max_end_ns; /* the worst wait */
	const struct sbt_dist *delays;
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
	uint64_t unknown_switch_ins; /* switch-ins without a known wait */
	int waking_recorded; /* the trace has sched_waking events */
};
void sbt_summary_get(const struct sbt *s, struct sbt_summary *out);

#endif
