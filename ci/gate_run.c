// SPDX-License-Identifier: GPL-2.0
/* One gate over two result specs: hosts matched, rules evaluated, reports written; the outcome. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_report.h"
#include "ci/dup_runs.h"
#include "ci/gate_csv.h"
#include "ci/gate_run.h"
#include "ci/work_unit.h"
#include "ci/spec.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/outfile.h"

#define MAX_HOSTS 64
#define MAX_EXCLUDED 256

const struct sb_field ci_gate_output_rows[] = {
	{ .key = "markdown",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct ci_gate_outputs, markdown),
	  .metavar = "FILE",
	  .doc = "write the verdicts as Markdown (a merge-request "
		 "comment)" },
	{ .key = "json",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct ci_gate_outputs, json),
	  .metavar = "FILE",
	  .doc = "write the verdicts as JSON" },
	{ .key = "junit",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct ci_gate_outputs, junit),
	  .metavar = "FILE",
	  .doc = "write JUnit XML, a test case per rule that applies" },
	{ .key = "csv",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct ci_gate_outputs, csv),
	  .metavar = "FILE",
	  .doc = "write the verdicts as CSV (RFC 4180), a row per rule" },
	{ 0 },
};

int ci_gate_outputs_on_stdout(const struct ci_gate_outputs *out)
{
	return sb_out_is_stdout(out->markdown) || sb_out_is_stdout(out->json) ||
	       sb_out_is_stdout(out->junit) || sb_out_is_stdout(out->csv);
}

static int fill_json(json_t *env, const void *g)
{
	return ci_gate_to_json(env, g);
}

/*
 * Each requested output, its path with @suffix (".<host>" or ""). Returns
 * 0 or the first failure, said in @e.
 */
/* The exit code of the gate's decision (README: 0 pass, 1, 3). */
static int decision_exit(enum ci_decision d)
{
	return d == CI_DECISION_PASS	   ? SB_EXIT_OK :
	       d == CI_DECISION_REGRESSION ? SB_EXIT_REGRESSION :
					     SB_EXIT_UNDECIDED;
}

static int write_outputs(const struct ci_gate_run *o, const char *suffix,
			 const struct ci_gate_report *g, struct sb_error *e)
{
	const struct {
		const char *path;
		int (*write)(const char *path, const struct ci_gate_report *g);
		const char *option;
	} outs[] = { { o->out.markdown, ci_gate_write_markdown, "--markdown" },
		     { o->out.junit, ci_gate_write_junit, "--junit" },
		     { o->out.csv, ci_gate_write_csv, "--csv" },
		     { o->out.json, NULL, "--json" } };
	char path[4096];

	for (size_t i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		int r;

		if (!outs[i].path)
			continue;
		/* standard output takes every host's report in turn */
		snprintf(path, sizeof(path), "%s%s", outs[i].path,
			 sb_out_is_stdout(outs[i].path) ? "" : suffix);
		if (!outs[i].write) /* JSON: the one envelope writer's */
			r = sb_out_envelope(path, outs[i].option,
					    "slicebench-gate", o->argc, o->argv,
					    fill_json, g, e);
		else if ((r = outs[i].write(path, g)))
			r = sb_out_error(e, r, outs[i].option, path);
		if (r)
			return r;
	}
	return 0;
}

/*
 * The rules over @base and @cand at @lv: the report and outputs; the
 * verdicts appended to @all (*@n_all so far). 0 or -errno, said in @e.
 */
static int evaluate(const struct ci_gate_run *o, const struct ci_levels *lv,
		    const struct ci_results *base,
		    const struct ci_results *cand, const char *suffix,
		    struct ci_rule_result *all, size_t *n_all,
		    struct sb_error *e)
{
	struct ci_rule_result *res = all + *n_all;
	struct ci_excluded ex[MAX_EXCLUDED];
	int r = ci_gate_evaluate(o->rules, base, cand, lv, res, e);

	if (r == -ENODATA) /* a required rule without data: bad input */
		return e->code = -EINVAL;
	if (r)
		return r;
	struct ci_gate_report g = {
		.base_spec = o->base_spec,
		.cand_spec = o->cand_spec,
		.base_runs = base->n_runs,
		.cand_runs = cand->n_runs,
		.rules = o->rules,
		.levels = *lv,
		.levels_why = o->levels_why,
		.res = res,
		.n = o->rules->n,
		.excluded = ex,
		.n_excluded = ci_gate_excluded(base, cand, ex, MAX_EXCLUDED),
		.decision = ci_gate_decide(res, o->rules->n),
	};
	g.exit_code = decision_exit(g.decision);
	if (o->text)
		ci_gate_print_text(o->text, &g);
	*n_all += o->rules->n;
	return write_outputs(o, suffix, &g, e);
}

