// SPDX-License-Identifier: GPL-2.0
/* Gate verdicts as a text table, Markdown, JSON and JUnit XML. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_report.h"
#include "ci/util.h"
#include "common/outfile.h"
#include "common/fmt.h"

const char *ci_gate_outcome(const struct ci_gate_report *g)
{
	return g->decision == CI_DECISION_REGRESSION ? "regression" :
	       g->decision == CI_DECISION_PASS	     ? "pass" :
						       "cannot decide";
}

void ci_gate_verdict_line(FILE *f, const struct ci_gate_report *g)
{
	struct ci_judged *j = calloc(g->n + 1, sizeof(*j));
	enum ci_outcome o =
		g->decision == CI_DECISION_REGRESSION ? CI_OUTCOME_REGRESSION :
		g->decision == CI_DECISION_PASS	      ? CI_OUTCOME_PASS :
							CI_OUTCOME_UNDECIDED;

	for (size_t i = 0; j && i < g->n; i++)
		j[i] = (struct ci_judged){
			.rule = g->res[i].rule->name,
			/* a report rule is shown, not judged */
			.verdict = g->res[i].rule->report ?
					   CI_V_NOT_APPLICABLE :
					   g->res[i].verdict,
			.more_runs = g->res[i].more_runs
		};
	ci_verdict_line(f, o, j, j ? g->n : 0);
	free(j);
}

size_t ci_gate_excluded(const struct ci_results *base,
			const struct ci_results *cand, struct ci_excluded *out,
			size_t cap)
{
	const struct ci_results *sides[] = { base, cand };
	size_t n = 0;

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < sides[s]->n_runs; i++)
			if (sides[s]->runs[i].lost_events && n < cap)
				out[n++] = (struct ci_excluded){
					.side = s ? "cand" : "base",
					.run = &sides[s]->runs[i],
				};
	return n;
}

static int has_figures(const struct ci_rule_result *r)
{
	return r->verdict <= CI_V_INCONCLUSIVE;
}

/* The test the rules of run values had: paired t by round, Welch t, or some of each. */
static const char *runs_method(const struct ci_gate_report *g)
{
	size_t paired = 0, tested = 0;

	for (size_t i = 0; i < g->n; i++) {
		paired += g->res[i].paired && !g->res[i].rule->pooled;
		tested += has_figures(&g->res[i]) && !g->res[i].rule->pooled;
	}
	if (paired && paired == tested)
		return "paired t on the log differences of each round's two "
		       "runs (interleaved), Holm over the rules; sign-flip "
		       "check from 6 runs a side";
	if (paired)
		return "paired t by round where each run had its round's "
		       "partner (interleaved runs), else Welch t, on the log "
		       "of one value per run, Holm over the rules; "
		       "permutation check from 6 runs a side";
	return "Welch t on the log of one value per run, Holm over the "
	       "rules; permutation check from 6 runs a side";
}

/* The tests the rules had, pooled ones said apart, into @buf. */
static const char *method(const struct ci_gate_report *g, char *buf, size_t len)
{
	int pooled = 0, paired = 0;

	for (size_t i = 0; i < g->n; i++)
		if (g->res[i].rule->pooled && has_figures(&g->res[i])) {
			pooled = 1;
			paired |= g->res[i].paired;
		}
	snprintf(buf, len, "%s%s", runs_method(g),
		 !pooled ? "" :
		 paired	 ? "; pooled rules: paired t on the log of the change "
			   "of the statistic of all runs of a side pooled, its "
			   "variance from resampling the rounds (interleaved)" :
			   "; pooled rules: Welch t on the log of the statistic "
			   "of all runs of a side pooled, its variance from "
			   "resampling the runs");
	return buf;
}

/* 4 significant digits, whole numbers from 10000 on: never an exponent. */
static void fmt_num(char *buf, size_t len, double v)
{
	if (isfinite(v) && fabs(v) >= 1e4)
		snprintf(buf, len, "%.0f", v);
	else if (isfinite(v))
		snprintf(buf, len, "%.4g", v);
	else
		snprintf(buf, len, "%s", isnan(v) ? "-" : "inf");
}

