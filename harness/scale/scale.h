/* SPDX-License-Identifier: GPL-2.0 */
/* slicebench run's scale-out paths: one unit (--unit), or the matrix through an executor. */
#ifndef SB_SCALE_H
#define SB_SCALE_H

#include "common/error.h"
#include "harness/plan.h"
#include "harness/run_types.h"

struct scale_opts {
	const char *unit, *results, *kernels, *scenario, *accel;
	const char *executor, *sshlogin, *slf, *joblog, *slurm_args;
	int jobs; /* --jobs N; 0: not given */
	int per_host;
};

/*
 * run --unit ID --results RUN_DIR [--per-host]: 0 complete (or skipped), 1
 * the run failed or was interrupted (said through the logger), or -errno
 * with @e set (-EINVAL: a unit, kernel or run directory that does not fit).
 */
int scale_run_unit(const struct scale_opts *o, struct runner *rn,
		   struct sb_error *e);

/*
 * The pending units of @p as unit processes of o->executor (or --jobs),
 * then RUN_DIR/hosts/<host> merged into @root and the results printed: 0
 * every run complete, 1 some not (said through the logger), or -errno
 * with @e set (the executor could not start).
 */
int scale_run(const struct scale_opts *o, struct runner *rn,
	      const struct plan *p, const char *root, struct sb_error *e);

#endif
