// SPDX-License-Identifier: GPL-2.0
/* Gate decisions: one verdict per rule from base and candidate runs, family-wise error controlled. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ci/drift.h"
#include "ci/gate.h"
#include "ci/gate_pooled_rule.h"

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

/* A side may lose a share of runs this much larger than the other's. */
#define MAX_LOSS_GAP 0.2

/* Runs a side from which the permutation check runs. */
#define PERM_MIN_RUNS 6
/* Its random rearrangements, and their seed (the same inputs, the same p). */
#define PERM_DRAWS 1999
#define PERM_SEED 0x736c696365ull

/* One side's run values of a rule, and their logarithms. */
struct side {
	double *x, *lx;
	unsigned int *rep; /* the repeat (round) of each value */
	const struct ci_run **run; /* the run of each value */
	size_t n, lost;
	size_t missing; /* complete runs without the rule's value */
	size_t failed; /* failed runs, and those whose document has an error */
	size_t errored; /* of them, those whose document has an error */
	const struct ci_run *first_missing; /* or with an errored document */
	int zero; /* a value <= 0: its log is undefined */
	/* The first with a value <= 0 where the metric cannot be 0. */
	const struct ci_run *first_zero;
};

static void side_free(struct side *s)
{
	free(s->x);
	free(s->lx);
	free(s->rep);
	free(s->run);
}

/* @run's document of @rule's values, when it reported an error; else NULL. */
static const struct ci_doc *errored_doc(const struct ci_run *run,
					const struct ci_rule *rule)
{
	if (ci_metric_at(rule->metric)->src == CI_SRC_TABLE)
		return NULL;
	for (size_t i = 0; i < run->n_docs; i++)
		if (!strcmp(run->docs[i].name, rule->group))
			return run->docs[i].errored ? &run->docs[i] : NULL;
	return NULL;
}

static int side_collect(const struct ci_results *r, const struct ci_rule *rule,
			struct side *s)
{
	int table = ci_metric_at(rule->metric)->src == CI_SRC_TABLE;

	*s = (struct side){ .failed = r->n_failed };
	s->x = calloc(r->n_runs + 1, sizeof(*s->x));
	s->lx = calloc(r->n_runs + 1, sizeof(*s->lx));
	s->rep = calloc(r->n_runs + 1, sizeof(*s->rep));
	s->run = calloc(r->n_runs + 1, sizeof(*s->run));
	if (!s->x || !s->lx || !s->rep || !s->run)
		return -ENOMEM;
	for (size_t i = 0; i < r->n_runs; i++) {
		const struct ci_value *v = ci_values_get(
			&r->runs[i].vals, rule->metric, rule->group);

		const struct ci_doc *bad = errored_doc(&r->runs[i], rule);

		if (!v || bad) {
			if (bad)
				s->errored++;
			else
				s->missing++;
			if (!s->first_missing)
				s->first_missing = &r->runs[i];
			continue;
		}
		if (table && r->runs[i].lost_events) {
			s->lost++;
			continue;
		}
		s->x[s->n] = v->v;
		s->rep[s->n] = r->runs[i].repeat;
		s->run[s->n] = &r->runs[i];
		s->zero |= v->v <= 0;
		if (v->v <= 0 && !s->first_zero &&
		    !ci_metric_at(rule->metric)->zero_ok)
			s->first_zero = &r->runs[i];
		s->lx[s->n] = v->v > 0 ? log(v->v) : 0;
		s->n++;
	}
	s->failed += s->errored;
	return 0;
}

/* Has the side values of the rule (runs with lost events have them)? */
static int has_values(const struct side *s)
{
	return s->n || s->lost;
}

/* "table.json" or "workloads/<group>.json": where @rule's values are read. */
static void source_file(const struct ci_rule *rule, char *buf, size_t len)
{
	if (ci_metric_at(rule->metric)->src == CI_SRC_TABLE)
		snprintf(buf, len, "table.json");
	else
		snprintf(buf, len, "workloads/%s.json", rule->group);
}

/* Share of a side's runs the rule lost (lost events, no value, failed). */
static double lost_share(const struct side *s)
{
	size_t gone = s->lost + s->missing + s->failed, all = s->n + gone;

	return all ? (double)gone / (double)all : 0;
}

/*
 * "<path> is missing", "... reports status \"error\"" or "... lacks the
 * group": why @run has no value of @rule, into @buf.
 */
static void absence(const struct ci_rule *rule, const struct ci_run *run,
		    char *buf, size_t len)
{
	const struct ci_doc *doc = errored_doc(run, rule);
	char file[300], path[4400];
	struct stat st;

	source_file(rule, file, sizeof(file));
	snprintf(path, sizeof(path), "%s/%s", run->path ?: "(in memory)", file);
	if (doc)
		snprintf(buf, len, "%s reports status \"%s\"", path,
			 doc->file.status ? doc->file.status : "(none)");
	else
		snprintf(buf, len, "%s %s", path,
			 stat(path, &st) ? "is missing" : "lacks the group");
}

/*
 * A rule's limits on the "worse" axis: log ratio (positive = worse) and
 * absolute difference (positive = worse). A regression is beyond reg, a
 * pass below pass, an improvement below imp.
 */