static void fmt_pct(char *buf, size_t len, double ratio)
{
	if (isfinite(ratio))
		snprintf(buf, len, "%+.1f%%", (ratio - 1) * 100);
	else
		snprintf(buf, len, "%s", isnan(ratio) ? "-" : "+inf");
}

/* The worst change the runs cannot rule out: the interval's bad end. */
static double unseen(const struct ci_rule_result *r)
{
	return r->rule->dir == CI_DIR_HIGHER ? r->ratio_lo : r->ratio_hi;
}

/* Text cells of one verdict row. */
struct row {
	char base[24], cand[24], change[24], lo[24], hi[24], ci[56], unseen[24],
		bounds[64], runs[40];
};

static void make_row(const struct ci_rule_result *r, struct row *w)
{
	const struct ci_rule *rule = r->rule;
	int ok = has_figures(r);

	fmt_num(w->base, sizeof(w->base), ok ? r->base_mean : NAN);
	fmt_num(w->cand, sizeof(w->cand), ok ? r->cand_mean : NAN);
	fmt_pct(w->change, sizeof(w->change), ok ? r->ratio : NAN);
	fmt_pct(w->lo, sizeof(w->lo), ok ? r->ratio_lo : NAN);
	fmt_pct(w->hi, sizeof(w->hi), ok ? r->ratio_hi : NAN);
	fmt_pct(w->unseen, sizeof(w->unseen), ok ? unseen(r) : NAN);
	snprintf(w->ci, sizeof(w->ci),
		 ok && isfinite(r->ratio) ? "[%s, %s]" : "-", w->lo, w->hi);
	ci_rule_bounds(rule, w->bounds, sizeof(w->bounds));
	snprintf(w->runs, sizeof(w->runs), "%zu/%zu", r->base_runs,
		 r->cand_runs);
}

/* The size of a verdict cell: the note and the words around it. */
#define VERDICT_LEN (sizeof(((struct ci_rule_result *)0)->note) + 256)

/*
 * The verdict cell's text: verdict, note, runs needed, and, for a pass that
 * only the rule's floor gave (the ratio's bound did not rule out the
 * tolerance), that floor in words: such a pass promises nothing about a
 * change of the tolerance's size.
 */
static void verdict_text(const struct ci_rule_result *r, char *buf, size_t len)
{
	char more[96], floor[160] = "";

	ci_more_runs_text(r->verdict, r->more_runs, more, sizeof(more));
	if (r->pass_by_floor)
		snprintf(floor, sizeof(floor),
			 "passed by its floor: a change under %g %s is no "
			 "regression by this rule",
			 r->rule->pass_bound_abs,
			 ci_metric_at(r->rule->metric)->unit);
	snprintf(buf, len, "%s%s%s%s%s%s%s%s", ci_verdict_name(r->verdict),
		 r->rule->report   ? " (report only, never gates)" :
		 r->rule->required ? "" :
				     " (optional)",
		 r->note[0] || more[0] || floor[0] ? ": " : "", r->note,
		 r->note[0] && more[0] ? "; " : "", more,
		 (r->note[0] || more[0]) && floor[0] ? "; " : "", floor);
}

static void method_line(FILE *f, const struct ci_gate_report *g)
{
	char how[512];

	char here[64] = "";

	/*
	 * The promise is the rules' alpha; a check's look (or one host of
	 * several) tests at a share of it, said beside it.
	 */
	if (g->levels.alpha < g->rules->alpha * (1 - 1e-9))
		snprintf(here, sizeof(here), " (%.3g%% at this look)",
			 g->levels.alpha * 100);
	fprintf(f,
		"%s; family-wise chance of a false regression <= %.3g%%%s, pass "
		"bounds one-sided at %.4g%%, %u runs a side at least%s%s",
		method(g, how, sizeof(how)), g->rules->alpha * 100, here,
		(1 - g->levels.pass_alpha) * 100, g->rules->min_runs,
		g->levels_why && *g->levels_why ? "; " : "",
		g->levels_why ? g->levels_why : "");
}

