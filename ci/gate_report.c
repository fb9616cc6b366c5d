// SPDX-License-Identifier: GPL-2.0
/* Gate verdicts as a text table, Markdown, JSON and JUnit XML. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_report.h"
#include "ci/util.h"
#include "common/atomicio.h"
#include "common/exitcodes.h"

#define METHOD "two-level bootstrap of the ratio of medians (cand/base)"

const char *ci_gate_outcome(const struct ci_gate_report *g)
{
	return g->exit_code == SB_EXIT_REGRESSION ? "regression" :
	       g->exit_code == SB_EXIT_ENV	  ? "insufficient data" :
						    "pass";
}

static int decided(const struct ci_rule_result *r)
{
	return r->verdict <= CI_V_INCONCLUSIVE;
}

static void fmt_num(char *buf, size_t len, double v)
{
	if (isfinite(v))
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

/*
 * With few runs a side, chance alone may put every candidate run above every
 * base run: 1 in C(b+c, b) comparisons of unchanged kernels (1 in 20 for 3
 * and 3), and a run-to-run shift then reads as a regression however many
 * per-second samples each run has. Says so in @buf when that chance is
 * above the one-sided error the confidence allows; 0 when it is not.
 */
static int few_runs_caution(const struct ci_gate_report *g, char *buf,
			    size_t len)
{
	size_t b = g->base_runs, c = g->cand_runs;
	double orders = 1; /* C(b + c, b) */

	for (size_t i = 1; i <= b; i++)
		orders = orders * (double)(c + i) / (double)i;
	if (!b || !c || 1 / orders <= (1 - g->rules->confidence) / 2)
		return 0;
	snprintf(buf, len,
		 "%zu base and %zu candidate runs: chance alone ranks every "
		 "candidate run above every base run 1 time in %.0f, more "
		 "often than a %g%% interval allows: run 5 or more repeats a "
		 "side",
		 b, c, orders, g->rules->confidence * 100);
	return 1;
}

/* Text cells of one verdict row. */
struct row {
	char base[24], cand[24], change[24], lo[24], hi[24], ci[56], tol[40],
		samples[48];
};

static void make_row(const struct ci_rule_result *r, struct row *w)
{
	const struct ci_rule *rule = r->rule;
	int ok = decided(r);

	fmt_num(w->base, sizeof(w->base), ok ? r->boot.base_median : NAN);
	fmt_num(w->cand, sizeof(w->cand), ok ? r->boot.cand_median : NAN);
	fmt_pct(w->change, sizeof(w->change), ok ? r->boot.ratio : NAN);
	fmt_pct(w->lo, sizeof(w->lo), ok ? r->boot.ratio_lo : NAN);
	fmt_pct(w->hi, sizeof(w->hi), ok ? r->boot.ratio_hi : NAN);
	snprintf(w->ci, sizeof(w->ci), ok ? "[%s, %s]" : "-", w->lo, w->hi);
	if (rule->min_effect_abs > 0)
		snprintf(w->tol, sizeof(w->tol), "%s%g%%, %g %s",
			 rule->dir == CI_DIR_LOWER ? "+" : "-",
			 rule->tolerance_pct, rule->min_effect_abs,
			 ci_metrics[rule->metric].unit);
	else
		snprintf(w->tol, sizeof(w->tol), "%s%g%%",
			 rule->dir == CI_DIR_LOWER ? "+" : "-",
			 rule->tolerance_pct);
	snprintf(w->samples, sizeof(w->samples), "%zu/%zu %s", r->base.samples,
		 r->cand.samples,
		 r->level == CI_LEVEL_INTERVALS ? "intervals" : "runs");
}

