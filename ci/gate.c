// SPDX-License-Identifier: GPL-2.0
/* Gate decisions: one verdict per rule from base and candidate runs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"

const char *ci_verdict_name(enum ci_verdict v)
{
	static const char *const names[] = {
		[CI_V_REGRESSION] = "regression",
		[CI_V_IMPROVEMENT] = "improvement",
		[CI_V_NO_CHANGE] = "no change",
		[CI_V_INCONCLUSIVE] = "inconclusive",
		[CI_V_INSUFFICIENT] = "insufficient data",
		[CI_V_NOT_APPLICABLE] = "not applicable",
	};

	return names[v];
}

enum ci_verdict ci_decide(enum ci_dir dir, double tol_pct, double min_abs,
			  const struct ci_boot *b)
{
	double up = 1 + tol_pct / 100, down = 1 - tol_pct / 100;
	/* "rise": the whole interval is above the band; "fall": below it */
	int rise = b->ratio_lo > up && (min_abs <= 0 || b->diff_lo > min_abs);
	int fall = b->ratio_hi < down &&
		   (min_abs <= 0 || b->diff_hi < -min_abs);
	int inside = (b->ratio_lo >= down && b->ratio_hi <= up) ||
		     (min_abs > 0 && b->diff_lo >= -min_abs &&
		      b->diff_hi <= min_abs);

	if (rise)
		return dir == CI_DIR_HIGHER ? CI_V_IMPROVEMENT :
					      CI_V_REGRESSION;
	if (fall)
		return dir == CI_DIR_HIGHER ? CI_V_REGRESSION :
					      CI_V_IMPROVEMENT;
	return inside ? CI_V_NO_CHANGE : CI_V_INCONCLUSIVE;
}

/* The samples of one side; freed with side_free. */
struct side {
	const struct ci_value **v;
	const double **x;
	size_t *n;
	size_t runs;
	int all_intervals;
};

static void side_free(struct side *s)
{
	free(s->v);
	free(s->x);
	free(s->n);
}

static int side_collect(const struct ci_results *r, const struct ci_rule *rule,
			struct side *s)
{
	s->v = calloc(r->n_runs + 1, sizeof(*s->v));
	s->x = calloc(r->n_runs + 1, sizeof(*s->x));
	s->n = calloc(r->n_runs + 1, sizeof(*s->n));
	s->runs = 0;
	s->all_intervals = 1;
	if (!s->v || !s->x || !s->n)
		return -ENOMEM;
	for (size_t i = 0; i < r->n_runs; i++) {
		const struct ci_value *v = ci_values_get(
			&r->runs[i].vals, rule->metric, rule->group);

		if (!v)
			continue;
		s->v[s->runs] = v;
		s->all_intervals &= v->n_iv >= 2;
		s->runs++;
	}
	return 0;
}

/* Point @s at the intervals (@intervals) or at each run's single value. */
static void side_level(struct side *s, int intervals, struct ci_side *out,
		       size_t *samples)
{
	*samples = 0;
	for (size_t i = 0; i < s->runs; i++) {
		const struct ci_value *v = s->v[i];

		s->x[i] = intervals ? v->iv : &v->v;
		s->n[i] = intervals ? v->n_iv : 1;
		*samples += s->n[i];
	}
	*out = (struct ci_side){ .repeats = s->runs, .x = s->x, .n = s->n };
}

int ci_gate_rule(const struct ci_rule *rule, const struct ci_results *base,
		 const struct ci_results *cand, unsigned int resamples,
		 double conf, uint64_t seed, struct ci_rule_result *out)
{
	struct side sb = { 0 }, sc = { 0 };
	struct ci_side b, c;
	int intervals, ret = -ENOMEM;

	*out = (struct ci_rule_result){ .rule = rule };
	if (side_collect(base, rule, &sb) || side_collect(cand, rule, &sc))
		goto out;
	ret = 0;
	out->base.runs = sb.runs;
	out->cand.runs = sc.runs;
	if (!sb.runs && !sc.runs) {
		out->verdict = rule->required ? CI_V_INSUFFICIENT :
						CI_V_NOT_APPLICABLE;
		snprintf(out->note, sizeof(out->note),
			 "no %s values for \"%s\" on either side",
			 ci_metrics[rule->metric].name, rule->group);
		goto out;
	}
	intervals = sb.all_intervals && sc.all_intervals && sb.runs && sc.runs;
	out->level = intervals ? CI_LEVEL_INTERVALS : CI_LEVEL_RUNS;
	side_level(&sb, intervals, &b, &out->base.samples);
	side_level(&sc, intervals, &c, &out->cand.samples);
	if (!sb.runs || !sc.runs ||
	    (!intervals && (sb.runs < 2 || sc.runs < 2))) {
		out->verdict = CI_V_INSUFFICIENT;
		snprintf(
			out->note, sizeof(out->note),
			"%zu base and %zu candidate runs with values and no per-interval samples; need 2 each",
			sb.runs, sc.runs);
		goto out;
	}
	ret = ci_bootstrap(&b, &c, resamples, conf, seed, &out->boot);
	if (ret)
		goto out;
	out->verdict = ci_decide(rule->dir, rule->tolerance_pct,
				 rule->min_effect_abs, &out->boot);
	if (intervals && (sb.runs < 2 || sc.runs < 2))
		snprintf(
			out->note, sizeof(out->note),
			"one run on a side: run-to-run variation is not sampled");
out:
	side_free(&sb);
	side_free(&sc);
	return ret;
}
