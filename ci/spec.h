/* SPDX-License-Identifier: GPL-2.0 */
/* Resolve a "DIR[:kernel[/feature-set]]" or "DIR/KERNEL[/FEATURE-SET]" argument into loaded results. */
#ifndef CI_SPEC_H
#define CI_SPEC_H

#include <stddef.h>

#include "ci/results.h"
#include "common/error.h"

/*
 * Load @spec's directory and narrow it. @spec is DIR[:kernel[/feature-set]],
 * or the path of a kernel's or a feature set's directory in a run
 * (DIR/KERNEL, DIR/KERNEL/FEATURE-SET). With @single, the result must be
 * exactly one kernel and one feature set, its runs of one scenario, each
 * naming it (scenario.sha256) once one does.
 * Returns 0, or with @e set (naming the kernels or feature sets there):
 * -EINVAL (bad spec, malformed file, no such directory, missing kernel or
 * feature set, ambiguous, two scenarios, an unmarked run), -ENODATA (no complete runs) or
 * -ENOMEM.
 */
int ci_spec_load(const char *spec, int single, struct ci_results *out,
		 struct sb_error *e);

#endif