/* Gate-wide cautions into @out (at most @max); their count. */
static size_t cautions(const struct ci_gate_report *g, char (*out)[256],
		       size_t max)
{
	size_t n = 0;

	if (n < max && (g->base_runs < g->rules->min_runs ||
			g->cand_runs < g->rules->min_runs))
		snprintf(
			out[n++], 256,
			"%zu base and %zu candidate runs: a verdict needs %u a "
			"side, so no rule can decide",
			g->base_runs, g->cand_runs, g->rules->min_runs);
	if (n < max && g->n_excluded)
		snprintf(out[n++], 256,
			 "%zu run%s left out of the delay rules: the recorder "
			 "lost events",
			 g->n_excluded, g->n_excluded > 1 ? "s" : "");
	return n;
}

static void excluded_line(FILE *f, const struct ci_gate_report *g,
			  const char *sep)
{
	for (size_t i = 0; i < g->n_excluded; i++) {
		const struct ci_run *r = g->excluded[i].run;

		fprintf(f, "%s%s %s/%s/%u (%lld lost events)", i ? sep : "",
			g->excluded[i].side, r->kernel, r->fs, r->repeat,
			r->lost_events);
	}
}

void ci_gate_print_text(FILE *f, const struct ci_gate_report *g)
{
	char caution[4][256];
	size_t nc = cautions(g, caution, 4);

	fprintf(f, "base:      %s (%zu run%s)\ncandidate: %s (%zu run%s)\n",
		g->base_spec, g->base_runs, SB_S(g->base_runs), g->cand_spec,
		g->cand_runs, SB_S(g->cand_runs));
	fputs("method:    ", f);
	method_line(f, g);
	fputc('\n', f);
	if (g->n_excluded) {
		fputs("excluded from the delay rules (lost events): ", f);
		excluded_line(f, g, ", ");
		fputc('\n', f);
	}
	for (size_t i = 0; i < nc; i++)
		fprintf(f, "caution:   %s\n", caution[i]);
	fprintf(f,
		"change:    the ratio of the runs' geometric means (BASE, CAND)\n"
		"interval:  good end at the level that decides a regression, "
		"bad end at the pass level (NOT RULED OUT)\n\n");
	fprintf(f, "%-28s %-5s %9s %9s %8s %-20s %-13s %-24s %-7s %s\n", "RULE",
		"UNIT", "BASE", "CAND", "CHANGE", "INTERVAL", "NOT RULED OUT",
		"TOLERANCE/PASS BOUND", "RUNS", "VERDICT");
	for (size_t i = 0; i < g->n; i++) {
		const struct ci_rule_result *r = &g->res[i];
		char verdict[VERDICT_LEN];
		struct row w;

		make_row(r, &w);
		verdict_text(r, verdict, sizeof(verdict));
		fprintf(f, "%-28s %-5s %9s %9s %8s %-20s %-13s %-24s %-7s %s\n",
			r->rule->name, ci_metric_at(r->rule->metric)->unit,
			w.base, w.cand, w.change, w.ci, w.unseen, w.bounds,
			w.runs, verdict);
	}
	fputc('\n', f);
	ci_gate_verdict_line(f, g);
}

static const char *md_verdict(enum ci_verdict v)
{
	return v == CI_V_REGRESSION ? "**REGRESSION**" : ci_verdict_name(v);
}

int ci_gate_write_markdown(const char *path, const struct ci_gate_report *g)
{
	char caution[4][256];
	size_t nc = cautions(g, caution, 4);
	struct sb_memfile m;
	FILE *f;

	if (sb_memfile_open(&m))
		return -errno;
	f = m.f;
	fprintf(f, "### slicebench gate: %s\n\n", ci_gate_outcome(g));
	fprintf(f, "Base `%s` (%zu run%s) vs candidate `%s` (%zu run%s).\n\n",
		g->base_spec, g->base_runs, SB_S(g->base_runs), g->cand_spec,
		g->cand_runs, SB_S(g->cand_runs));
	fprintf(f,
		"| Rule | Base | Candidate | Change | Interval | Not ruled out | Tolerance/pass bound | Runs | Verdict |\n");
	fprintf(f, "|---|---:|---:|---:|---|---:|---|---|---|\n");
	for (size_t i = 0; i < g->n; i++) {
		const struct ci_rule_result *r = &g->res[i];
		const char *unit = has_figures(r) ?
					   ci_metric_at(r->rule->metric)->unit :
					   "";
		char verdict[VERDICT_LEN];
		struct row w;

		make_row(r, &w);
		verdict_text(r, verdict, sizeof(verdict));
		fprintf(f,
			"| %s | %s %s | %s %s | %s | %s | %s | %s | %s | %s%s |\n",
			r->rule->name, w.base, unit, w.cand, unit, w.change,
			w.ci, w.unseen, w.bounds, w.runs,
			md_verdict(r->verdict),
			verdict + strlen(ci_verdict_name(r->verdict)));
	}
	fputs("\nMethod: ", f);
	method_line(f, g);
	fputs(" (see ci/README.md).\n", f);
	for (size_t i = 0; i < nc; i++)
		fprintf(f, "\nCaution: %s.\n", caution[i]);
	if (g->n_excluded) {
		fputs("\nExcluded from the delay rules (lost events): ", f);
		excluded_line(f, g, ", ");
		fputs(".\n", f);
	}
	return sb_memfile_commit(&m, path);
}

