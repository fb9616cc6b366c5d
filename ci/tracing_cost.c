// SPDX-License-Identifier: GPL-2.0
/* What recording costs the workloads: their own figures, recorded runs against the control arm's, as the gate estimates a change. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_verdict.h"
#include "ci/tracing_cost.h"

/* Welch's interval needs two runs a side; the gate's verdicts need more,
 * but only the estimate and its interval are said here. */
#define TCOST_MIN_RUNS 2

/* The runs of @kernel / @fs among @v (@n) into @out (shallow copies). */
static struct ci_results view(const char *dir, const struct ci_run *v, size_t n,
			      const char *kernel, const char *fs,
			      struct ci_run *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].kernel, kernel) && !strcmp(v[i].fs, fs))
			out[k++] = v[i];
	return (struct ci_results){ .dir = (char *)dir,
				    .runs = out,
				    .n_runs = k };
}

/* A rule per directed workload metric (and group) of @base's runs. */
static int rules_of(const struct ci_results *base, const struct ci_rules *like,
		    struct ci_rules *out)
{
	*out = (struct ci_rules){ .alpha = like->alpha,
				  .pass_confidence = like->pass_confidence,
				  .min_runs = TCOST_MIN_RUNS };
	for (size_t i = 0; i < base->n_runs; i++)
		for (size_t j = 0; j < base->runs[i].vals.n; j++) {
			const struct ci_value *v = &base->runs[i].vals.v[j];
			const struct ci_metric *m = ci_metric_at(v->metric);
			struct ci_rule *r;
			size_t k;

			if (m->src != CI_SRC_JSON || m->dir == CI_DIR_NONE)
				continue;
			for (k = 0; k < out->n; k++)
				if (out->v[k].metric == v->metric &&
				    !strcmp(out->v[k].group, v->group))
					break;
			if (k < out->n)
				continue;
			r = realloc(out->v, (out->n + 1) * sizeof(*r));
			if (!r)
				return -ENOMEM;
			out->v = r;
			/* names borrowed from the catalogue and the runs */
			out->v[out->n++] = (struct ci_rule){
				.name = (char *)m->name,
				.metric = v->metric,
				.group = v->group,
				.dir = m->dir,
			};
		}
	return 0;
}

/* Did the gate compare @v's runs (enough of them on both sides)? */
static int tested(const struct ci_bench_verdict *v)
{
	return strcmp(v->name, ci_verdict_name(CI_V_NOT_APPLICABLE)) &&
	       strcmp(v->name, ci_verdict_name(CI_V_INSUFFICIENT));
}

/* @ratio - 1 in %; an end beyond a thousandfold says only "unbounded". */
static void pct(char *buf, size_t len, double ratio, int decimals)
{
	if (ratio > 1000)
		snprintf(buf, len, ">+99900%%");
	else
		snprintf(buf, len, "%+.*f%%", decimals, 100 * (ratio - 1));
}

/* " name est [lo, hi]" of @v (" name -" when untested), and when @also
 * is given, " (recorded est)" of its estimate. */
static void figure(FILE *f, const char *name, const struct ci_bench_verdict *v,
		   const struct ci_bench_verdict *also)
{
	char est[32], lo[32], hi[32];

	if (!tested(v) || isnan(v->ratio) || isnan(v->ratio_lo)) {
		fprintf(f, " %s -", name);
		return;
	}
	pct(est, sizeof(est), v->ratio, 1);
	pct(lo, sizeof(lo), v->ratio_lo, 0);
	pct(hi, sizeof(hi), v->ratio_hi, 0);
	fprintf(f, " %s %s [%s, %s]", name, est, lo, hi);
	if (!also)
		return;
	if (tested(also) && !isnan(also->ratio))
		pct(est, sizeof(est), also->ratio, 1);
	else
		snprintf(est, sizeof(est), "-");
	fprintf(f, " (recorded %s)", est);
}

/* One line per group of @rules, in order of first appearance: @head, the
 * group, @runs, then each figure of @v (with @also's beside, or NULL). */
