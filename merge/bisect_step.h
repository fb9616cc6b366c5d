/* SPDX-License-Identifier: GPL-2.0 */
/* One step of a bisection: the step's kernel descriptor, its in-place build, and its check as a subprocess. */
#ifndef SB_MERGE_BISECT_STEP_H
#define SB_MERGE_BISECT_STEP_H

#include <limits.h>
#include <stdint.h>

#include "common/error.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_build.h"
#include "merge/bisect_git.h"

/* What every step's check is given, and where steps go. */
struct bisect_ctx {
	const struct kernel_info *series; /* the series' kernel */
	const struct kernel_patches *q; /* its patches */
	/* A git range instead: step k is commit k of these, in @tree. */
	const struct bisect_commits *commits;
	const char *tree;
	const char *good_name; /* the good end as the checks name it */
	const char *scenario, *accel; /* accel: NULL for the scenario's */
	uint64_t max_repeats; /* 0: check's default */
	int split; /* the error budget's share: 1/split per check */
	char dir[PATH_MAX]; /* the bisection's results directory */
	char kernels[PATH_MAX]; /* <dir>/kernels: SLICEBENCH_KERNELS of checks */
};

/* What a step's check said. */
struct bisect_check {
	int code; /* check's exit code */
	unsigned int base_runs, cand_runs;
	double secs;
	char line[512]; /* the check's last "check: ..." line */
	char log[PATH_MAX];
};

/* "<series>-<k>" (a git range: "<kernel>-<commit's 12 digits>"): step @k's kernel. */
void bisect_step_name(const struct bisect_ctx *c, int k, char *buf, size_t len);

/*
 * Write step @k's descriptor under c->kernels (the series' tree and
 * fragment, a series of links to its first @k patches; or the git tree at
 * commit k) and parse it into
 * @ki. Returns 0 or -errno with @e.
 */
int bisect_step_kernel(const struct bisect_ctx *c, int k,
		       struct kernel_info *ki, struct sb_error *e);

/* Link the named good kernel's descriptor directory into c->kernels. */
int bisect_link_kernel(const struct bisect_ctx *c, const struct kernel_info *ki,
		       struct sb_error *e);

/*
 * Run `slicebench check` (the program @self) of the good end against step
 * @k's kernel into <dir>/step-<k>, its output in check.log there; a
 * re-run resumes it. Returns 0 with @out filled, or -errno with @e (the
 * check could not be started).
 */
int bisect_step_check(const struct bisect_ctx *c, const char *self, int k,
		      struct bisect_check *out, struct sb_error *e);

/*
 * The same check of the good end against step @k's kernel run with
 * @cand_features (check --cand-features), into <dir>/@sub.
 */
int bisect_triage_check(const struct bisect_ctx *c, const char *self, int k,
			const char *cand_features, const char *sub,
			struct bisect_check *out, struct sb_error *e);

#endif