/*
 * A regression is a failure; an undecided rule an error ("cannot decide"),
 * never a skip: a gate that did not pass must not read green in a CI's
 * test tab. A report-only rule never gates, so whatever its verdict it is
 * output only: a red test tab over a gate that exited 0 would be a lie.
 * Rules not applicable are no test cases (one property names them).
 */
static int junit_failed(const struct ci_rule_result *r)
{
	return !r->rule->report && r->verdict == CI_V_REGRESSION;
}

static int junit_undecided(const struct ci_rule_result *r)
{
	return !r->rule->report && (r->verdict == CI_V_INCONCLUSIVE ||
				    r->verdict == CI_V_INSUFFICIENT);
}

static void junit_case(FILE *f, const struct ci_rule_result *r)
{
	char msg[VERDICT_LEN + 512], verdict[VERDICT_LEN];
	int failed = junit_failed(r), undecided = junit_undecided(r);
	struct row w;

	make_row(r, &w);
	verdict_text(r, verdict, sizeof(verdict));
	snprintf(
		msg, sizeof(msg),
		"%s; base %s, candidate %s %s, change %s, interval %s, not ruled out %s, tolerance/pass bound %s, runs %s",
		verdict, w.base, w.cand, ci_metric_at(r->rule->metric)->unit,
		w.change, w.ci, w.unseen, w.bounds, w.runs);
	fputs("    <testcase classname=\"slicebench.gate.", f);
	ci_markup_escaped(f, r->rule->group, strlen(r->rule->group));
	fputs("\" name=\"", f);
	ci_markup_escaped(f, r->rule->name, strlen(r->rule->name));
	fputs("\">\n", f);
	fputs(failed	? "      <failure type=\"regression\" message=\"" :
	      undecided ? "      <error type=\"cannot decide\" message=\"" :
			  "      <system-out>",
	      f);
	ci_markup_escaped(f, msg, strlen(msg));
	fputs(failed || undecided ? "\"/>\n" : "</system-out>\n", f);
	fputs("    </testcase>\n", f);
}

/*
 * A gate that did not pass with no rule failing or undecided (no rule
 * that gates applies): one error case, so the test tab is red exactly
 * when the gate's exit code is not 0.
 */
static void junit_outcome_case(FILE *f, const struct ci_gate_report *g)
{
	fputs("    <testcase classname=\"slicebench.gate\" name=\"outcome\">\n"
	      "      <error type=\"cannot decide\" message=\"",
	      f);
	fprintf(f, "%s: no rule that gates applies to these runs",
		ci_gate_outcome(g));
	fputs("\"/>\n    </testcase>\n", f);
}

/* The method line, markup-escaped. */
static void method_escaped(FILE *f, const struct ci_gate_report *g)
{
	char *m = NULL;
	size_t ml = 0;
	FILE *mf = open_memstream(&m, &ml);

	if (mf) {
		method_line(mf, g);
		if (!fclose(mf))
			ci_markup_escaped(f, m, ml);
	}
	free(m);
}

