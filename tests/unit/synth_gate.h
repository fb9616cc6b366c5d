/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: a gate over synthetic runs (ci/synth_runs.h), two sides and up to two rules at the gate's usual levels. */
#ifndef SB_TEST_SYNTH_GATE_H
#define SB_TEST_SYNTH_GATE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "ci/gate.h"
#include "ci/synth_runs.h"

/* @n rules @v at alpha 0.01 and a pass's 95 % confidence, as ci/gate.json. */
static inline struct ci_rules synth_rules(struct ci_rule *v, size_t n)
{
	return (struct ci_rules){ .alpha = 0.01,
				  .pass_confidence = 0.95,
				  .min_runs = CI_MIN_RUNS,
				  .v = v,
				  .n = n };
}

/* Two sides of runs, the rules they are gated by, the rules' results. */
struct synth_gate {
	struct ci_results base, cand;
	struct ci_rule rules[2];
	struct ci_rules set;
	struct ci_rule_result res[2];
};

/* @nb base and @nc candidate runs without values; the first @n_rules rules. */
static inline void synth_gate_alloc(struct synth_gate *g, size_t nb, size_t nc,
				    size_t n_rules)
{
	assert_int_equal(ci_synth_alloc(&g->base, nb), 0);
	assert_int_equal(ci_synth_alloc(&g->cand, nc), 0);
	g->set = synth_rules(g->rules, n_rules);
}

/* The gate over both sides (pass alpha 0.05): each rule's result, the decision. */
static inline int synth_gate_decide(struct synth_gate *g)
{
	struct ci_levels lv = { .alpha = g->set.alpha, .pass_alpha = 0.05 };
	struct sb_error e;

	assert_int_equal(ci_gate_evaluate(&g->set, &g->base, &g->cand, &lv,
					  g->res, &e),
			 0);
	return ci_gate_decide(g->res, g->set.n);
}

static inline void synth_gate_free(struct synth_gate *g)
{
	ci_synth_free(&g->base);
	ci_synth_free(&g->cand);
}

#endif
