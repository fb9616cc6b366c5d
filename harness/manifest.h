/* SPDX-License-Identifier: GPL-2.0 */
/* manifest.json: what a finished run was (kernel, features, host, times, status). */
#ifndef SB_MANIFEST_H
#define SB_MANIFEST_H

#include <jansson.h>

#include "harness/boot/kernel.h"
#include "harness/plan.h"
#include "harness/run_types.h"

/* manifest.json of a finished run (status complete when no failure). */
json_t *manifest_build(const struct runner *rn, const struct kernel_info *ki,
		       const struct plan_run *r, const char *dir,
		       const struct run_outcome *out, const char *start_time,
		       const char *end_time);

#endif
