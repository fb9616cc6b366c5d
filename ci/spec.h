/* SPDX-License-Identifier: GPL-2.0 */
/* Resolve a "DIR[:kernel[/feature-set]]" or "DIR/KERNEL[/FEATURE-SET]" argument into loaded results. */
#ifndef CI_SPEC_H
#define CI_SPEC_H

#include <stddef.h>

#include "ci/results.h"
#include "common/error.h"
#include "common/outcheck.h"

/* The most specs ci_spec_check_outputs() takes. */
#define CI_SPEC_MAX_INPUTS 16

/*
 * Load @spec's directory and narrow it. @spec is DIR[:kernel[/feature-set]],
 * or the path of a kernel's or a feature set's directory in a run
 * (DIR/KERNEL, DIR/KERNEL/FEATURE-SET). Its runs must be of one scenario
 * (their scenario.sha256); with @single, the result must also be
 * exactly one kernel and one feature set, each run naming its scenario
 * once one does.
 * Returns 0, or with @e set (naming the kernels or feature sets there):
 * -EINVAL (bad spec, malformed file, no such directory, missing kernel or
 * feature set, ambiguous, two scenarios, an unmarked run), -ENODATA (no complete runs) or
 * -ENOMEM.
 */
int ci_spec_load(const char *spec, int single, struct ci_results *out,
		 struct sb_error *e);

/*
 * The runs of @r (loaded from @spec) come from one scenario (their
 * manifests' scenario.sha256), and with @marked every run names it: an
 * unmarked run could be of any scenario (runs written before manifests
 * named it are still compared). 0 or -EINVAL naming the manifest, the
 * field and both values.
 */
int ci_spec_one_scenario(const char *spec, const struct ci_results *r,
			 int marked, struct sb_error *e);

/*
 * The outputs @outs (@n_outs) of a command reading results @specs (@n,
 * at most CI_SPEC_MAX_INPUTS) and the rules file @rules (NULL: none),
 * checked before any work by sb_out_check_all(): none inside a spec's
 * directory, nor the rules file. 0, -EINVAL said in @e, or -errno.
 */
int ci_spec_check_outputs(const char *const *specs, size_t n, const char *rules,
			  const struct sb_path_use *outs, size_t n_outs,
			  struct sb_error *e);

#endif