void ci_gate_print_text(FILE *f, const struct ci_gate_report *g)
{
	char caution[256];

	fprintf(f, "base:      %s (%zu runs)\ncandidate: %s (%zu runs)\n",
		g->base_spec, g->base_runs, g->cand_spec, g->cand_runs);
	fprintf(f, "method:    %s, %u resamples, %g%% interval, seed %llu\n",
		METHOD, g->rules->resamples, g->rules->confidence * 100,
		(unsigned long long)g->seed);
	if (few_runs_caution(g, caution, sizeof(caution)))
		fprintf(f, "caution:   %s\n", caution);
	fputc('\n', f);
	fprintf(f, "%-32s %-5s %10s %10s %8s %-20s %-16s %-20s %s\n", "RULE",
		"UNIT", "BASE", "CAND", "CHANGE", "CI", "BAD SIDE", "SAMPLES",
		"VERDICT");
	for (size_t i = 0; i < g->n; i++) {
		const struct ci_rule_result *r = &g->res[i];
		struct row w;

		make_row(r, &w);
		fprintf(f,
			"%-32s %-5s %10s %10s %8s %-20s %-16s %-20s %s%s%s\n",
			r->rule->name, ci_metrics[r->rule->metric].unit, w.base,
			w.cand, w.change, w.ci, w.tol, w.samples,
			ci_verdict_name(r->verdict), r->note[0] ? ": " : "",
			r->note);
	}
	fprintf(f, "\nresult: %s\n", ci_gate_outcome(g));
}

static const char *md_icon(enum ci_verdict v)
{
	return v == CI_V_REGRESSION  ? "**REGRESSION**" :
	       v == CI_V_IMPROVEMENT ? "improvement" :
	       v == CI_V_NO_CHANGE   ? "no change" :
				       ci_verdict_name(v);
}

