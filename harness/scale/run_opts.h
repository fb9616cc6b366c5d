/* SPDX-License-Identifier: GPL-2.0 */
/* What `slicebench run` was given, which options go together, and what the scale-out paths take of them. */
#ifndef SB_SCALE_RUN_OPTS_H
#define SB_SCALE_RUN_OPTS_H

#include <stdint.h>

#include "harness/scale/scale.h"

/* The options of `slicebench run`; NULL or 0: not given. */
struct run_opts {
	const char *kernels;
	const char *scenario;
	const char *accel;
	const char *results;
	const char *resume;
	int64_t repeats, jobs;
	const char *unit;
	const char *executor;
	const char *sshlogin, *slf, *joblog, *slurm_args;
	int per_host;
	int new_run;
	int features_as_is;
	int repeats_given, jobs_given;
};

/*
 * Why @o's options do not go together (the one line to print after
 * "slicebench run: "), or NULL. @host_cpus: the CPUs this process may use,
 * the most guests the local executor runs at once.
 */
const char *run_opts_conflict(const struct run_opts *o, long host_cpus);

/* The CPUs this process may run on (its affinity mask). */
long run_opts_host_cpus(void);

/* What the unit runner and the executors need of @o. */
struct scale_opts run_opts_scale(const struct run_opts *o);

#endif