/*
 * Hosts both sides ran on into @common; the count, or -EINVAL (said in
 * @e) when disjoint.
 */
static int common_hosts(const struct ci_results *base,
			const struct ci_results *cand, char (*common)[256],
			FILE *text, struct sb_error *e)
{
	const char *hb[MAX_HOSTS], *hc[MAX_HOSTS];
	size_t nb = ci_results_hosts(base, hb, MAX_HOSTS),
	       nc = ci_results_hosts(cand, hc, MAX_HOSTS);
	char lb[1024], lc[1024];
	int n = 0;

	for (size_t i = 0; i < nb; i++)
		for (size_t j = 0; j < nc; j++)
			if (!strcmp(hb[i], hc[j]))
				snprintf(common[n++], 256, "%s", hb[i]);
	if (n && nb + nc > 2 * (size_t)n && text)
		fprintf(text,
			"note: runs on hosts only one side ran on are left out "
			"(base %zu hosts, candidate %zu, common %d)\n",
			nb, nc, n);
	if (n)
		return n;
	ci_names_join(hb, nb, lb, sizeof(lb));
	ci_names_join(hc, nc, lc, sizeof(lc));
	return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			    "base ran on host(s) %s, candidate on %s: "
			    "disjoint host sets would confound the host with "
			    "the change; run both on the same hosts "
			    "(docs/scale-out.md)",
			    lb, lc);
}

static int load_both(const struct ci_gate_run *o, struct ci_results *base,
		     struct ci_results *cand, struct sb_error *e)
{
	int r = ci_spec_load(o->base_spec, 1, base, e);

	*cand = (struct ci_results){ 0 };
	if (!r)
		r = ci_spec_load(o->cand_spec, 1, cand, e);
	if (!r && o->last_round) {
		ci_results_keep_rounds(base, o->last_round);
		ci_results_keep_rounds(cand, o->last_round);
	}
	return r;
}

/* The first scenario.sha256 of @r's runs, or NULL. */
static const struct ci_run *scenario_run(const struct ci_results *r)
{
	for (size_t i = 0; i < r->n_runs; i++)
		if (r->runs[i].scenario_sha256)
			return &r->runs[i];
	return NULL;
}

/*
 * Can @base and @cand be gated? Not the same runs (a kernel against
 * itself proves nothing), nor copied runs, nor a side whose runs name no
 * scenario against one whose runs do, nor runs of two scenarios unless
 * the rules were chosen for them (@o->other_scenarios_ok, then warned).
 * 0 or -EINVAL (-ENOMEM), said in @e.
 */
static int comparable(const struct ci_gate_run *o, struct ci_results *base,
		      struct ci_results *cand, struct sb_error *e)
{
	char units[600];
	char *rb = realpath(base->dir, NULL), *rc = realpath(cand->dir, NULL);
	const struct ci_run *sb = scenario_run(base), *sc = scenario_run(cand);
	char file[4200];
	int r;
	int same = rb && rc && !strcmp(rb, rc) &&
		   !strcmp(base->runs[0].kernel, cand->runs[0].kernel) &&
		   !strcmp(base->runs[0].fs, cand->runs[0].fs);

	if (same)
		sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			     "BASE %s and CAND %s are the same runs "
			     "(%s:%s/%s): a gate compares two kernels or "
			     "feature sets",
			     o->base_spec, o->cand_spec, rb,
			     base->runs[0].kernel, base->runs[0].fs);
	free(rb);
	free(rc);
	if (same)
		return -EINVAL;
	if (!sb != !sc) { /* every run of a side has one, or none (spec.c) */
		snprintf(file, sizeof(file), "%s/manifest.json",
			 (sb ? cand : base)->runs[0].path);
		return sb_error_set(e, -EINVAL, file, "scenario.sha256",
				    "(none)",
				    "%s/manifest.json has \"%s\": every run "
				    "of a gate must name its scenario",
				    (sb ?: sc)->path,
				    (sb ?: sc)->scenario_sha256);
	}
	r = ci_runs_distinct(base, cand, e);
	if (r)
		return r;
	/* work counted in units of another size is other work: no verdict */
	if (ci_work_units_settle((struct ci_results *[]){ base, cand }, 2,
				 units, sizeof(units)))
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "BASE %s and CAND %s count work in units "
				    "of different sizes: %s",
				    o->base_spec, o->cand_spec, units);
	if (!sb || !strcmp(sb->scenario_sha256, sc->scenario_sha256))
		return 0;
	if (!o->other_scenarios_ok)
		return sb_error_set(
			e, -EINVAL, NULL, NULL, NULL,
			"%s/manifest.json: scenario.sha256: \"%s\" is not "
			"BASE's \"%s\" (%s/manifest.json): the sides ran "
			"different scenarios; pass --rules to gate them under "
			"rules chosen for both",
			sc->path, sc->scenario_sha256, sb->scenario_sha256,
			sb->path);
	sb_warn("warning: %s/manifest.json: scenario.sha256: \"%s\" is not "
		"BASE's \"%s\" (%s/manifest.json): the sides ran different "
		"scenarios, gated under the rules given",
		sc->path, sc->scenario_sha256, sb->scenario_sha256, sb->path);
	return 0;
}

