/* SPDX-License-Identifier: GPL-2.0 */
/* table.json read back: the delay table's rows (ci_table_format) into structs, every value checked by its row. */
#ifndef CI_TABLE_FILE_H
#define CI_TABLE_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "common/envelope_rows.h"
#include "common/error.h"
#include "common/jsonread.h"

/* One of a row's intervals; a figure the file lacks is NAN. */
struct ci_table_interval {
	double t_s, delays, avg_delay_ms, max_delay_ms, p99_delay_ms;
};

/* A non-empty bucket of a group's delay histogram (common/hist.h). */
struct ci_table_bucket {
	int64_t lo_ns, hi_ns, count;
};

/*
 * A group (by last comm), a task or the total. Figures the file lacks are
 * NAN (older tables have no percentiles, no sum_delay_wakeup_ms).
 */
struct ci_table_row {
	int present; /* 0: the table has no such row (an absent total) */
	char *task, *comm; /* NULL when absent (the total has no comm) */
	int64_t pid; /* a task's; -1 otherwise */
	double tasks, runtime_ms, switches, delays, migrations;
	double avg_delay_ms, max_delay_ms, max_delay_at_s, max_delay_end_s;
	double sum_delay_ms, sum_delay_wakeup_ms;
	double delay_p50_ms, delay_p90_ms, delay_p99_ms, delay_p99_9_ms;
	int workload; /* 1, 0, or -1 when the table has no workload set */
	int64_t *pids;
	size_t n_pids;
	struct ci_table_interval *intervals;
	size_t n_intervals;
	/* delay_hist_ns: has_hist 0 when absent */
	int has_hist;
	int64_t hist_count, hist_overflow;
	struct ci_table_bucket *buckets;
	size_t n_buckets;
};

/* A CPU's time in the window; workload_ms NAN without a workload set. */
struct ci_table_cpu {
	int cpu;
	double busy_ms, busy_pct, workload_ms;
};

struct ci_table {
	struct sb_envelope_read envelope;
	int64_t events, lost_events; /* events -1 when unsaid */
	double window_start_s, window_end_s, interval_s; /* NAN: unsaid */
	struct ci_table_cpu *cpus;
	size_t n_cpus;
	struct ci_table_row *groups, *tasks;
	size_t n_groups, n_tasks;
	struct ci_table_row total;
	int wait_from; /* 0: sched_waking, 1: sched_wakeup */
	/* machine_noise: other tasks' share of the workload's CPUs, %; NAN
	 * without a workload set */
	double noise_share_pct;
	int64_t switch_ins, unknown_switch_ins, late_comm_changes;
};

/* table.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table ci_table_format;

/*
 * Read @path into @t. 0, or -EINVAL with @e "<path>: <json path>: <value>
 * <why>" (an unknown key, a value out of its row's range: a lost_events
 * below 0, a schema other than 1, two groups of one comm), -ENOMEM. With
 * @root, the parsed document too (see sb_jr_load_keep). @t is freed on
 * error.
 */
int ci_table_load(const char *path, struct ci_table *t, json_t **root,
		  struct sb_error *e);
void ci_table_free(struct ci_table *t);

/* A figure to add up: an absent one (NAN) counts 0. */
static inline double ci_table_or_0(double v)
{
	return v == v ? v : 0;
}

/* The group of @comm (or, @comm "", the total), or NULL. */
const struct ci_table_row *ci_table_group(const struct ci_table *t,
					  const char *comm);

/*
 * A row's figure by its JSON key (a metric's path), from the rows: 1 and
 * *@v when the row has it, 0 when not (absent, or no figure of that key).
 */
int ci_table_figure(const struct ci_table_row *row, const char *key, double *v);

#endif
