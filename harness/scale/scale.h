/* SPDX-License-Identifier: GPL-2.0 */
/* slicebench run's scale-out paths: one unit (--unit), or the matrix through an executor. */
#ifndef SB_SCALE_H
#define SB_SCALE_H

#include "harness/plan.h"
#include "harness/runner.h"

struct scale_opts {
	const char *unit, *results, *kernels, *scenario, *accel;
	const char *executor, *jobs, *sshlogin, *slf, *joblog, *slurm_args;
	int per_host;
};

/* run --unit ID --results RUN_DIR [--per-host]; an SB_EXIT_* code. */
int scale_run_unit(const struct scale_opts *o, struct runner *rn);

/*
 * The pending units of @p as unit processes of o->executor (or --jobs),
 * then RUN_DIR/hosts/<host> merged into @root; an SB_EXIT_* code.
 */
int scale_run(const struct scale_opts *o, struct runner *rn,
	      const struct plan *p, const char *root);

#endif