static void print_groups(FILE *f, const char *head, const char *runs,
			 const struct ci_rules *rules,
			 const struct ci_bench_verdict *v,
			 const struct ci_bench_verdict *also)
{
	for (size_t i = 0; i < rules->n; i++) {
		const char *g = rules->v[i].group;
		size_t k;

		for (k = 0; k < i && strcmp(rules->v[k].group, g); k++)
			;
		if (k < i)
			continue;
		fprintf(f, "%s: %s (%s):", head, g, runs);
		for (k = i; k < rules->n; k++)
			if (!strcmp(rules->v[k].group, g))
				figure(f, rules->v[k].name, &v[k],
				       also ? &also[k] : NULL);
		fputc('\n', f);
	}
}

/* The line(s) of one kernel and feature set. */
static int one_set(FILE *f, const struct ci_results *res,
		   const struct ci_rules *like, const char *kernel,
		   const char *fs)
{
	struct ci_run *rec = calloc(res->n_runs + 1, sizeof(*rec));
	struct ci_run *unrec = calloc(res->n_untraced + 1, sizeof(*unrec));
	struct ci_rules rules = { 0 };
	struct ci_bench_verdict *v = NULL;
	struct ci_results base, cand;
	char head[300], runs[80];
	int r = -ENOMEM;

	if (!rec || !unrec)
		goto out;
	base = view(res->dir, res->untraced, res->n_untraced, kernel, fs,
		    unrec);
	cand = view(res->dir, res->runs, res->n_runs, kernel, fs, rec);
	if (!cand.n_runs) {
		fprintf(f,
			"tracing cost: %s / %s: no recorded run to compare "
			"the unrecorded ones with\n",
			kernel, fs);
		r = 0;
		goto out;
	}
	if (rules_of(&base, like, &rules) ||
	    !(v = calloc(rules.n + 1, sizeof(*v))) ||
	    ci_bench_verdicts(&rules, &base, &cand, v))
		goto out;
	snprintf(head, sizeof(head), "tracing cost: %s / %s", kernel, fs);
	snprintf(runs, sizeof(runs), "%zu recorded, %zu unrecorded runs",
		 cand.n_runs, base.n_runs);
	print_groups(f, head, runs, &rules, v, NULL);
	r = 0;
out:
	free(v);
	free(rules.v);
	free(rec);
	free(unrec);
	return r;
}

/* The verdicts of @rules on @k's runs of @b_fs against those of @c_fs among
 * @v (@n) into @out, and the smaller side's runs into *@n_side (NULL: not
 * wanted); 0 or -ENOMEM. */
static int change_of(const struct ci_results *res, const struct ci_run *v,
		     size_t n, const char *k, const char *b_fs,
		     const char *c_fs, const struct ci_rules *rules,
		     struct ci_bench_verdict *out, size_t *n_side)
{
	struct ci_run *b = calloc(n + 1, sizeof(*b)),
		      *c = calloc(n + 1, sizeof(*c));
	struct ci_results base, cand;
	int r = -ENOMEM;

	if (b && c) {
		base = view(res->dir, v, n, k, b_fs, b);
		cand = view(res->dir, v, n, k, c_fs, c);
		if (n_side)
			*n_side = base.n_runs < cand.n_runs ? base.n_runs :
							      cand.n_runs;
		r = ci_bench_verdicts(rules, &base, &cand, out);
	}
	free(b);
	free(c);
	return r;
}

/*
 * @k's feature set @fs against @base_fs, both without recording (the
 * control arm), beside the same change recorded: does recording move the
 * answer? The workloads' own figures only: the tables have no control arm.
 */