int ci_gate_write_markdown(const char *path, const struct ci_gate_report *g)
{
	char *buf = NULL, caution[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int r;

	if (!f)
		return -errno;
	fprintf(f, "### slicebench gate: %s\n\n", ci_gate_outcome(g));
	fprintf(f, "Base `%s` (%zu runs) vs candidate `%s` (%zu runs).\n\n",
		g->base_spec, g->base_runs, g->cand_spec, g->cand_runs);
	fprintf(f,
		"| Rule | Base | Candidate | Change | %g%% CI | Bad side beyond | Samples | Verdict |\n",
		g->rules->confidence * 100);
	fprintf(f, "|---|---:|---:|---:|---|---|---|---|\n");
	for (size_t i = 0; i < g->n; i++) {
		const struct ci_rule_result *r = &g->res[i];
		const char *unit =
			decided(r) ? ci_metrics[r->rule->metric].unit : "";
		struct row w;

		make_row(r, &w);
		fprintf(f,
			"| %s | %s %s | %s %s | %s | %s | %s | %s | %s%s%s |\n",
			r->rule->name, w.base, unit, w.cand, unit, w.change,
			w.ci, w.tol, w.samples, md_icon(r->verdict),
			r->note[0] ? ": " : "", r->note);
	}
	fprintf(f,
		"\nMethod: %s, %u resamples, seed %llu; a regression is a "
		"confidence interval entirely beyond the tolerance on the bad "
		"side (see ci/README.md).\n",
		METHOD, g->rules->resamples, (unsigned long long)g->seed);
	if (few_runs_caution(g, caution, sizeof(caution)))
		fprintf(f, "\nCaution: %s.\n", caution);
	if (fclose(f))
		r = -errno;
	else
		r = sb_write_file_atomic(path, buf, len);
	free(buf);
	return r;
}

static void junit_case(FILE *f, const struct ci_rule_result *r)
{
	char msg[512];
	struct row w;

	make_row(r, &w);
	snprintf(
		msg, sizeof(msg),
		"%s: base %s, candidate %s %s, change %s, CI %s, bad side beyond %s%s%s",
		ci_verdict_name(r->verdict), w.base, w.cand,
		ci_metrics[r->rule->metric].unit, w.change, w.ci, w.tol,
		r->note[0] ? "; " : "", r->note);
	fputs("    <testcase classname=\"slicebench.gate.", f);
	ci_markup_escaped(f, r->rule->group, strlen(r->rule->group));
	fputs("\" name=\"", f);
	ci_markup_escaped(f, r->rule->name, strlen(r->rule->name));
	fputs("\">\n", f);
	if (r->verdict == CI_V_REGRESSION)
		fputs("      <failure type=\"regression\" message=\"", f);
	else if (!decided(r) || r->verdict == CI_V_INCONCLUSIVE)
		fputs("      <skipped message=\"", f);
	else
		fputs("      <system-out>", f);
	ci_markup_escaped(f, msg, strlen(msg));
	fputs(r->verdict == CI_V_REGRESSION || !decided(r) ||
			      r->verdict == CI_V_INCONCLUSIVE ?
		      "\"/>\n" :
		      "</system-out>\n",
	      f);
	fputs("    </testcase>\n", f);
}

int ci_gate_write_junit(const char *path, const struct ci_gate_report *g)
{
	size_t fail = 0, skip = 0, len = 0;
	char *buf = NULL;
	FILE *f;
	int r;

	for (size_t i = 0; i < g->n; i++) {
		fail += g->res[i].verdict == CI_V_REGRESSION;
		skip += !decided(&g->res[i]) ||
			g->res[i].verdict == CI_V_INCONCLUSIVE;
	}
	f = open_memstream(&buf, &len);
	if (!f)
		return -errno;
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
	fprintf(f,
		"  <testsuite name=\"slicebench-gate\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
		g->n, fail, skip);
	for (size_t i = 0; i < g->n; i++)
		junit_case(f, &g->res[i]);
	fprintf(f, "  </testsuite>\n</testsuites>\n");
	if (fclose(f))
		r = -errno;
	else
		r = sb_write_file_atomic(path, buf, len);
	free(buf);
	return r;
}

static json_t *jpair(double a, double b)
{
	return json_pack("[o, o]", ci_json_num(a), ci_json_num(b));
}

static json_t *rule_json(const struct ci_rule_result *r)
{
	const struct ci_rule *rule = r->rule;
	const struct ci_metric *m = &ci_metrics[rule->metric];
	const struct ci_boot *b = &r->boot;
	json_t *j = json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:f, s:f, s:s, s:s, s:{s:i, s:i}, s:{s:i, s:i}}",
		"name", rule->name, "metric", m->name, "group", rule->group,
		"unit", m->unit, "direction", ci_dir_name(rule->dir),
		"tolerance_pct", rule->tolerance_pct, "min_effect_abs",
		rule->min_effect_abs, "verdict", ci_verdict_name(r->verdict),
		"level", r->level == CI_LEVEL_INTERVALS ? "intervals" : "runs",
		"base", "runs", (json_int_t)r->base.runs, "samples",
		(json_int_t)r->base.samples, "cand", "runs",
		(json_int_t)r->cand.runs, "samples",
		(json_int_t)r->cand.samples);

	if (!j)
		return NULL;
	if (decided(r)) {
		json_object_set_new(json_object_get(j, "base"), "median",
				    ci_json_num(b->base_median));
		json_object_set_new(json_object_get(j, "cand"), "median",
				    ci_json_num(b->cand_median));
		json_object_set_new(j, "ratio", ci_json_num(b->ratio));
		json_object_set_new(j, "ratio_ci",
				    jpair(b->ratio_lo, b->ratio_hi));
		json_object_set_new(j, "change_pct",
				    ci_json_num((b->ratio - 1) * 100));
		json_object_set_new(j, "change_ci_pct",
				    jpair((b->ratio_lo - 1) * 100,
					  (b->ratio_hi - 1) * 100));
		json_object_set_new(j, "diff", ci_json_num(b->diff));
		json_object_set_new(j, "diff_ci",
				    jpair(b->diff_lo, b->diff_hi));
	}
	json_object_set_new(j, "note",
			    r->note[0] ? json_string(r->note) : json_null());
	return j;
}

int ci_gate_to_json(json_t *env, const struct ci_gate_report *g)
{
	json_t *rules = json_array(), *counts = json_object();

	if (!rules || !counts)
		goto nomem;
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
	    json_object_set_new(env, "method",
				json_pack("{s:s, s:i, s:f, s:I}", "name",
					  METHOD, "resamples",
					  (json_int_t)g->rules->resamples,
					  "confidence", g->rules->confidence,
					  "seed", (json_int_t)g->seed)) ||
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
	return -ENOMEM;
}
