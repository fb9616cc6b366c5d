/* SPDX-License-Identifier: GPL-2.0 */
/* One run on the running kernel (host mode). */
#ifndef SB_RUN_HOST_H
#define SB_RUN_HOST_H

#include "harness/plan.h"
#include "harness/run_types.h"

/* The agent in-process on the running kernel, recording with perf. */
void run_host(const struct runner *rn, const struct plan_run *r,
	      const char *dir, struct run_outcome *out);

#endif
