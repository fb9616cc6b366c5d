// SPDX-License-Identifier: GPL-2.0
/* Gate decisions: one verdict per rule from base and candidate runs, family-wise error controlled. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"
#include "common/exitcodes.h"

/* No rule asks for more runs a side than this. */
#define MAX_RUNS_NEEDED 1000

const char *ci_verdict_name(enum ci_verdict v)
{
	static const char *const names[] = {
		[CI_V_REGRESSION] = "regression",
		[CI_V_IMPROVEMENT] = "improvement",
		[CI_V_PASS] = "pass",
		[CI_V_INCONCLUSIVE] = "inconclusive",
		[CI_V_INSUFFICIENT] = "insufficient data",
		[CI_V_NOT_APPLICABLE] = "not applicable",
	};

	return names[v];
}

/* One side's run values of a rule, and their logarithms. */
struct side {
	double *x, *lx;
	size_t n, lost;
	int positive; /* every value > 0: the log scale is defined */
};

static void side_free(struct side *s)
{
	free(s->x);
	free(s->lx);
}

static int side_collect(const struct ci_results *r, const struct ci_rule *rule,
			struct side *s)
{
	int table = ci_metric_at(rule->metric)->src == CI_SRC_TABLE;

	*s = (struct side){ .positive = 1 };
	s->x = calloc(r->n_runs + 1, sizeof(*s->x));
	s->lx = calloc(r->n_runs + 1, sizeof(*s->lx));
	if (!s->x || !s->lx)
		return -ENOMEM;
	for (size_t i = 0; i < r->n_runs; i++) {
		const struct ci_value *v = ci_values_get(
			&r->runs[i].vals, rule->metric, rule->group);

		if (!v)
			continue;
		if (table && r->runs[i].lost_events) {
			s->lost++;
			continue;
		}
		s->x[s->n] = v->v;
		s->positive &= v->v > 0;
		s->lx[s->n] = v->v > 0 ? log(v->v) : 0;
		s->n++;
	}
	return 0;
}

/*
 * A rule's limits on the "worse" axis: log ratio (positive = worse) and
 * absolute difference (positive = worse). A regression is beyond reg, a
 * pass below pass, an improvement below imp.
 */
struct limits {
	double reg, pass, imp; /* log scale */
	double reg_abs, pass_abs, imp_abs; /* 0 reg_abs / pass_abs: unused */
};

static struct limits limits_of(const struct ci_rule *r)
{
	double t = r->tolerance_pct / 100, p = r->pass_bound_pct / 100;
	struct limits l = { .reg_abs = r->min_effect_abs,
			    .pass_abs = r->pass_bound_abs,
			    .imp_abs = -r->min_effect_abs };

	if (r->dir == CI_DIR_HIGHER) {
		l.reg = -log1p(-t);
		l.pass = -log1p(-p);
		l.imp = -log1p(t);
	} else {
		l.reg = log1p(t);
		l.pass = log1p(p);
		l.imp = t < 1 ? log1p(-t) : -INFINITY;
	}
	return l;
}

/* The comparison of one rule, oriented so that a positive change is worse. */
struct cmp {
	struct ci_welch lg, raw; /* lg valid when has_log */
	int has_log;
	size_t nb, nc;
};

/* Welch's statistic of @c vs @b, its difference times @sign. */
static struct ci_welch oriented(const double *b, size_t nb, const double *c,
				size_t nc, double sign)
{
	struct ci_welch w;

	ci_welch(b, nb, c, nc, &w);
	w.diff *= sign;
	return w;
}

static void compare(const struct side *b, const struct side *c, enum ci_dir dir,
		    struct cmp *out)
{
	double sign = dir == CI_DIR_HIGHER ? -1 : 1;

	*out = (struct cmp){ .has_log = b->positive && c->positive,
			     .nb = b->n,
			     .nc = c->n };
	out->raw = oriented(b->x, b->n, c->x, c->n, sign);
	if (out->has_log)
		out->lg = oriented(b->lx, b->n, c->lx, c->n, sign);
}

