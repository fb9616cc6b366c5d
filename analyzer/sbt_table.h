/* SPDX-License-Identifier: GPL-2.0 */
/* Turn the core's per-task results into table rows: tasks, comm groups, TOTAL. */
#ifndef SB_SBT_TABLE_H
#define SB_SBT_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"

enum sbt_sort {
	SBT_SORT_AVG, /* perf's default order: avg, max, switches, runtime */
	SBT_SORT_MAX,
	SBT_SORT_SWITCHES,
	SBT_SORT_RUNTIME,
	SBT_SORT_SUM,
};

struct sbt_interval {
	uint64_t delays;
	double avg_ns;
	uint64_t max_ns, p99_ns;
};

struct sbt_row {
	char task[SBT_COMM_LEN + 16]; /* "comm:(N)", "comm:pid" or "TOTAL:" */
	char comm[SBT_COMM_LEN];
	int pid; /* task rows only */
	int workload; /* a workload task, or a group of them (see sbt_opts) */
	unsigned int tasks;
	uint64_t runtime_ns, switches, migrations;
	long double sum_delay_ns;
	uint64_t max_delay_ns, max_start_ns, max_end_ns;
	uint64_t p50_ns, p90_ns, p99_ns, p99_9_ns;
	const struct sbt_dist *delays; /* task rows, while building; then NULL */
	int *pids; /* groups: member pids, ascending */
	size_t npids;
	struct sbt_interval *iv; /* groups and TOTAL: one per interval */
	size_t niv;
	struct sb_hist_compact *hist; /* groups: all their delays (or NULL) */
};

struct sbt_lost_cpu {
	int cpu; /* -1: the recorder did not say */
	uint64_t events;
};

struct sbt_table {
	struct sbt_row *tasks, *groups;
	size_t ntasks, ngroups;
	struct sbt_row total;
	struct sbt_summary sum;
	struct sbt_lost_cpu *lost; /* CPUs that lost events, in order */
	size_t nlost;
};

struct sbt_table_opts {
	const char *const *comms; /* only tasks whose last comm is one of these */
	size_t ncomms;
	enum sbt_sort sort;
};

/* The --sort keys by enum sbt_sort, NULL-terminated (an option's choices). */
extern const char *const sbt_sort_names[];

/* Build @t (sorted rows; tasks without a switch or runtime in the window are
 * left out) once the events are all fed (it calls sbt_finish). Returns 0 or
 * -ENOMEM; free with sbt_table_free(). */
int sbt_table_build(struct sbt *s, const struct sbt_table_opts *o,
		    struct sbt_table *t);
void sbt_table_free(struct sbt_table *t);

/*
 * The machine's noise with a workload set (sum.workload_known): on the CPUs
 * where workload tasks ran in the window, the time other tasks (not idle)
 * took there, and its share of those CPUs' window time.
 */
struct sbt_noise {
	unsigned int ncpus; /* the workload's CPUs (0: nothing ran) */
	uint64_t cpu_mask; /* of them, bit c for CPU c */
	uint64_t other_ns, span_ns; /* span_ns: window length x ncpus */
	double share_pct;
};
void sbt_machine_noise(const struct sbt_summary *sum, struct sbt_noise *n);

/* Average delay of a row in ns (0 without switches). */
double sbt_row_avg_ns(const struct sbt_row *r);

#endif