struct limits {
	double reg, pass, imp; /* log scale */
	double reg_abs, pass_abs, imp_abs; /* 0 reg_abs / pass_abs: unused */
	double reg2, pass2; /* twice the tolerance and the pass bound, log */
};

/* The log of a change of @frac worse in direction @dir (INFINITY: none). */
static double worse_log(enum ci_dir dir, double frac)
{
	if (dir == CI_DIR_HIGHER)
		return frac < 1 ? -log1p(-frac) : INFINITY;
	return log1p(frac);
}

static struct limits limits_of(const struct ci_rule *r)
{
	double t = r->tolerance_pct / 100, p = r->pass_bound_pct / 100;
	struct limits l = { .reg_abs = r->min_effect_abs,
			    .pass_abs = r->pass_bound_abs,
			    .imp_abs = -r->min_effect_abs,
			    .reg = worse_log(r->dir, t),
			    .pass = worse_log(r->dir, p),
			    .reg2 = worse_log(r->dir, 2 * t),
			    .pass2 = worse_log(r->dir, 2 * p) };

	if (r->dir == CI_DIR_HIGHER)
		l.imp = -log1p(t);
	else
		l.imp = t < 1 ? log1p(-t) : -INFINITY;
	return l;
}

/* The comparison of one rule, oriented so that a positive change is worse. */
struct cmp {
	struct ci_welch lg, raw; /* lg valid when has_log */
	/*
	 * The same with each variance widened for the drift a few runs
	 * cannot show (CI_DRIFT_RHO_ASSUMED, or what they showed when more):
	 * the bound at twice the pass bound is read from these.
	 */
	struct ci_welch lg2, raw2;
	struct ci_drift drift[2]; /* base, candidate (paired: differences) */
	int drift_stop; /* drift leaves less than one run's worth: no verdict */
	int has_log;
	int zero_refused; /* a 0 where the metric cannot be 0 (note_zero) */
	int paired; /* by round: the differences of each round's two runs */
	size_t nb, nc;
	int pooled; /* of the runs pooled (gate_pooled.h): no run values */
	double pool_b, pool_c; /* the pooled statistic of each side */
};

/* Welch's (or the paired) statistic of @c vs @b, its difference times @sign. */
static struct ci_welch oriented(const double *b, size_t nb, const double *c,
				size_t nc, int paired, double sign)
{
	struct ci_welch w;

	if (paired)
		ci_paired(b, c, nb, &w);
	else
		ci_welch(b, nb, c, nc, &w);
	w.diff *= sign;
	return w;
}

/* Every value of @b has the value of its round in @c, and none is left. */
static int same_rounds(const struct side *b, const struct side *c)
{
	if (b->n != c->n)
		return 0;
	for (size_t i = 0; i < b->n; i++)
		if (b->rep[i] != c->rep[i])
			return 0;
	return 1;
}

/* @w with its variances times @fb and @fc (paired: the differences' by @fb). */
static struct ci_welch widened(const struct ci_welch *w, int paired, size_t nb,
			       size_t nc, double fb, double fc)
{
	return paired ? ci_paired_from(w->diff, w->vb * fb, nb) :
			ci_welch_from(w->diff, w->vb * fb, nb, w->vc * fc, nc);
}

/* Start times compared, then repeats: the order @s's runs ran in. */
static int ran_before(const struct side *s, size_t i, size_t j)
{
	const char *a = s->run[i]->start_time, *b = s->run[j]->start_time;
	int c = a && b ? strcmp(a, b) : 0;

	return c ? c < 0 : s->rep[i] < s->rep[j];
}

/* @s's indices in the order its runs ran, into @idx (insertion sort: few). */
static void run_order(const struct side *s, size_t *idx)
{
	for (size_t i = 0; i < s->n; i++) {
		size_t j = i;

		for (; j > 0 && ran_before(s, i, idx[j - 1]); j--)
			idx[j] = idx[j - 1];
		idx[j] = i;
	}
}

/*
 * The drift in @b's runs (or, @paired, in the differences of the rounds
 * @c shares with them), in the order they ran, of the logs when @logs.
 * 0, or -ENOMEM.
 */
static int drift_of(const struct side *b, const struct side *c, int paired,
		    int logs, struct ci_drift *out)
{
	size_t *idx = malloc((b->n + 1) * sizeof(*idx));
	double *v = malloc((b->n + 1) * sizeof(*v));

	if (!idx || !v) {
		free(idx);
		free(v);
		return -ENOMEM;
	}
	run_order(b, idx);
	for (size_t i = 0; i < b->n; i++) {
		size_t k = idx[i];

		v[i] = logs ? b->lx[k] : b->x[k];
		if (paired)
			v[i] = (logs ? c->lx[k] : c->x[k]) - v[i];
	}
	ci_drift_of(v, b->n, out);
	free(idx);
	free(v);
	return 0;
}

/*
 * Test each side's runs (paired: the rounds' differences, in which drift
 * both sides share cancels) for drift over the order they ran; where it is
 * found, widen the interval as its serial correlation asks, and keep the
 * widening at least CI_DRIFT_RHO_ASSUMED's for the bound at twice the
 * pass bound. 0, or -ENOMEM.
 */
static int drift_widen(const struct side *b, const struct side *c,
		       struct cmp *out)
{
	size_t sides = out->paired ? 1 : 2;
	double f[2] = { 1, 1 }, g[2] = { 1, 1 };

