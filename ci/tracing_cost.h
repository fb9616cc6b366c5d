/* SPDX-License-Identifier: GPL-2.0 */
/* What recording costs the workloads: their own figures, recorded runs against the control arm's, as the gate estimates a change. */
#ifndef CI_TRACING_COST_H
#define CI_TRACING_COST_H

#include <stdio.h>

#include "ci/results.h"
#include "ci/rules.h"

/*
 * For each kernel and feature set with control runs (@res->untraced), one
 * `tracing cost:` line per workload group: every directed metric the
 * workload reports itself (workloads/<name>.json), recorded runs against
 * unrecorded ones, as the gate's ratio of geometric means minus one and
 * its interval at @rules' levels (family-wise over a kernel and feature
 * set's figures), after a heading saying so. Without control runs, one
 * line says the cost was not measured. Returns 0 or -ENOMEM.
 */
int ci_tracing_cost_print(FILE *f, const struct ci_results *res,
			  const struct ci_rules *rules);

#endif
