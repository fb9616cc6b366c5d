/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Executors: run the pending units of a matrix as separate
 * `slicebench run --unit` processes, here (--jobs), through GNU parallel or
 * as a Slurm array job. Units land in ROOT/hosts/<hostname>/ and are merged
 * into ROOT by the caller.
 */
#ifndef SB_EXEC_H
#define SB_EXEC_H

#include <signal.h>
#include <stddef.h>

#include "common/error.h"

struct exec_ctx {
	const char *root; /* results/<run-id> */
	const char *self; /* this slicebench binary, absolute */
	const char *scenario; /* absolute path */
	const char *kernels; /* --kernel as given */
	const char *accel; /* or NULL */
	const char *const *units; /* unit ids, plan order */
	size_t n_units;
	int jobs; /* local: guests at once; parallel: jobs per host (0: 1) */
	/* the runs measure the same beside others (virtual time: the
	 * runner's at_once > 1): no warning that jobs perturb them */
	int sealed;
	const char *sshlogin, *slf, *joblog; /* GNU parallel */
	const char *slurm_args; /* split at blanks, each its own argument */
	const volatile sig_atomic_t *stop;
};

/*
 * The arguments after `slicebench run --unit ID` that every executor passes:
 * --scenario F --results ROOT --per-host --kernel K [--accel A], NULL-ended
 * in @v (at least 12 slots). Returns the count.
 */
size_t exec_unit_args(const struct exec_ctx *c, const char **v);

/* Write the unit ids, one a line, to @path. Returns 0 or -errno. */
int exec_write_units(const struct exec_ctx *c, const char *path);

/* One way of running unit processes (an ops table). */
struct executor {
	const char *name; /* --executor NAME */
	/* Hand it every unit, complete ones too (GNU parallel: its joblog's
	 * job numbers stay stable over reruns); else only pending ones. */
	int all_units;
	/* 0 when every unit process succeeded, the number of failed ones
	 * (> 0), or -errno with @e filled (cannot start the engine). */
	int (*run)(const struct exec_ctx *c, struct sb_error *e);
};

extern const struct executor exec_local; /* exec_local.c: --jobs N here */
extern const struct executor exec_parallel; /* exec_parallel.c: GNU parallel */
extern const struct executor exec_slurm; /* exec_slurm.c: sbatch --array */

/* The executor called @name, or NULL (exec_common.c). */
const struct executor *exec_find(const char *name);
/* "local, parallel, slurm": every name, for messages. */
const char *exec_names(void);

#endif