	for (size_t s = 0; s < sides; s++) {
		const struct side *x = s ? c : b;

		if (drift_of(x, s ? b : c, out->paired, out->has_log,
			     &out->drift[s]))
			return -ENOMEM;
		f[s] = out->drift[s].factor;
		g[s] = fmax(f[s], ci_drift_factor(CI_DRIFT_RHO_ASSUMED, x->n));
		out->drift_stop |= (double)x->n / f[s] < 1;
	}
	out->raw2 = widened(&out->raw, out->paired, b->n, c->n, g[0], g[1]);
	out->raw = widened(&out->raw, out->paired, b->n, c->n, f[0], f[1]);
	if (out->has_log) {
		out->lg2 =
			widened(&out->lg, out->paired, b->n, c->n, g[0], g[1]);
		out->lg =
			widened(&out->lg, out->paired, b->n, c->n, f[0], f[1]);
	}
	return 0;
}

static int compare(const struct side *b, const struct side *c, enum ci_dir dir,
		   int rounds, struct cmp *out)
{
	double sign = dir == CI_DIR_HIGHER ? -1 : 1;

	*out = (struct cmp){ .has_log = !b->zero && !c->zero,
			     .zero_refused = b->first_zero || c->first_zero,
			     .paired = rounds && same_rounds(b, c),
			     .nb = b->n,
			     .nc = c->n };
	out->raw = oriented(b->x, b->n, c->x, c->n, out->paired, sign);
	if (out->has_log)
		out->lg = oriented(b->lx, b->n, c->lx, c->n, out->paired, sign);
	return drift_widen(b, c, out);
}

/* A pooled rule's runs are resampled, not ordered: the assumed drift alone. */
static void pooled_assumed(struct cmp *out)
{
	double g[2] = { ci_drift_factor(CI_DRIFT_RHO_ASSUMED, out->nb),
			ci_drift_factor(CI_DRIFT_RHO_ASSUMED, out->nc) };

	out->raw2 =
		widened(&out->raw, out->paired, out->nb, out->nc, g[0], g[1]);
	out->lg2 = widened(&out->lg, out->paired, out->nb, out->nc, g[0], g[1]);
}

/*
 * A pooled rule's comparison when the runs came in rounds: the change of
 * the statistic from resampling rounds, both sides by the same ones, as
 * the paired statistic of per-round variances.
 */
static int compare_pooled_rounds(const struct ci_rule *rule,
				 const struct side *b, const struct side *c,
				 uint64_t seed, struct cmp *out,
				 struct ci_rule_result *res)
{
	double sign = rule->dir == CI_DIR_HIGHER ? -1 : 1;
	struct ci_pool_change ch;
	int ret = ci_pool_rule_change(rule, b->run, c->run, b->n, CI_POOL_DRAWS,
				      seed, &ch, res->note, sizeof(res->note));

	if (ret)
		return ret;
	out->paired = 1;
	out->pool_b = ch.base;
	out->pool_c = ch.cand;
	out->has_log = ch.finite;
	out->raw = ci_paired_from(sign * (ch.cand - ch.base), ch.var_run, b->n);
	if (out->has_log)
		out->lg = ci_paired_from(sign * log(ch.cand / ch.base),
					 ch.var_log_run, b->n);
	pooled_assumed(out);
	return 0;
}

/*
 * A pooled rule's comparison: the statistic of each side's runs pooled,
 * the change's spread from resampling each side's runs (or, made in
 * rounds, both sides' rounds), as Welch's (or the paired) statistic of
 * per-run variances, so every test and the runs-needed estimate read it
 * as any rule's. 0, -ENOMEM, or -ENODATA with @out's note saying which
 * run lacks what the pool needs, or why it is no figure.
 */
static int compare_pooled(const struct ci_rule *rule, const struct side *b,
			  const struct side *c, int rounds, uint64_t seed,
			  struct cmp *out, struct ci_rule_result *res)
{
	double sign = rule->dir == CI_DIR_HIGHER ? -1 : 1;
	struct ci_pool_est est[2];
	int ret = 0;

	*out = (struct cmp){ .pooled = 1, .nb = b->n, .nc = c->n };
	if (rounds && same_rounds(b, c))
		return compare_pooled_rounds(rule, b, c, seed, out, res);
	for (int s = 0; !ret && s < 2; s++) {
		const struct side *sd = s ? c : b;

		ret = ci_pool_rule_estimate(rule, sd->run, sd->n, CI_POOL_DRAWS,
					    seed + (uint64_t)s, &est[s],
					    res->note, sizeof(res->note));
	}
	if (ret)
		return ret;
	out->pool_b = est[0].stat;
	out->pool_c = est[1].stat;
	out->has_log = est[0].finite && est[1].finite;
	out->raw = ci_welch_from(sign * (est[1].stat - est[0].stat),
				 est[0].var_run, b->n, est[1].var_run, c->n);
	if (out->has_log)
		out->lg = ci_welch_from(sign * log(est[1].stat / est[0].stat),
					est[0].var_log_run, b->n,
					est[1].var_log_run, c->n);
	pooled_assumed(out);
	return 0;
}

/* Order of runs by start time (then side), for interleaved(). */
struct timed {
	const char *start;
	unsigned int repeat;
	int cand;
};

