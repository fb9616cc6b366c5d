/* SPDX-License-Identifier: GPL-2.0 */
/* Gate decisions: one verdict per rule from base and candidate runs. */
#ifndef CI_GATE_H
#define CI_GATE_H

#include <stddef.h>
#include <stdint.h>

#include "ci/results.h"
#include "ci/rules.h"
#include "ci/stats.h"

enum ci_verdict {
	CI_V_REGRESSION,
	CI_V_IMPROVEMENT,
	CI_V_NO_CHANGE,
	CI_V_INCONCLUSIVE,
	CI_V_INSUFFICIENT, /* too little data to decide */
	CI_V_NOT_APPLICABLE, /* the group/metric is on neither side */
};

enum ci_level { CI_LEVEL_RUNS, CI_LEVEL_INTERVALS };

struct ci_side_info {
	size_t runs, samples;
};

struct ci_rule_result {
	const struct ci_rule *rule;
	enum ci_verdict verdict;
	enum ci_level level;
	struct ci_side_info base, cand;
	struct ci_boot boot; /* valid unless insufficient / not applicable */
	char note[192];
};

const char *ci_verdict_name(enum ci_verdict v);

/*
 * The verdict for confidence intervals @b under a rule with direction @dir,
 * tolerance @tol_pct (% of the base median) and minimum absolute effect
 * @min_abs (0: none). See ci/README.md.
 */
enum ci_verdict ci_decide(enum ci_dir dir, double tol_pct, double min_abs,
			  const struct ci_boot *b);

/* Evaluate @rule on @base vs @cand. Returns 0 or -ENOMEM. */
int ci_gate_rule(const struct ci_rule *rule, const struct ci_results *base,
		 const struct ci_results *cand, unsigned int resamples,
		 double conf, uint64_t seed, struct ci_rule_result *out);

#endif
