// SPDX-License-Identifier: GPL-2.0
/* What `slicebench run` was given, which options go together, and what the scale-out paths take of them. */
#include <sched.h>
#include <string.h>

#include "harness/scale/run_opts.h"

long run_opts_host_cpus(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) ? 1 : CPU_COUNT(&set);
}

/* The scale-out options: which go together. */
static const char *scale_conflict(const struct run_opts *o, long host_cpus)
{
	const char *e = o->executor ? o->executor : "local";

	if (o->jobs_given && !strcmp(e, "local") && o->jobs > host_cpus)
		return "--jobs: more than the host CPUs this process may use "
		       "(one guest per CPU group)";
	if (o->unit && (o->executor || o->jobs_given || o->resume ||
			o->new_run || o->repeats_given))
		return "--unit runs one unit: no --executor, --jobs, --resume, "
		       "--new or --repeats";
	if (o->unit && !o->results)
		return "--unit needs --results RUN_DIR";
	if (o->per_host && !o->unit)
		return "--per-host goes with --unit";
	if ((o->sshlogin || o->slf || o->joblog) && strcmp(e, "parallel"))
		return "--sshlogin, --slf and --joblog go with --executor "
		       "parallel";
	if (o->slurm_args && strcmp(e, "slurm"))
		return "--slurm-args goes with --executor slurm";
	if (o->features_as_is && (o->executor || o->jobs_given || o->unit))
		return "--features-as-is goes with the local runner (no "
		       "--executor, --jobs or --unit: units would not know it)";
	if (o->jobs_given && !strcmp(e, "slurm"))
		return "--jobs: Slurm places the array tasks (use --slurm-args)";
	return NULL;
}

const char *run_opts_conflict(const struct run_opts *o, long host_cpus)
{
	const char *bad;

	if ((!o->kernels && !o->unit) || !o->scenario)
		return "--kernel and --scenario are required (see --help)";
	if ((bad = scale_conflict(o, host_cpus)))
		return bad;
	if (o->resume && o->new_run)
		return "--resume and --new exclude each other";
	return NULL;
}

struct scale_opts run_opts_scale(const struct run_opts *o)
{
	return (struct scale_opts){
		.unit = o->unit,
		.results = o->results,
		.kernels = o->kernels,
		.scenario = o->scenario,
		.accel = o->accel,
		.executor = o->executor,
		.jobs = o->jobs_given ? (int)o->jobs : 0,
		.sshlogin = o->sshlogin,
		.slf = o->slf,
		.joblog = o->joblog,
		.slurm_args = o->slurm_args,
		.per_host = o->per_host,
	};
}