static int cmp_timed(const void *a, const void *b)
{
	const struct timed *x = a, *y = b;
	int c = strcmp(x->start, y->start);

	return c ? c : x->cand - y->cand;
}

/*
 * Were the runs made in rounds, base and candidate of one round one after
 * the other (as check runs them)? By the manifests' start times: ordered,
 * the runs come in twos of one repeat, one of each side. They then share
 * the host's load and drift, and their difference is the unit.
 */
static int interleaved(const struct ci_results *base,
		       const struct ci_results *cand)
{
	size_t n = base->n_runs + cand->n_runs, k = 0;
	struct timed *t;
	int ok = base->n_runs == cand->n_runs && base->n_runs >= 2;

	t = ok ? calloc(n, sizeof(*t)) : NULL;
	for (size_t s = 0; t && s < 2; s++) {
		const struct ci_results *r = s ? cand : base;

		for (size_t i = 0; i < r->n_runs; i++) {
			ok &= r->runs[i].start_time != NULL;
			t[k++] = (struct timed){ r->runs[i].start_time ?: "",
						 r->runs[i].repeat, (int)s };
		}
	}
	if (!t)
		return 0;
	if (ok)
		qsort(t, n, sizeof(*t), cmp_timed);
	for (size_t i = 0; ok && i < n; i += 2)
		ok = t[i].cand != t[i + 1].cand &&
		     t[i].repeat == t[i + 1].repeat;
	free(t);
	return ok;
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

/*
 * The level of each of a rule's pass bounds: @pass_alpha, halved when both
 * the ratio and the difference are bounded. Either bound below its limit
 * rules out a regression, so with two the pass error is at most the sum of
 * theirs (Bonferroni); testing both at @pass_alpha let up to twice it through.
 */
static double pass_level(const struct cmp *c, const struct limits *l,
			 double pass_alpha)
{
	return c->has_log && l->pass_abs > 0 ? pass_alpha / 2 : pass_alpha;
}

/*
 * The interval the report prints wholly on the good side: its bad end (at
 * pass_level, the largest change not ruled out) below no change. A pass
 * whose interval reads [-69%, -26%] is an improvement to whoever reads it.
 */
static int better(const struct cmp *c, const struct limits *l,
		  double pass_alpha)
{
	double a = pass_level(c, l, pass_alpha);

	return c->has_log ? ci_upper_bound(&c->lg, a) < 0 :
			    ci_upper_bound(&c->raw, a) < 0;
}

/*
 * Either bound below its limit, each at pass_level, rules out a
 * regression; a pass also needs the same bound's CI_PASS2_SHARE one, drift of
 * CI_DRIFT_RHO_ASSUMED allowed for, below twice it. The first is the
 * pass's 95 % promise; without the second, its 1 % at twice the tolerance
 * held only where the runs' own spread is the variance of their mean
 * (independent runs, low noise). At low noise the second is free.
 * *@by_floor: the absolute bound alone passed (the ratio's did not), a pass
 * that says nothing about a change of the tolerance's size.
 */
static int passed(const struct cmp *c, const struct limits *l,
		  double pass_alpha, int *by_floor)
{
	double a = pass_level(c, l, pass_alpha), a2 = CI_PASS2_SHARE * a;
	int by_ratio = c->has_log && ci_upper_bound(&c->lg, a) < l->pass &&
		       ci_upper_bound(&c->lg2, a2) < l->pass2;
	int by_abs = l->pass_abs > 0 &&
		     ci_upper_bound(&c->raw, a) < l->pass_abs &&
		     ci_upper_bound(&c->raw2, a2) < 2 * l->pass_abs;

	*by_floor = by_abs && !by_ratio;
	return by_ratio || by_abs;
}

/* The power the runs-needed estimate plans for ... */
#define PLAN_POWER 0.8
/*
 * ... with each variance at its upper bound of this confidence: a pass
 * of an unchanged kernel at the median (the runs' spread is all it
 * reads), a regression of the change seen at the 80 % bound (the change
 * seen is uncertain too; at the median, 1.5x the tolerance followed
 * decided 63-74 % of the time, make perf).
 */
#define PLAN_VAR_PASS 0.5
#define PLAN_VAR_REG 0.8

/* The upper @conf bound of a variance @v of @n values (chi-square). */
static double var_up(double v, size_t n, double conf)
{
	double df = (double)n - 1;

	return df * v / ci_chi2_quantile(1 - conf, df);
}

/* @w with its variances at their upper @conf bounds, from @nb and @nc runs. */
static struct ci_welch planned(const struct ci_welch *w, int paired, size_t nb,
			       size_t nc, double conf)
{
	struct ci_welch p = *w;

	p.vb = var_up(w->vb, nb, conf);
	p.vc = paired ? 0 : var_up(w->vc, nc, conf);
	return p;
}

/* @up's statistic at @n runs a side and a change of @delta. */
static struct ci_welch at_n(const struct ci_welch *up, int paired, double delta,
			    size_t n)
{
	return paired ? ci_paired_from(delta, up->vb, n) :
			ci_welch_from(delta, up->vb, n, up->vc, n);
}

/*
 * With @n runs a side and a true change @delta, do PLAN_POWER of gates
 * show it worse than @limit at @level?
 */
static int powered(const struct ci_welch *up, int paired, double delta,
		   double limit, double level, size_t n)
{
	struct ci_welch w = at_n(up, paired, delta, n);

	return delta - (ci_t_quantile(1 - level, w.df) +
			ci_t_quantile(PLAN_POWER, w.df)) *
			       w.se >
	       limit;
}

/*
 * With @n runs a side and no true change, do PLAN_POWER of gates pass:
 * @up's bound at @level below @limit and @up2's at @level2 below @limit2?
 * The change seen spreads as @up says; @up2 only widens its bound.
 */
static int pass_powered(const struct ci_welch *up, const struct ci_welch *up2,
			int paired, double limit, double level, double limit2,
			double level2, size_t n)
{
	struct ci_welch w = at_n(up, paired, 0, n),
			w2 = at_n(up2, paired, 0, n);
	double z = ci_t_quantile(PLAN_POWER, w.df) * w.se;

	return ci_t_quantile(1 - level, w.df) * w.se + z < limit &&
	       ci_t_quantile(1 - level2, w2.df) * w2.se + z < limit2;
}

/* Would @n runs a side pass @c were the kernel unchanged (either bound)? */
static int passes_at(const struct cmp *c, const struct limits *l, size_t n,
		     double pass_level)
{
	struct ci_welch lg = planned(&c->lg, c->paired, c->nb, c->nc,
				     PLAN_VAR_PASS),
			raw = planned(&c->raw, c->paired, c->nb, c->nc,
				      PLAN_VAR_PASS),
			lg2 = planned(&c->lg2, c->paired, c->nb, c->nc,
				      PLAN_VAR_PASS),
			raw2 = planned(&c->raw2, c->paired, c->nb, c->nc,
				       PLAN_VAR_PASS);
	double a2 = CI_PASS2_SHARE * pass_level;

	return (c->has_log && pass_powered(&lg, &lg2, c->paired, l->pass,
					   pass_level, l->pass2, a2, n)) ||
	       (l->pass_abs > 0 &&
		pass_powered(&raw, &raw2, c->paired, l->pass_abs, pass_level,
			     2 * l->pass_abs, a2, n));
}

/*
 * Would @n runs a side show @c regressed (both limits, at @alpha), were
 * the change @k times the one seen, or (@k 0) twice the tolerance?
 */
static int regresses_at(const struct cmp *c, const struct limits *l, size_t n,
			double alpha, double k)
{
	struct ci_welch lg = planned(&c->lg, c->paired, c->nb, c->nc,
				     PLAN_VAR_REG),
			raw = planned(&c->raw, c->paired, c->nb, c->nc,
				      PLAN_VAR_REG);

	return (!c->has_log || powered(&lg, c->paired, k ? lg.diff : l->reg2,
				       l->reg, alpha, n)) &&
	       (l->reg_abs <= 0 ||
		powered(&raw, c->paired, k ? raw.diff : 2 * l->reg_abs,
			l->reg_abs, alpha, n));
}

/*
 * Would @n runs a side decide @c? A change seen within the tolerance is
 * planned as a pass of an unchanged kernel, not of the change seen (a
 * few runs' change is mostly noise); one beyond it as a regression of
 * that size. Where that asks for more than MAX_RUNS_NEEDED (a change
 * seen near the tolerance), @bounds plans for the bounds instead: the
 * runs that decide both an unchanged kernel and one twice the tolerance
 * worse, a few dozen where an unchanged kernel's change happened to look
 * worse than the tolerance.
 */
static int decided_at(const struct cmp *c, const struct limits *l, size_t n,
		      double alpha, double pass_level, int bounds)
{
	int worse = c->has_log ? c->lg.diff > l->reg : c->raw.diff > l->reg_abs;

	if (bounds)
		return passes_at(c, l, n, pass_level) &&
		       regresses_at(c, l, n, alpha, 0);
	return worse ? regresses_at(c, l, n, alpha, 1) :
		       passes_at(c, l, n, pass_level);
}

/* The least runs a side from @lo that decide @c (@bounds as decided_at). */
static unsigned int least_runs(const struct cmp *c, const struct limits *l,
			       double alpha, double pass_level, int bounds)
{
	size_t lo = c->nb > c->nc ? c->nb : c->nc, hi = MAX_RUNS_NEEDED;

	if (!decided_at(c, l, hi, alpha, pass_level, bounds))
		return UINT_MAX;
	while (hi - lo > 1) { /* monotone in n */
		size_t mid = lo + (hi - lo) / 2;

		if (decided_at(c, l, mid, alpha, pass_level, bounds))
			hi = mid;
		else
			lo = mid;
	}
	return (unsigned int)hi;
}

/* Runs a side that would decide @c: as the change seen asks, else the bounds. */
static unsigned int runs_needed(const struct cmp *c, const struct limits *l,
				double alpha, double pass_level)
{
	unsigned int n = least_runs(c, l, alpha, pass_level, 0);

	return n != UINT_MAX ? n : least_runs(c, l, alpha, pass_level, 1);
}

/* Point estimates and the reported interval of @out. */
static void describe(const struct cmp *c, const struct side *b,
		     const struct side *s, enum ci_dir dir,
		     struct ci_rule_result *out)
{
	double sign = dir == CI_DIR_HIGHER ? -1 : 1;
	double good, bad, good_abs = ci_lower_bound(&c->raw, out->level),
			  bad_abs = ci_upper_bound(&c->raw, out->pass_level);

	out->diff = sign * c->raw.diff;
	out->diff_lo = sign > 0 ? good_abs : -bad_abs;
	out->diff_hi = sign > 0 ? bad_abs : -good_abs;
	if (!c->has_log) {
		out->base_mean = c->pooled ? c->pool_b : ci_mean(b->x, b->n);
		out->cand_mean = c->pooled ? c->pool_c : ci_mean(s->x, s->n);
		out->ratio = out->ratio_lo = out->ratio_hi = NAN;
		return;
	}
	out->base_mean = c->pooled ? c->pool_b : exp(ci_mean(b->lx, b->n));
	out->cand_mean = c->pooled ? c->pool_c : exp(ci_mean(s->lx, s->n));
	good = ci_lower_bound(&c->lg, out->level);
	bad = ci_upper_bound(&c->lg, out->pass_level);
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

/*
 * @empty (@name) has no value of the rule, which the other side has or
 * failed to measure: a failed or vanished workload may be what the
 * candidate changed, so no verdict.
 */
static void one_sided(const struct ci_rule *rule, const struct side *empty,
		      const char *name, struct ci_rule_result *out)
{
	char why[4600] = "every run failed";

	if (empty->first_missing)
		absence(rule, empty->first_missing, why, sizeof(why));
	snprintf(out->note, sizeof(out->note),
		 "no %s values for \"%s\" in %s (%zu runs without, %zu "
		 "failed; %s): cannot decide",
		 ci_metric_at(rule->metric)->name, rule->group, name,
		 empty->missing + empty->errored, empty->failed, why);
}

/* A rule's data before any test: 1 testable, 0 decided here, <0 error. */
static int precheck(const struct ci_rules *rules, const struct ci_rule *rule,
		    const struct ci_results *base, const struct side *b,
		    const struct side *c, struct ci_rule_result *out,
		    struct sb_error *e)
{
	const char *metric = ci_metric_at(rule->metric)->name;
	char there[512];

	out->base_runs = b->n;
	out->cand_runs = c->n;
	out->base_lost = b->lost;
	out->cand_lost = c->lost;
	out->base_missing = b->missing;
	out->cand_missing = c->missing;
	out->base_failed = b->failed;
	out->cand_failed = c->failed;
	if (!has_values(b) && !has_values(c) && !b->errored && !c->errored) {
		groups_with(base, rule->metric, there, sizeof(there));
		if (rule->required)
			return sb_error_set(
				e, -ENODATA, NULL, NULL, NULL,
				"required rule \"%s\": no %s values for group \"%s\" in BASE or CAND (%s values in BASE: %s)",
				rule->name, metric, rule->group, metric, there);
		out->verdict = CI_V_NOT_APPLICABLE;
		snprintf(out->note, sizeof(out->note),
			 "no %s values for \"%s\" on either side", metric,
			 rule->group);
		return 0;
	}
	if (!has_values(b) || !has_values(c)) {
		one_sided(rule, has_values(c) ? b : c,
			  has_values(c) ? "BASE" : "CAND", out);
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
	if (fabs(lost_share(b) - lost_share(c)) > MAX_LOSS_GAP) {
		/* what was lost may be what differs: the rest is no sample */
		out->verdict = CI_V_INCONCLUSIVE;
		snprintf(out->note, sizeof(out->note),
			 "the sides lost %.0f%% and %.0f%% of their runs "
			 "(lost events, missing values, failed runs): cannot "
			 "compare",
			 100 * lost_share(b), 100 * lost_share(c));
		return 0;
	}
	return 1;
}

/* "; avg_delay_ms runs without a value: ... (<path> is missing)" into @out's note. */
static void note_missing(const struct ci_rule *rule, const struct side *b,
			 const struct side *c, struct ci_rule_result *out)
{
	const struct side *s = b->first_missing ? b : c;
	size_t len = strlen(out->note);
	char why[4600];

	if (!s->first_missing || !has_values(b) || !has_values(c))
		return;
	absence(rule, s->first_missing, why, sizeof(why));
	snprintf(out->note + len, sizeof(out->note) - len,
		 "%s%s runs without a value: %zu base, %zu candidate (%s)",
		 len ? "; " : "", ci_metric_at(rule->metric)->name,
		 b->missing + b->errored, c->missing + c->errored, why);
}

/*
 * A value of 0 leaves the ratio undefined, and would read as a perfect
 * run: the rule can still regress by min_effect_abs, never pass on it.
 */
static void note_zero(const struct side *b, const struct side *c,
		      struct ci_rule_result *out)
{
	const struct ci_run *z = b->first_zero ?: c->first_zero;
	size_t len = strlen(out->note);

	if (!z)
		return;
	snprintf(out->note + len, sizeof(out->note) - len,
		 "%s%s run %s has a value of 0: the ratio is undefined, so "
		 "the rule %s",
		 len ? "; " : "", z == b->first_zero ? "base" : "candidate",
		 z->path ?: "(in memory)",
		 out->rule->min_effect_abs > 0 ?
			 "may regress by min_effect_abs but not pass on it" :
			 "sets no min_effect_abs to test");
}

/* "1, 2, 4, 3, 5": the repeats of @s in the order they ran, into @buf. */
static void repeats_in_order(const struct side *s, char *buf, size_t len)
{
	size_t *idx = malloc((s->n + 1) * sizeof(*idx)), off = 0;

	*buf = '\0';
	if (!idx)
		return;
	run_order(s, idx);
	for (size_t i = 0; i < s->n && off + 16 < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%u",
					i ? ", " : "", s->rep[idx[i]]);
	free(idx);
}

/*
 * "; base runs drift over the order they ran (repeats 1, 2, 3, 4, 5; lag-1
 * correlation 0.71, p 0.012): interval widened to 1.6 runs' worth" into
 * @out's note, for each side whose drift was found, or "cannot decide:
 * the runs drift" when it leaves less than one run's worth.
 */
static void note_drift(const struct cmp *c, const struct side *b,
		       const struct side *s, struct ci_rule_result *out)
{
	for (size_t k = 0; k < (c->paired ? 1u : 2u); k++) {
		const struct ci_drift *d = &c->drift[k];
		const struct side *x = k ? s : b;
		size_t len = strlen(out->note);
		char reps[512];

		if (d->factor <= 1)
			continue;
		repeats_in_order(x, reps, sizeof(reps));
		snprintf(out->note + len, sizeof(out->note) - len,
			 "%s%s drift over the order they ran (repeats %s; "
			 "lag-1 correlation %.2f, p %.3f): %s%.1f runs' worth",
			 len ? "; " : "",
			 c->paired ? "the rounds' differences" :
			 k	   ? "candidate runs" :
				     "base runs",
			 reps, d->r, d->p,
			 (double)x->n / d->factor < 1 ?
				 "cannot decide: the runs drift, " :
				 "interval widened to ",
			 (double)x->n / d->factor);
	}
}

/* Holm's step-down over the rules with a p-value: sets verdicts and levels. */
static void holm(struct ci_rule_result *res, size_t n, double alpha)
{
	size_t m = 0, idx[n + 1];
	int stopped = 0;
	double stop_level = alpha;

	for (size_t i = 0; i < n; i++)
		if (!isnan(res[i].p_regression) && !res[i].rule->report)
			idx[m++] = i;
		else if (res[i].rule->report && res[i].p_regression <= alpha)
			res[i].verdict = CI_V_REGRESSION; /* shown, not gated */
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
	if (c->zero_refused) { /* note_zero: no floor alone passes it */
		r->verdict = CI_V_INCONCLUSIVE;
		return;
	}
	if (improved(c, l, lv->alpha / (double)m))
		r->verdict = CI_V_IMPROVEMENT;
	else if (passed(c, l, lv->pass_alpha, &r->pass_by_floor))
		r->verdict = better(c, l, lv->pass_alpha) ? CI_V_IMPROVEMENT :
							    CI_V_PASS;
	else {
		r->verdict = CI_V_INCONCLUSIVE;
		r->more_runs =
			runs_needed(c, l, lv->alpha / (double)m, r->pass_level);
	}
	/* said of a pass only: an improvement is no floor's doing */
	if (r->verdict != CI_V_PASS)
		r->pass_by_floor = 0;
}

/* ci_perm_p of @b and @c, values (@logs: their logs) oriented by @sign. */
static double perm(const struct side *b, const struct side *c, int logs,
		   int paired, double sign, double limit, int upper,
		   uint64_t seed)
{
	double *ob = malloc((b->n + 1) * sizeof(*ob)),
	       *oc = malloc((c->n + 1) * sizeof(*oc)), p = 1;

	for (size_t i = 0; ob && i < b->n; i++)
		ob[i] = sign * (logs ? b->lx[i] : b->x[i]);
	for (size_t i = 0; oc && i < c->n; i++)
		oc[i] = sign * (logs ? c->lx[i] : c->x[i]);
	if (ob && oc)
		p = ci_perm_p(ob, b->n, oc, c->n, paired, limit, upper,
			      PERM_DRAWS, seed);
	free(ob);
	free(oc);
	return p < 0 ? 1 : p; /* out of memory: nothing confirmed */
}

/*
 * Does a permutation test (sign flips when paired) reach @r's verdict at
 * its level? 1 when it does, or cannot be asked: fewer than PERM_MIN_RUNS
 * a side, or a level finer than its rearrangements resolve.
 */
static int perm_agrees(const struct cmp *c, const struct side *b,
		       const struct side *s, const struct limits *l,
		       enum ci_dir dir, uint64_t seed, struct ci_rule_result *r)
{
	double sign = dir == CI_DIR_HIGHER ? -1 : 1, pl = 1, pa = 1;
	double floor_p = fmax(1 / ci_perm_count(b->n, s->n, c->paired),
			      1.0 / (PERM_DRAWS + 1));
	int reg = r->verdict == CI_V_REGRESSION;
	double level = reg ? r->level : r->pass_level;

	if (c->pooled || b->n < PERM_MIN_RUNS || s->n < PERM_MIN_RUNS ||
	    level < floor_p ||
	    (!reg && r->verdict != CI_V_PASS && r->verdict != CI_V_IMPROVEMENT))
		return 1;
	r->perm_checked = 1;
	if (reg) { /* both limits exceeded, as the t test asked */
		pl = c->has_log ?
			     perm(b, s, 1, c->paired, sign, l->reg, 1, seed) :
			     0;
		pa = l->reg_abs > 0 ? perm(b, s, 0, c->paired, sign, l->reg_abs,
					   1, seed) :
				      0;
		r->p_perm = fmax(pl, pa);
		return r->p_perm <= level;
	}
	if (c->has_log) /* either pass bound, at the level each had */
		pl = perm(b, s, 1, c->paired, sign, l->pass, 0, seed);
	if (l->pass_abs > 0)
		pa = perm(b, s, 0, c->paired, sign, l->pass_abs, 0, seed);
	r->p_perm = fmin(pl, pa);
	return r->p_perm <= level;
}

/* The t test's verdict stands only where the permutation check agrees. */
static void cross_check(const struct cmp *c, const struct side *b,
			const struct side *s, const struct limits *l,
			const struct ci_levels *lv, size_t m, uint64_t seed,
			struct ci_rule_result *r)
{
	size_t len = strlen(r->note);

	if (perm_agrees(c, b, s, l, r->rule->dir, seed, r))
		return;
	snprintf(r->note + len, sizeof(r->note) - len,
		 "%s%s by the t test, not by the permutation check (p %.3g)",
		 len ? "; " : "", ci_verdict_name(r->verdict), r->p_perm);
	r->verdict = CI_V_INCONCLUSIVE;
	r->pass_by_floor = 0;
	r->more_runs = runs_needed(c, l, lv->alpha / (double)m, r->pass_level);
}

int ci_gate_evaluate(const struct ci_rules *rules,
		     const struct ci_results *base,
		     const struct ci_results *cand, const struct ci_levels *lv,
		     struct ci_rule_result *res, struct sb_error *e)
{
	struct side *sb = calloc(rules->n + 1, sizeof(*sb)),
		    *sc = calloc(rules->n + 1, sizeof(*sc));
	struct cmp *cmp = calloc(rules->n + 1, sizeof(*cmp));
	int *tested = calloc(rules->n + 1, sizeof(*tested)), ret = 0;
	int rounds = interleaved(base, cand);
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
			ret = precheck(rules, rule, base, &sb[i], &sc[i],
				       &res[i], e);
		tested[i] = ret == 1;
		if (ret < 0)
			break;
		note_missing(rule, &sb[i], &sc[i], &res[i]);
		ret = 0;
		if (!tested[i])
			continue;
		if (rule->pooled)
			ret = compare_pooled(rule, &sb[i], &sc[i], rounds,
					     CI_POOL_SEED + i, &cmp[i],
					     &res[i]);
		else
			ret = compare(&sb[i], &sc[i], rule->dir, rounds,
				      &cmp[i]);
		if (ret == -ENODATA) { /* noted: no figure to test */
			tested[i] = 0;
			ret = 0;
			continue;
		}
		if (ret)
			break;
		res[i].paired = cmp[i].paired;
		l = limits_of(rule);
		/* drifting runs leave no variance to test: cannot decide */
		res[i].p_regression =
			cmp[i].drift_stop ? NAN : p_regression(&cmp[i], &l);
		note_zero(&sb[i], &sc[i], &res[i]);
		note_drift(&cmp[i], &sb[i], &sc[i], &res[i]);
		m += !isnan(res[i].p_regression) && !rule->report;
	}
	if (!ret)
		holm(res, rules->n, lv->alpha);
	for (size_t i = 0; !ret && i < rules->n; i++) {
		struct limits l = limits_of(&rules->v[i]);

		if (!tested[i])
			continue;
		res[i].pass_level = pass_level(&cmp[i], &l, lv->pass_alpha);
		/* a report rule is tested alone: the gate's family is the rest */
		size_t fam = rules->v[i].report ? 1 : m ? m : 1;

		if (isnan(res[i].p_regression)) {
			res[i].verdict = CI_V_INCONCLUSIVE;
			if (cmp[i].drift_stop)
				res[i].more_runs = runs_needed(
					&cmp[i], &l, lv->alpha / (double)fam,
					res[i].pass_level);
		} else
			finish_rule(&cmp[i], &l, lv, fam, &res[i]);
		if (!isnan(res[i].p_regression))
			cross_check(&cmp[i], &sb[i], &sc[i], &l, lv, fam,
				    PERM_SEED + i, &res[i]);
		describe(&cmp[i], &sb[i], &sc[i], rules->v[i].dir, &res[i]);
	}
	for (size_t i = 0; sb && sc && i < rules->n; i++) {
		side_free(&sb[i]);
		side_free(&sc[i]);
	}
	free(sb);
	free(sc);
	free(cmp);
	free(tested);
	if (ret == -ENOMEM)
		sb_error_set(e, ret, NULL, NULL, NULL, "%s", strerror(-ret));
	return ret;
}

enum ci_decision ci_gate_decide(const struct ci_rule_result *res, size_t n)
{
	int undecided = 0, passes = 0;

	for (size_t i = 0; i < n; i++) {
		enum ci_verdict v = res[i].verdict;
		int ok = v == CI_V_PASS || v == CI_V_IMPROVEMENT;

		if (res[i].rule->report) /* shown, never gates */
			continue;
		if (v == CI_V_REGRESSION)
			return CI_DECISION_REGRESSION;
		passes += ok;
		/* optional: may be absent; when present, it must pass too */
		undecided |= v != CI_V_NOT_APPLICABLE && !ok;
	}
	return undecided || !passes ? CI_DECISION_UNDECIDED : CI_DECISION_PASS;
}