static int one_change(FILE *f, const struct ci_results *res,
		      const struct ci_rules *like, const char *k,
		      const char *base_fs, const char *fs)
{
	struct ci_run *b = calloc(res->n_untraced + 1, sizeof(*b));
	struct ci_bench_verdict *vu = NULL, *vr = NULL;
	struct ci_rules rules = { 0 };
	struct ci_results base;
	char head[300], runs[80];
	size_t nu = 0;
	int r = -ENOMEM;

	if (!b)
		goto out;
	base = view(res->dir, res->untraced, res->n_untraced, k, base_fs, b);
	if (rules_of(&base, like, &rules) ||
	    !(vu = calloc(rules.n + 1, sizeof(*vu))) ||
	    !(vr = calloc(rules.n + 1, sizeof(*vr))) ||
	    change_of(res, res->untraced, res->n_untraced, k, base_fs, fs,
		      &rules, vu, &nu) ||
	    change_of(res, res->runs, res->n_runs, k, base_fs, fs, &rules, vr,
		      NULL))
		goto out;
	snprintf(head, sizeof(head), "unrecorded: %s / %s against %s", k, fs,
		 base_fs);
	snprintf(runs, sizeof(runs), "%zu runs a side", nu);
	print_groups(f, head, runs, &rules, vu, vr);
	r = 0;
out:
	free(vu);
	free(vr);
	free(rules.v);
	free(b);
	return r;
}

/* Has @res a control run of @k / @fs? */
static int has_control(const struct ci_results *res, const char *k,
		       const char *fs)
{
	for (size_t i = 0; i < res->n_untraced; i++)
		if (!strcmp(res->untraced[i].kernel, k) &&
		    !strcmp(res->untraced[i].fs, fs))
			return 1;
	return 0;
}

/* Each feature set's change against its kernel's first, unrecorded. */
static int changes(FILE *f, const struct ci_results *res,
		   const struct ci_rules *rules)
{
	const struct ci_run *v = res->runs;
	size_t first = 0;
	int said = 0, r = 0;

	/* the runs go by kernel, then feature set in scenario order */
	for (size_t i = 0; i < res->n_runs && !r; i++) {
		if (i && strcmp(v[i - 1].kernel, v[i].kernel))
			first = i;
		if ((i && !strcmp(v[i - 1].kernel, v[i].kernel) &&
		     !strcmp(v[i - 1].fs, v[i].fs)) ||
		    !strcmp(v[first].fs, v[i].fs) ||
		    !has_control(res, v[i].kernel, v[i].fs) ||
		    !has_control(res, v[i].kernel, v[first].fs))
			continue;
		if (!said++)
			fprintf(f,
				"\nThe change without recording: the control "
				"arm's runs of each feature set against\n"
				"the first's, as the gate estimates it, and "
				"beside it the recorded runs' estimate\n");
		r = one_change(f, res, rules, v[i].kernel, v[first].fs,
			       v[i].fs);
	}
	return r;
}

int ci_tracing_cost_print(FILE *f, const struct ci_results *res,
			  const struct ci_rules *rules)
{
	int r = 0;

	if (!res->n_untraced)
		fprintf(f, "\ntracing cost: not measured (no control arm: the "
			   "scenario's untraced_repeats is 0)\n");
	else
		fprintf(f,
			"\nTracing cost: the workloads' own figures, recorded "
			"runs against unrecorded\nones (the control arm): the "
			"gate's ratio of geometric means minus one and its\n"
			"interval (family-wise alpha %g%% over a feature set's "
			"figures; the bad side's\nend at %.0f%%); '-': a value "
			"<= 0 or fewer than %d runs a side\n",
			rules->alpha * 100, rules->pass_confidence * 100,
			TCOST_MIN_RUNS);
	for (size_t i = 0; i < res->n_untraced && !r; i++) {
		const struct ci_run *u = &res->untraced[i];
		size_t k;

		for (k = 0; k < i; k++) /* each kernel and set once */
			if (!strcmp(res->untraced[k].kernel, u->kernel) &&
			    !strcmp(res->untraced[k].fs, u->fs))
				break;
		if (k == i)
			r = one_set(f, res, rules, u->kernel, u->fs);
	}
	return r ? r : changes(f, res, rules);
}