/*
 * p-value of "worse than the tolerance": both the ratio and (when set) the
 * absolute difference must be beyond their limits, so the larger p of the
 * two (an intersection-union test). NAN when neither can be tested.
 */
static double p_regression(const struct cmp *c, const struct limits *l)
{
	double p = NAN;

	if (c->has_log)
		p = ci_p_above(&c->lg, l->reg);
	if (l->reg_abs > 0) {
		double pa = ci_p_above(&c->raw, l->reg_abs);

		p = isnan(p) ? pa : fmax(p, pa);
	}
	return p;
}

static int improved(const struct cmp *c, const struct limits *l, double alpha)
{
	int by_ratio = c->has_log && ci_p_below(&c->lg, l->imp) <= alpha;
	int by_abs = l->reg_abs > 0 && ci_p_below(&c->raw, l->imp_abs) <= alpha;

	if (l->reg_abs > 0)
		return by_abs && (by_ratio || !c->has_log);
	return by_ratio;
}

/* Either bound below its limit rules out a change worse than both. */
static int passed(const struct cmp *c, const struct limits *l, double alpha)
{
	return (c->has_log && ci_upper_bound(&c->lg, alpha) < l->pass) ||
	       (l->pass_abs > 0 &&
		ci_upper_bound(&c->raw, alpha) < l->pass_abs);
}

/* With @n runs a side and today's spreads, would the rule be decided? */
static int decided_at(const struct cmp *c, const struct limits *l, size_t n,
		      double alpha, double pass_alpha)
{
	struct ci_welch lg =
		ci_welch_from(c->lg.diff, c->lg.vb, n, c->lg.vc, n);
	struct ci_welch raw =
		ci_welch_from(c->raw.diff, c->raw.vb, n, c->raw.vc, n);
	int reg = (c->has_log || l->reg_abs > 0) &&
		  (!c->has_log || ci_lower_bound(&lg, alpha) > l->reg) &&
		  (l->reg_abs <= 0 || ci_lower_bound(&raw, alpha) > l->reg_abs);
	struct cmp at = *c;

	at.lg = lg;
	at.raw = raw;
	return reg || passed(&at, l, pass_alpha);
}

/* Runs a side that would decide @c (bisection; it is monotone in n). */
static unsigned int runs_needed(const struct cmp *c, const struct limits *l,
				double alpha, double pass_alpha)
{
	size_t lo = c->nb > c->nc ? c->nb : c->nc, hi = MAX_RUNS_NEEDED;

	if (!decided_at(c, l, hi, alpha, pass_alpha))
		return UINT_MAX;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (decided_at(c, l, mid, alpha, pass_alpha))
			hi = mid;
		else
			lo = mid;
	}
	return (unsigned int)hi;
}

/* Point estimates and the reported interval of @out. */
static void describe(const struct cmp *c, const struct side *b,
		     const struct side *s, enum ci_dir dir, double pass_alpha,
		     struct ci_rule_result *out)
{
	double sign = dir == CI_DIR_HIGHER ? -1 : 1;
	double good, bad, good_abs = ci_lower_bound(&c->raw, out->level),
			  bad_abs = ci_upper_bound(&c->raw, pass_alpha);

	out->diff = sign * c->raw.diff;
	out->diff_lo = sign > 0 ? good_abs : -bad_abs;
	out->diff_hi = sign > 0 ? bad_abs : -good_abs;
	if (!c->has_log) {
		out->base_mean = ci_mean(b->x, b->n);
		out->cand_mean = ci_mean(s->x, s->n);
		out->ratio = out->ratio_lo = out->ratio_hi = NAN;
		return;
	}
	out->base_mean = exp(ci_mean(b->lx, b->n));
	out->cand_mean = exp(ci_mean(s->lx, s->n));
	good = ci_lower_bound(&c->lg, out->level);
	bad = ci_upper_bound(&c->lg, pass_alpha);
	out->ratio = exp(sign * c->lg.diff);
	out->ratio_lo = exp(sign > 0 ? good : -bad);
	out->ratio_hi = exp(sign > 0 ? bad : -good);
}