static int has_group(const struct ci_results *r, const char *group)
{
	for (size_t i = 0; i < r->n_runs; i++)
		for (size_t j = 0; j < r->runs[i].vals.n; j++)
			if (!strcmp(r->runs[i].vals.v[j].group, group))
				return 1;
	return 0;
}

/*
 * A rule of a rules file chosen for these runs whose group no run of
 * either side has names a group wrongly: it would never judge anything.
 */
static int groups_known(const struct ci_gate_run *o,
			const struct ci_results *base,
			const struct ci_results *cand, struct sb_error *e)
{
	char path[32];

	for (size_t i = 0; o->rules_file && i < o->rules->n; i++) {
		const struct ci_rule *rule = &o->rules->v[i];

		if (has_group(base, rule->group) ||
		    has_group(cand, rule->group))
			continue;
		snprintf(path, sizeof(path), "rules[%zu].group", i);
		return sb_error_set(e, -EINVAL, o->rules_file, path, NULL,
				    "\"%s\" (rule \"%s\") is on neither "
				    "side (BASE %s, CAND %s)",
				    rule->group, rule->name, o->base_spec,
				    o->cand_spec);
	}
	return 0;
}

/* Host by host, the family-wise alpha split over the @n hosts. */
static int per_host(const struct ci_gate_run *o, char (*hosts)[256], int n,
		    struct ci_rule_result *all, size_t *n_all,
		    struct sb_error *e)
{
	struct ci_levels lv = o->levels;
	struct ci_results base, cand;
	char suffix[260];
	int r = 0;

	lv.alpha /= n;
	for (int h = 0; h < n && !r; h++) {
		r = load_both(o, &base, &cand, e);
		if (!r) {
			ci_results_keep_host(&base, hosts[h]);
			ci_results_keep_host(&cand, hosts[h]);
			snprintf(suffix, sizeof(suffix), ".%.250s", hosts[h]);
			if (o->text)
				fprintf(o->text,
					"== host %s: base %zu runs, candidate %zu runs\n",
					*hosts[h] ? hosts[h] : "(unknown)",
					base.n_runs, cand.n_runs);
			r = evaluate(o, &lv, &base, &cand, suffix, all, n_all,
				     e);
		}
		ci_results_free(&base);
		ci_results_free(&cand);
	}
	if (!r && o->text)
		fprintf(o->text,
			"== %d hosts compared host by host (alpha %g each): "
			"exit %d\n",
			n, lv.alpha,
			decision_exit(ci_gate_decide(all, *n_all)));
	return r;
}

int ci_gate_run(const struct ci_gate_run *o, int *outcome, struct sb_error *e)
{
	static char hosts[MAX_HOSTS][256];
	const char *hb[MAX_HOSTS], *hc[MAX_HOSTS];
	struct ci_rule_result *all;
	struct ci_results base, cand;
	size_t n_all = 0;
	int r, n = 0;

	r = load_both(o, &base, &cand, e);
	if (!r)
		r = comparable(o, &base, &cand, e) ?:
			    groups_known(o, &base, &cand, e);
	if (!r)
		n = r = common_hosts(&base, &cand, hosts, o->text, e);
	all = r < 0 ? NULL : calloc((size_t)n * o->rules->n + 1, sizeof(*all));
	if (r >= 0 && !all)
		r = sb_error_set(e, -ENOMEM, NULL, NULL, NULL, "out of memory");
	else if (r >= 0 && n == 1 &&
		 ci_results_hosts(&base, hb, MAX_HOSTS) == 1 &&
		 ci_results_hosts(&cand, hc, MAX_HOSTS) == 1)
		r = evaluate(o, &o->levels, &base, &cand, "", all, &n_all, e);
	ci_results_free(&base);
	ci_results_free(&cand);
	if (r > 0)
		r = per_host(o, hosts, n, all, &n_all, e);
	if (!r)
		*outcome = decision_exit(ci_gate_decide(all, n_all));
	free(all);
	return r;
}