int ci_gate_write_junit(const char *path, const struct ci_gate_report *g)
{
	char caution[4][256];
	size_t fail = 0, err = 0, na = 0, nc = cautions(g, caution, 4);
	int outcome_case;
	struct sb_memfile m;
	FILE *f;

	for (size_t i = 0; i < g->n; i++) {
		fail += junit_failed(&g->res[i]);
		err += junit_undecided(&g->res[i]);
		na += g->res[i].verdict == CI_V_NOT_APPLICABLE;
	}
	outcome_case = g->decision != CI_DECISION_PASS && !fail && !err;
	if (sb_memfile_open(&m))
		return -errno;
	f = m.f;
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
	fprintf(f,
		"  <testsuite name=\"slicebench-gate\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\">\n",
		g->n - na + outcome_case, fail, err + outcome_case);
	fprintf(f,
		"    <properties>\n      <property name=\"outcome\" value=\"%s\"/>\n",
		ci_gate_outcome(g));
	fputs("      <property name=\"method\" value=\"", f);
	method_escaped(f, g);
	fputs("\"/>\n", f);
	for (size_t i = 0; i < g->n_excluded; i++) {
		const struct ci_run *run = g->excluded[i].run;

		fprintf(f,
			"      <property name=\"excluded\" value=\"%s %s/%s/%u: %lld lost events\"/>\n",
			g->excluded[i].side, run->kernel, run->fs, run->repeat,
			run->lost_events);
	}
	for (size_t i = 0; i < nc; i++) {
		fputs("      <property name=\"caution\" value=\"", f);
		ci_markup_escaped(f, caution[i], strlen(caution[i]));
		fputs("\"/>\n", f);
	}
	if (na) {
		fprintf(f,
			"      <property name=\"not_applicable\" value=\"%zu rule%s (no runs of the group on either side):",
			na, na == 1 ? "" : "s");
		for (size_t i = 0, k = 0; i < g->n; i++)
			if (g->res[i].verdict == CI_V_NOT_APPLICABLE) {
				const char *n = g->res[i].rule->name;

				fputs(k++ ? ", " : " ", f);
				ci_markup_escaped(f, n, strlen(n));
			}
		fputs("\"/>\n", f);
	}
	fputs("    </properties>\n", f);
	for (size_t i = 0; i < g->n; i++)
		if (g->res[i].verdict != CI_V_NOT_APPLICABLE)
			junit_case(f, &g->res[i]);
	if (outcome_case)
		junit_outcome_case(f, g);
	fprintf(f, "  </testsuite>\n</testsuites>\n");
	return sb_memfile_commit(&m, path);
}

static json_t *jpair(double a, double b)
{
	return json_pack("[o, o]", ci_json_num(a), ci_json_num(b));
}

static json_t *side_json(size_t runs, size_t lost, size_t missing,
			 size_t failed, double mean)
{
	return json_pack("{s:i, s:i, s:i, s:i, s:o}", "runs", (json_int_t)runs,
			 "lost_event_runs", (json_int_t)lost,
			 "runs_without_value", (json_int_t)missing,
			 "failed_runs", (json_int_t)failed, "mean",
			 ci_json_num(mean));
}