/* "cyclic, massive_intr" of the groups with @metric values in @r. */
static void groups_with(const struct ci_results *r, int metric, char *buf,
			size_t len)
{
	size_t off = 0;

	*buf = '\0';
	for (size_t i = 0; i < r->n_runs; i++)
		for (size_t j = 0; j < r->runs[i].vals.n; j++) {
			const struct ci_value *v = &r->runs[i].vals.v[j];
			size_t gl = strlen(v->group);
			const char *hit = strstr(buf, v->group);

			if (v->metric != metric ||
			    (hit && (hit == buf || hit[-1] == ' ') &&
			     (hit[gl] == ',' || !hit[gl])))
				continue;
			if (off + gl + 3 >= len)
				return;
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						off ? ", " : "", v->group);
		}
	if (!off)
		snprintf(buf, len, "none");
}

/* A rule's data before any test: 1 testable, 0 decided here, <0 error. */
static int precheck(const struct ci_rules *rules, const struct ci_rule *rule,
		    const struct ci_results *base,
		    const struct ci_results *cand, const struct side *b,
		    const struct side *c, struct ci_rule_result *out, char *err,
		    size_t errlen)
{
	const char *metric = ci_metric_at(rule->metric)->name;
	char there[512];

	out->base_runs = b->n;
	out->cand_runs = c->n;
	out->base_lost = b->lost;
	out->cand_lost = c->lost;
	if ((!b->n && !b->lost) || (!c->n && !c->lost)) {
		const struct ci_results *empty = !b->n && !b->lost ? base :
								     cand;

		groups_with(empty, rule->metric, there, sizeof(there));
		if (rule->required) {
			snprintf(
				err, errlen,
				"required rule \"%s\": no %s values for group \"%s\" in %s (%s values there: %s)",
				rule->name, metric, rule->group,
				empty == base ? "BASE" : "CAND", metric, there);
			return -ENODATA;
		}
		out->verdict = CI_V_NOT_APPLICABLE;
		snprintf(out->note, sizeof(out->note),
			 "no %s values for \"%s\" in %s", metric, rule->group,
			 empty == base ? "BASE" : "CAND");
		return 0;
	}
	if (b->n < rules->min_runs || c->n < rules->min_runs) {
		out->verdict = CI_V_INSUFFICIENT;
		out->more_runs = rules->min_runs;
		snprintf(
			out->note, sizeof(out->note),
			"%zu base and %zu candidate runs%s; a verdict needs %u a side",
			b->n, c->n,
			b->lost || c->lost ? " without lost events" : "",
			rules->min_runs);
		return 0;
	}
	return 1;
}

