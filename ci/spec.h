/* SPDX-License-Identifier: GPL-2.0 */
/* Resolve a "DIR[:kernel[/feature-set]]" argument into loaded results. */
#ifndef CI_SPEC_H
#define CI_SPEC_H

#include <stddef.h>

#include "ci/results.h"

/*
 * Load @spec's directory and narrow it. With @single, the result must be
 * exactly one kernel and one feature set, its runs of one scenario. Returns
 * an SB_EXIT_* code: 0, SB_EXIT_USAGE (bad spec, malformed file, missing
 * kernel or feature set, ambiguous, two scenarios) or SB_EXIT_UNMEASURED (no
 * complete runs), with @err set.
 */
int ci_spec_load(const char *spec, int single, struct ci_results *out,
		 char *err, size_t errlen);

#endif
