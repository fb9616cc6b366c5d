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

/* One line per group of @rules, in order of first appearance. */
static void print_groups(FILE *f, const char *kernel, const char *fs,
			 const struct ci_rules *rules,
			 const struct ci_bench_verdict *v, size_t n_rec,
			 size_t n_unrec)
{
	for (size_t i = 0; i < rules->n; i++) {
		const char *g = rules->v[i].group;
		size_t k;

		for (k = 0; k < i && strcmp(rules->v[k].group, g); k++)
			;
		if (k < i)
			continue;
		fprintf(f,
			"tracing cost: %s / %s: %s (%zu recorded, %zu "
			"unrecorded runs):",
			kernel, fs, g, n_rec, n_unrec);
		for (k = i; k < rules->n; k++) {
			char est[32], lo[32], hi[32];

			if (strcmp(rules->v[k].group, g))
				continue;
			if (!tested(&v[k]) || isnan(v[k].ratio) ||
			    isnan(v[k].ratio_lo)) {
				fprintf(f, " %s -", rules->v[k].name);
				continue;
			}
			pct(est, sizeof(est), v[k].ratio, 1);
			pct(lo, sizeof(lo), v[k].ratio_lo, 0);
			pct(hi, sizeof(hi), v[k].ratio_hi, 0);
			fprintf(f, " %s %s [%s, %s]", rules->v[k].name, est, lo,
				hi);
		}
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
	print_groups(f, kernel, fs, &rules, v, cand.n_runs, base.n_runs);
	r = 0;
out:
	free(v);
	free(rules.v);
	free(rec);
	free(unrec);
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
	return r;
}
