/* SPDX-License-Identifier: GPL-2.0 */
/* Runs sized before running: the noise a finished run keeps beside the kernel cache, and what plan, run and check say from it before the first boot. */
#ifndef SB_RUN_SIZING_H
#define SB_RUN_SIZING_H

#include <stdio.h>

#include "ci/rules.h"
#include "common/error.h"
#include "harness/run_types.h"

/*
 * Say on @f, before running @rn's scenario on the @nk kernels @ks, per
 * rule of @rules (NULL: those the scenario names, else ci/gate.json) the
 * runs a side that decide it at 80 % power, at the noise earlier runs kept
 * (ci/noise_store.h), how long they take and whether @reach runs a side
 * (@reach_what: "the scenario's repeats", "--repeats", "--max-repeats")
 * get there; or that no noise is known yet. @check: the kernels are the
 * two sides of one comparison (their noise pooled), else each kernel's
 * feature sets are the sides.
 */
void run_sizing_say(FILE *f, const struct runner *rn,
		    const struct run_kernel *ks, int nk,
		    const struct ci_rules *rules, int reach,
		    const char *reach_what, int check);

/*
 * Keep the noise of the complete runs under the run directory @root: per
 * kernel, each rule's spread over its feature sets under the rules its
 * scenario names, and a run's wall time, in kernel_cache_dir()/noise/
 * (atomically), keyed by the scenario's SHA-256 its first run's manifest
 * records. Kernels without two runs a side, or without that SHA-256, keep
 * nothing. Returns 0 or -errno with @e.
 */
int run_noise_keep(const char *root, struct sb_error *e);

#endif
