/* SPDX-License-Identifier: GPL-2.0 */
/* `slicebench run` before its first boot: the runner set up, and a matrix's kernels, host checks, plan and results root. */
#ifndef SB_RUN_PREPARE_H
#define SB_RUN_PREPARE_H

#include <limits.h>

#include "harness/plan.h"
#include "harness/runner.h"

/*
 * @rn for @sc read from @path: the scenario, its sha256, @accel (else the
 * scenario's), this executable's directories; signals not yet caught.
 * 0, or SB_EXIT_USAGE said on stderr (the file cannot be read again).
 */
int run_prepare_runner(struct runner *rn, struct scenario *sc, const char *path,
		       const char *accel);

/* What a matrix run asks besides its scenario. */
struct run_request {
	const char *kernels; /* --kernel K[,K2...] */
	int repeats; /* --repeats; 0: the scenario's */
	int features_as_is; /* --features-as-is: one set, features as found */
	struct run_root where; /* --results, --resume, --new */
};

/* A matrix ready to run: its kernels, plan and run directory. */
struct run_matrix {
	struct run_kernel ks[PLAN_MAX_KERNELS];
	int nk;
	struct plan p; /* plan_free() */
	char root[PATH_MAX];
};

/*
 * The matrix of @rq on @rn (run_prepare_runner()'s, of @sc): kernels looked up,
 * the host checked, the plan built and sized (said on stdout, with a
 * caution below the gate's runs), the run directory chosen, and notes of
 * what the kernels will not do. With features_as_is @sc's sets become
 * one, RUN_AS_FOUND_SET. 0, or an exit code said on stderr.
 */
int run_prepare_matrix(struct runner *rn, struct scenario *sc,
		       const struct run_request *rq, struct run_matrix *m);

#endif
