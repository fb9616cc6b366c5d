/* SPDX-License-Identifier: GPL-2.0 */
/* Gate decisions: one verdict per rule from base and candidate runs, family-wise error controlled. */
#ifndef CI_GATE_H
#define CI_GATE_H

#include <stddef.h>

#include "ci/results.h"
#include "ci/rules.h"
#include "ci/stats.h"

enum ci_verdict {
	CI_V_REGRESSION, /* worse than the tolerance, family-wise at alpha */
	CI_V_IMPROVEMENT, /* better than the tolerance, or a pass wholly better */
	CI_V_PASS, /* a change worse than the pass bound is ruled out */
	CI_V_INCONCLUSIVE, /* neither: more runs would tell */
	CI_V_INSUFFICIENT, /* fewer runs a side than a verdict needs */
	CI_V_NOT_APPLICABLE, /* an optional rule's group is on neither side */
};

/* The error levels of one evaluation (a gate, or one look of a check). */
/*
 * The share of a pass bound's level its second bound, below twice the
 * pass bound, is tested at: 1 % at the default 95 % confidence, the chance
 * of exit 0 at twice the tolerance promised.
 */
#define CI_PASS2_SHARE 0.2

struct ci_levels {
	double alpha; /* family-wise, over the rules evaluated together */
	double pass_alpha; /* 1 - confidence of each pass bound */
};

struct ci_rule_result {
	const struct ci_rule *rule;
	enum ci_verdict verdict;
	size_t base_runs, cand_runs; /* runs with a value */
	size_t base_lost, cand_lost; /* runs left out: lost trace events */
	size_t base_missing, cand_missing; /* complete runs without a value */
	/* runs that failed, or whose document for the rule reported an error */
	size_t base_failed, cand_failed;
	/* geometric means (arithmetic when a value is <= 0) of the runs */
	double base_mean, cand_mean;
	/*
	 * cand/base of the geometric means and its interval: the good-side
	 * end at the level that decided a regression, the bad-side end at
	 * the pass level (so it is the largest change not ruled out).
	 * NAN when a value is <= 0.
	 */
	double ratio, ratio_lo, ratio_hi;
	double diff, diff_lo, diff_hi; /* cand - base of the arithmetic means */
	double p_regression; /* one-sided, before the family-wise step */
	double level; /* the level its family-wise step tested it at */
	double pass_level; /* of each pass bound (halved when it has two) */
	/* a pass (verdict pass) by the absolute bound alone, not the ratio's */
	int pass_by_floor;
	int paired; /* paired t by round (runs interleaved), else Welch's */
	int perm_checked; /* a permutation test was asked to confirm it */
	double p_perm; /* its p-value for the verdict's question */
	/* about how many more runs a side would decide it; 0: decided */
	unsigned int more_runs;
	char note[1024];
};

const char *ci_verdict_name(enum ci_verdict v);

/*
 * Evaluate every rule of @rules on @base vs @cand into @res (@rules->n
 * entries) at @lv. A rule with values on one side only is inconclusive
 * (what the other lost may be what changed). Returns 0, -ENOMEM, or
 * -ENODATA when a required rule's group has no value on either side (@e
 * names the rule, the group and the groups the results hold).
 */
int ci_gate_evaluate(const struct ci_rules *rules,
		     const struct ci_results *base,
		     const struct ci_results *cand, const struct ci_levels *lv,
		     struct ci_rule_result *res, struct sb_error *e);

/* What the gate decides of a merge, from its rules' verdicts. */
enum ci_decision {
	CI_DECISION_PASS, /* every rule with data passed */
	CI_DECISION_REGRESSION, /* any rule regressed */
	CI_DECISION_UNDECIDED, /* else: cannot decide */
};

/*
 * Regression when any rule regressed; pass when every rule that applies
 * passed and one did (optional rules may be absent, not undecided); else
 * undecided.
 */
enum ci_decision ci_gate_decide(const struct ci_rule_result *res, size_t n);

#endif
