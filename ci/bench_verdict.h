/* SPDX-License-Identifier: GPL-2.0 */
/* The one place the end of a run asks the gate: each rule's verdict and ratio interval, base vs candidate. */
#ifndef CI_BENCH_VERDICT_H
#define CI_BENCH_VERDICT_H

#include "ci/gate.h"

struct ci_bench_verdict {
	const char *name; /* ci_verdict_name() */
	enum ci_verdict verdict;
	unsigned int more_runs; /* as struct ci_rule_result's */
	double ratio, ratio_lo, ratio_hi; /* cand/base point and interval */
};

/*
 * Evaluate every rule of @rules on @base vs @cand as the gate does (its
 * levels, family-wise over the rules), into @out (@rules->n entries, in
 * rules order). A rule whose group a side lacks is not applicable here,
 * required or not. Returns 0 or -ENOMEM.
 */
int ci_bench_verdicts(const struct ci_rules *rules,
		      const struct ci_results *base,
		      const struct ci_results *cand,
		      struct ci_bench_verdict *out);

#endif
