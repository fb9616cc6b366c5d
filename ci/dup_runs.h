/* SPDX-License-Identifier: GPL-2.0 */
/* Copied runs, within a side or across the two: refused, for a copy is no second measurement. */
#ifndef CI_DUP_RUNS_H
#define CI_DUP_RUNS_H

#include "ci/results.h"
#include "common/error.h"

/*
 * Do the runs of @base and @cand (NULL: @base alone) measure apart? Two
 * runs with the same table.json groups, or the same workload document
 * (one that did not report an error), are one run counted twice: the gate
 * would take them for independent. Returns 0, -EINVAL with @e naming both
 * files, or -ENOMEM.
 */
int ci_runs_distinct(const struct ci_results *base,
		     const struct ci_results *cand, struct sb_error *e);

#endif
