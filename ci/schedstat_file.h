/* SPDX-License-Identifier: GPL-2.0 */
/* A run's schedstat.json read back by its rows into a struct (an input of the cross-check). */
#ifndef CI_SCHEDSTAT_FILE_H
#define CI_SCHEDSTAT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "common/jsonread.h"

/* A workload task's newest sample; a figure the file lacks is NAN. */
struct ci_ss_task {
	int64_t pid, tid;
	char *comm, *workload;
	double run_ns, run_delay_ns, timeslices, sampled_at_mono_ns;
	/* at_window_start: has_start 0 when null (the task came later) */
	int has_start;
	double start_run_ns, start_run_delay_ns, start_timeslices;
};

struct ci_schedstat {
	int schema;
	double sampled_at_mono_ns;
	struct ci_ss_task *tasks;
	size_t n_tasks;
};

extern const struct sb_jr_table ci_schedstat_format;

/*
 * Read @path into @ss: 0, or -EINVAL with @e "<path>: <json path>:
 * <value> <why>", -ENOMEM; freed on error.
 */
int ci_schedstat_load(const char *path, struct ci_schedstat *ss,
		      struct sb_error *e);
void ci_schedstat_free(struct ci_schedstat *ss);

/* The task of @tid, or NULL. */
const struct ci_ss_task *ci_schedstat_task(const struct ci_schedstat *ss,
					   int64_t tid);

#endif
