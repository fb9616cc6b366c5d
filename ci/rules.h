/* SPDX-License-Identifier: GPL-2.0 */
/* Gate rules file (ci/gate.json): which metric of which group may move how far. */
#ifndef CI_RULES_H
#define CI_RULES_H

#include <stddef.h>

#include "ci/metrics.h"

struct ci_rule {
	char *name;
	int metric; /* index into ci_metrics */
	char *group; /* table comm or workload name */
	enum ci_dir dir; /* which way is better */
	double tolerance_pct;
	double min_effect_abs; /* 0: none */
	int required; /* absent on both sides counts as insufficient data */
};

struct ci_rules {
	unsigned int resamples;
	double confidence;
	struct ci_rule *v;
	size_t n;
};

/*
 * Parse @path. Unknown keys, unknown metrics, bad directions or ranges fail
 * with -EINVAL and @err "<file>: rules[i].<key>: <value> ..." (-ENOMEM).
 */
int ci_rules_load(const char *path, struct ci_rules *out, char *err,
		  size_t errlen);
void ci_rules_free(struct ci_rules *r);

#endif