static json_t *rule_json(const struct ci_rule_result *r)
{
	const struct ci_rule *rule = r->rule;
	const struct ci_metric *m = ci_metric_at(rule->metric);
	int ok = has_figures(r);
	json_t *j = json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:b, s:f, s:f, s:f, s:f, s:s, s:o, s:o}",
		"name", rule->name, "metric", m->name, "group", rule->group,
		"unit", m->unit, "direction", ci_dir_name(rule->dir),
		"required", rule->required, "tolerance_pct",
		rule->tolerance_pct, "min_effect_abs", rule->min_effect_abs,
		"pass_bound_pct", rule->pass_bound_pct, "pass_bound_abs",
		rule->pass_bound_abs, "verdict", ci_verdict_name(r->verdict),
		"base",
		side_json(r->base_runs, r->base_lost, r->base_missing,
			  r->base_failed, ok ? r->base_mean : NAN),
		"cand",
		side_json(r->cand_runs, r->cand_lost, r->cand_missing,
			  r->cand_failed, ok ? r->cand_mean : NAN));

	if (!j)
		return NULL;
	json_object_set_new(j, "pooled", json_boolean(rule->pooled));
	json_object_set_new(j, "pass_by_floor", json_boolean(r->pass_by_floor));
	json_object_set_new(j, "report", json_boolean(rule->report));
	if (ok) {
		json_object_set_new(j, "ratio", ci_json_num(r->ratio));
		json_object_set_new(j, "change_pct",
				    ci_json_num((r->ratio - 1) * 100));
		json_object_set_new(j, "change_interval_pct",
				    jpair((r->ratio_lo - 1) * 100,
					  (r->ratio_hi - 1) * 100));
		json_object_set_new(j, "not_ruled_out_pct",
				    ci_json_num((unseen(r) - 1) * 100));
		json_object_set_new(j, "diff", ci_json_num(r->diff));
		json_object_set_new(j, "diff_interval",
				    jpair(r->diff_lo, r->diff_hi));
		json_object_set_new(j, "p_regression",
				    ci_json_num(r->p_regression));
		json_object_set_new(j, "level", ci_json_num(r->level));
		json_object_set_new(
			j, "test",
			json_string(r->rule->pooled ?
					    (r->paired ? "pooled, paired t" :
							 "pooled, Welch t") :
				    r->paired ? "paired t" :
						"Welch t"));
		json_object_set_new(j, "p_permutation",
				    r->perm_checked ? ci_json_num(r->p_perm) :
						      json_null());
	}
	json_object_set_new(j, "runs_needed",
			    r->more_runs == UINT_MAX ?
				    json_string("more than 1000") :
			    r->more_runs ? json_integer(r->more_runs) :
					   json_null());
	json_object_set_new(j, "note",
			    r->note[0] ? json_string(r->note) : json_null());
	return j;
}

static json_t *excluded_json(const struct ci_gate_report *g)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < g->n_excluded; i++) {
		const struct ci_run *r = g->excluded[i].run;

		json_array_append_new(
			a, json_pack("{s:s, s:s, s:s, s:i, s:I}", "side",
				     g->excluded[i].side, "kernel", r->kernel,
				     "feature_set", r->fs, "repeat",
				     (json_int_t)r->repeat, "lost_events",
				     (json_int_t)r->lost_events));
	}
	return a;
}

int ci_gate_to_json(json_t *env, const struct ci_gate_report *g)
{
	json_t *rules = json_array(), *counts = json_object(),
	       *warn = json_array();
	char caution[4][256], how[512];
	size_t nc = cautions(g, caution, 4);

	if (!rules || !counts || !warn)
		goto nomem;
	for (size_t i = 0; i < nc; i++)
		json_array_append_new(warn, json_string(caution[i]));
	for (size_t i = 0; i < g->n; i++) {
		const char *v = ci_verdict_name(g->res[i].verdict);
		json_t *c = json_object_get(counts, v);

		if (json_array_append_new(rules, rule_json(&g->res[i])))
			goto nomem;
		json_object_set_new(counts, v,
				    json_integer(c ? json_integer_value(c) + 1 :
						     1));
	}
	if (json_object_set_new(env, "base",
				json_pack("{s:s, s:i}", "spec", g->base_spec,
					  "runs", (json_int_t)g->base_runs)) ||
	    json_object_set_new(env, "cand",
				json_pack("{s:s, s:i}", "spec", g->cand_spec,
					  "runs", (json_int_t)g->cand_runs)) ||
	    json_object_set_new(
		    env, "method",
		    json_pack("{s:s, s:f, s:f, s:i, s:s}", "name",
			      method(g, how, sizeof(how)), "alpha",
			      g->levels.alpha, "pass_confidence",
			      1 - g->levels.pass_alpha, "min_runs",
			      (json_int_t)g->rules->min_runs, "levels",
			      g->levels_why ? g->levels_why : "")) ||
	    json_object_set_new(env, "excluded_runs", excluded_json(g)) ||
	    json_object_set_new(env, "cautions", warn) ||
	    json_object_set_new(env, "rules", rules) ||
	    json_object_set_new(env, "counts", counts) ||
	    json_object_set_new(env, "outcome",
				json_string(ci_gate_outcome(g))) ||
	    json_object_set_new(env, "exit_code", json_integer(g->exit_code)))
		return -ENOMEM;
	return 0;
nomem:
	json_decref(rules);
	json_decref(counts);
	json_decref(warn);
	return -ENOMEM;
}
