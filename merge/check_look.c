// SPDX-License-Identifier: GPL-2.0
/* A check's look: the gate over the rounds so far at the levels the spending gives that look. */
#include <errno.h>
#include <stdio.h>

#include "ci/spending.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "merge/check_look.h"

/*
 * The error levels of the look at information fraction @t[k-1] after the
 * looks at @t[0..k-2] (ci_spending_look), and how they were set.
 */
static int look_levels(const struct ci_rules *rules, const double *t, size_t k,
		       struct ci_levels *lv, char *why, size_t len)
{
	double m = (double)rules->n;

	if (ci_spending_look(rules, t, k, lv))
		return -ENOMEM;
	snprintf(why, len,
		 "check: look %zu at information %.3g, O'Brien-Fleming-type "
		 "spending: each rule's share of alpha, %.3g%%, spent %.3g%% "
		 "by now and tested at %.3g%% here (alpha %.3g%% over %zu "
		 "rules); pass error %g%% spent %.3g%% by now, tested at "
		 "%.3g%% here",
		 k, t[k - 1], rules->alpha / m * 100,
		 ci_obf_spent(rules->alpha / m, t[k - 1]) * 100,
		 lv->alpha / m * 100, lv->alpha * 100, rules->n,
		 (1 - rules->pass_confidence) * 100,
		 ci_obf_spent(1 - rules->pass_confidence, t[k - 1]) * 100,
		 lv->pass_alpha * 100);
	return 0;
}

/*
 * Gate the runs of rounds 1..@round (quietly, or with every output on
 * @final) at the levels of look @k (its fraction in c->t[k - 1]), which
 * go to @lv: the same rounds and look give the same verdict, however many
 * runs are there.
 */
int check_look(const struct check *c, int round, size_t k, int final,
	       struct ci_levels *lv)
{
	char why[400];
	struct ci_gate_run g = {
		.base_spec = c->base_spec,
		.cand_spec = c->cand_spec,
		.rules = c->rules,
		.levels_why = why,
		.text = final ? c->o->say : NULL,
		.out = final ? c->o->out : (struct ci_gate_outputs){ 0 },
		.last_round = (unsigned int)round,
		.argc = c->o->argc,
		.argv = c->o->argv,
	};

	struct sb_error e;
	int code, r;

	if (look_levels(c->rules, c->t, k, &g.levels, why, sizeof(why))) {
		fprintf(stderr, "slicebench check: out of memory\n");
		return SB_EXIT_UNMEASURED;
	}
	*lv = g.levels;
	r = ci_gate_run(&g, &code, &e);
	return r ? sb_error_report("slicebench check", r, &e) : code;
}

const char *check_outcome(int code)
{
	return code == SB_EXIT_REGRESSION ? "regression" :
	       code == SB_EXIT_OK	  ? "pass" :
	       code == SB_EXIT_USAGE	  ? "bad input" :
	       code == SB_EXIT_UNDECIDED  ? "cannot decide" :
					    "could not measure";
}
