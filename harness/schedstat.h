/* SPDX-License-Identifier: GPL-2.0 */
/* Samples /proc/<pid>/task/<tid>/schedstat of every workload task. */
#ifndef SB_SCHEDSTAT_H
#define SB_SCHEDSTAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <jansson.h>

struct ss_counts {
	uint64_t run_ns, run_delay_ns, timeslices;
};

struct ss_task {
	pid_t pid, tid;
	int group; /* index of the process group it was found in */
	char comm[16];
	struct ss_counts last; /* the newest sample */
	uint64_t last_mono_ns; /* when it was taken */
	struct ss_counts start; /* at the window start, when seen then */
	int have_start;
};

struct ss_sampler {
	struct ss_task *tasks;
	size_t n, cap;
	uint64_t last_mono_ns;
};

/*
 * Sample every task of the processes whose process group is one of
 * @pgids[0..n). With @window_start the values are also kept as the start
 * of the measured window. Returns 0 or -ENOMEM.
 */
int ss_sample(struct ss_sampler *s, const pid_t *pgids, int n,
	      int window_start);

/* {"schema", "sampled_at_mono_ns", "tasks": [...]}; @names[group] labels tasks. */
json_t *ss_to_json(const struct ss_sampler *s, const char *const *names);

void ss_free(struct ss_sampler *s);

#endif