/* Holm's step-down over the rules with a p-value: sets verdicts and levels. */
static void holm(struct ci_rule_result *res, size_t n, double alpha)
{
	size_t m = 0, idx[n + 1];
	int stopped = 0;
	double stop_level = alpha;

	for (size_t i = 0; i < n; i++)
		if (!isnan(res[i].p_regression))
			idx[m++] = i;
	for (size_t i = 1; i < m; i++) /* insertion sort by p */
		for (size_t j = i;
		     j > 0 &&
		     res[idx[j]].p_regression < res[idx[j - 1]].p_regression;
		     j--) {
			size_t t = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	for (size_t k = 0; k < m; k++) {
		struct ci_rule_result *r = &res[idx[k]];
		double level = alpha / (double)(m - k);

		if (!stopped && r->p_regression > level) {
			stopped = 1;
			stop_level = level;
		}
		r->level = stopped ? stop_level : level;
		if (!stopped)
			r->verdict = CI_V_REGRESSION;
	}
}

static void finish_rule(const struct cmp *c, const struct limits *l,
			const struct ci_levels *lv, size_t m,
			struct ci_rule_result *r)
{
	if (r->verdict == CI_V_REGRESSION)
		return;
	if (improved(c, l, lv->alpha / (double)m))
		r->verdict = CI_V_IMPROVEMENT;
	else if (passed(c, l, lv->pass_alpha))
		r->verdict = CI_V_PASS;
	else {
		r->verdict = CI_V_INCONCLUSIVE;
		r->more_runs = runs_needed(c, l, lv->alpha / (double)m,
					   lv->pass_alpha);
	}
}

int ci_gate_evaluate(const struct ci_rules *rules,
		     const struct ci_results *base,
		     const struct ci_results *cand, const struct ci_levels *lv,
		     struct ci_rule_result *res, char *err, size_t errlen)
{
	struct side *sb = calloc(rules->n + 1, sizeof(*sb)),
		    *sc = calloc(rules->n + 1, sizeof(*sc));
	struct cmp *cmp = calloc(rules->n + 1, sizeof(*cmp));
	int *tested = calloc(rules->n + 1, sizeof(*tested)), ret = 0;
	size_t m = 0;

	if (!sb || !sc || !cmp || !tested)
		ret = -ENOMEM;
	for (size_t i = 0; !ret && i < rules->n; i++) {
		const struct ci_rule *rule = &rules->v[i];
		struct limits l;

		res[i] = (struct ci_rule_result){ .rule = rule,
						  .verdict = CI_V_INCONCLUSIVE,
						  .p_regression = NAN,
						  .level = lv->alpha };
		ret = side_collect(base, rule, &sb[i]) ?:
			      side_collect(cand, rule, &sc[i]);
		if (!ret)
			ret = precheck(rules, rule, base, cand, &sb[i], &sc[i],
				       &res[i], err, errlen);
		tested[i] = ret == 1;
		if (ret < 0)
			break;
		ret = 0;
		if (!tested[i])
			continue;
		compare(&sb[i], &sc[i], rule->dir, &cmp[i]);
		l = limits_of(rule);
		res[i].p_regression = p_regression(&cmp[i], &l);
		if (isnan(res[i].p_regression))
			snprintf(
				res[i].note, sizeof(res[i].note),
				"a run value is <= 0, so the ratio is undefined, and the rule sets no min_effect_abs");
		else
			m++;
	}
	if (!ret)
		holm(res, rules->n, lv->alpha);
	for (size_t i = 0; !ret && i < rules->n; i++) {
		struct limits l = limits_of(&rules->v[i]);

		if (!tested[i])
			continue;
		if (isnan(res[i].p_regression))
			res[i].verdict = CI_V_INCONCLUSIVE;
		else
			finish_rule(&cmp[i], &l, lv, m, &res[i]);
		describe(&cmp[i], &sb[i], &sc[i], rules->v[i].dir,
			 lv->pass_alpha, &res[i]);
	}
	for (size_t i = 0; sb && sc && i < rules->n; i++) {
		side_free(&sb[i]);
		side_free(&sc[i]);
	}
	free(sb);
	free(sc);
	free(cmp);
	free(tested);
	return ret;
}

int ci_gate_exit_code(const struct ci_rule_result *res, size_t n)
{
	int undecided = 0, passes = 0;

	for (size_t i = 0; i < n; i++) {
		enum ci_verdict v = res[i].verdict;
		int ok = v == CI_V_PASS || v == CI_V_IMPROVEMENT;

		if (v == CI_V_REGRESSION)
			return SB_EXIT_REGRESSION;
		passes += ok;
		undecided |= res[i].rule->required && !ok;
	}
	return undecided || !passes ? SB_EXIT_ENV : SB_EXIT_OK;
}
