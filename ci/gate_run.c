// SPDX-License-Identifier: GPL-2.0
/* One gate over two result specs: hosts matched, rules evaluated, reports written; an exit code. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_report.h"
#include "ci/gate_run.h"
#include "ci/spec.h"
#include "common/outfile.h"
#include "common/envelope.h"
#include "common/exitcodes.h"

#define MAX_HOSTS 64
#define MAX_EXCLUDED 256

static int write_markdown(const char *path, const struct ci_gate_run *o,
			  const struct ci_gate_report *g)
{
	(void)o;
	return ci_gate_write_markdown(path, g);
}

static int write_junit(const char *path, const struct ci_gate_run *o,
		       const struct ci_gate_report *g)
{
	(void)o;
	return ci_gate_write_junit(path, g);
}

/* The verdicts in the envelope of @o's command line. */
static int write_json(const char *path, const struct ci_gate_run *o,
		      const struct ci_gate_report *g)
{
	json_t *env = sb_envelope_new("slicebench-gate", o->argc, o->argv);
	int r = env ? ci_gate_to_json(env, g) : -ENOMEM;

	if (!r) {
		sb_envelope_finish(env, "ok");
		r = sb_out_json(path, env);
	}
	json_decref(env);
	return r;
}

/* Each requested output, its path with @suffix (".<host>" or ""); 0 or
 * the first writer's -errno (said on stderr). */
/* The exit code of the gate's decision (README: 0 pass, 1, 3). */
static int decision_exit(enum ci_decision d)
{
	return d == CI_DECISION_PASS	   ? SB_EXIT_OK :
	       d == CI_DECISION_REGRESSION ? SB_EXIT_REGRESSION :
					     SB_EXIT_UNDECIDED;
}

static int write_outputs(const struct ci_gate_run *o, const char *suffix,
			 const struct ci_gate_report *g, const char *cmd)
{
	const struct {
		const char *path;
		int (*write)(const char *path, const struct ci_gate_run *o,
			     const struct ci_gate_report *g);
		const char *option;
	} outs[] = { { o->markdown, write_markdown, "--markdown" },
		     { o->junit, write_junit, "--junit" },
		     { o->json, write_json, "--json" } };
	char path[4096];

	for (size_t i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		int r;

		if (!outs[i].path)
			continue;
		/* standard output takes every host's report in turn */
		snprintf(path, sizeof(path), "%s%s", outs[i].path,
			 strcmp(outs[i].path, "-") ? suffix : "");
		r = outs[i].write(path, o, g);
		if (r) {
			fprintf(stderr, "slicebench %s: %s: %s: %s\n", cmd,
				outs[i].option, path, sb_out_why(r));
			return r;
		}
	}
	return 0;
}

/* The rules over @base and @cand at @lv: the report, outputs, exit code. */
static int evaluate(const struct ci_gate_run *o, const struct ci_levels *lv,
		    const struct ci_results *base,
		    const struct ci_results *cand, const char *suffix,
		    const char *cmd)
{
	struct ci_rule_result *res = calloc(o->rules->n + 1, sizeof(*res));
	struct ci_excluded ex[MAX_EXCLUDED];
	char err[1024];
	int code;

	if (!res) {
		fprintf(stderr, "slicebench %s: out of memory\n", cmd);
		return SB_EXIT_UNMEASURED;
	}
	code = ci_gate_evaluate(o->rules, base, cand, lv, res, err,
				sizeof(err));
	if (code) {
		fprintf(stderr, "slicebench %s: %s\n", cmd,
			code == -ENODATA ? err : strerror(-code));
		free(res);
		return code == -ENODATA ? SB_EXIT_USAGE : SB_EXIT_UNMEASURED;
	}
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
	code = write_outputs(o, suffix, &g, cmd);
	code = code ? sb_out_exit_code(code) : g.exit_code;
	free(res);
	return code;
}

/* Hosts both sides ran on into @common; the count, or -1 when disjoint. */
static int common_hosts(const struct ci_results *base,
			const struct ci_results *cand, char (*common)[256],
			FILE *text, const char *cmd)
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
	fprintf(stderr,
		"slicebench %s: base ran on host(s) %s, candidate on %s: "
		"disjoint host sets would confound the host with the "
		"change; run both on the same hosts (docs/scale-out.md)\n",
		cmd, lb, lc);
	return -1;
}

/*
 * Worst of two gate exit codes: regression, bad input, could not measure,
 * cannot decide, pass.
 */
static int worse(int a, int b)
{
	static const int rank[] = { [SB_EXIT_OK] = 0,
				    [SB_EXIT_UNDECIDED] = 1,
				    [SB_EXIT_UNMEASURED] = 2,
				    [SB_EXIT_USAGE] = 3,
				    [SB_EXIT_REGRESSION] = 4 };

	return rank[b] > rank[a] ? b : a;
}

static int load_both(const struct ci_gate_run *o, struct ci_results *base,
		     struct ci_results *cand, const char *cmd)
{
	char err[1024];
	int code = ci_spec_load(o->base_spec, 1, base, err, sizeof(err));

	*cand = (struct ci_results){ 0 };
	if (!code)
		code = ci_spec_load(o->cand_spec, 1, cand, err, sizeof(err));
	if (code)
		fprintf(stderr, "slicebench %s: %s\n", cmd, err);
	else if (o->last_round) {
		ci_results_keep_rounds(base, o->last_round);
		ci_results_keep_rounds(cand, o->last_round);
	}
	return code;
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
 * itself proves nothing), nor runs of two scenarios unless the rules were
 * chosen for them (@o->other_scenarios_ok, then said on stderr).
 */
static int comparable(const struct ci_gate_run *o,
		      const struct ci_results *base,
		      const struct ci_results *cand, const char *cmd)
{
	char *rb = realpath(base->dir, NULL), *rc = realpath(cand->dir, NULL);
	const struct ci_run *sb = scenario_run(base), *sc = scenario_run(cand);
	int same = rb && rc && !strcmp(rb, rc) &&
		   !strcmp(base->runs[0].kernel, cand->runs[0].kernel) &&
		   !strcmp(base->runs[0].fs, cand->runs[0].fs);

	if (same)
		fprintf(stderr,
			"slicebench %s: BASE %s and CAND %s are the same runs "
			"(%s:%s/%s): a gate compares two kernels or feature "
			"sets\n",
			cmd, o->base_spec, o->cand_spec, rb,
			base->runs[0].kernel, base->runs[0].fs);
	free(rb);
	free(rc);
	if (same)
		return SB_EXIT_USAGE;
	if (!sb || !sc || !strcmp(sb->scenario_sha256, sc->scenario_sha256))
		return SB_EXIT_OK;
	fprintf(stderr,
		"slicebench %s: %s%s/manifest.json: scenario.sha256: \"%s\" "
		"is not BASE's \"%s\" (%s/manifest.json): the sides ran "
		"different scenarios%s\n",
		cmd, o->other_scenarios_ok ? "warning: " : "", sc->path,
		sc->scenario_sha256, sb->scenario_sha256, sb->path,
		o->other_scenarios_ok ?
			", gated under the rules given" :
			"; pass --rules to gate them under rules chosen for both");
	return o->other_scenarios_ok ? SB_EXIT_OK : SB_EXIT_USAGE;
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
			const struct ci_results *cand, const char *cmd)
{
	for (size_t i = 0; o->rules_file && i < o->rules->n; i++) {
		const struct ci_rule *rule = &o->rules->v[i];

		if (has_group(base, rule->group) ||
		    has_group(cand, rule->group))
			continue;
		fprintf(stderr,
			"slicebench %s: %s: rules[%zu].group: \"%s\" (rule "
			"\"%s\") is on neither side (BASE %s, CAND %s)\n",
			cmd, o->rules_file, i, rule->group, rule->name,
			o->base_spec, o->cand_spec);
		return SB_EXIT_USAGE;
	}
	return SB_EXIT_OK;
}

int ci_gate_run(const struct ci_gate_run *o, const char *cmd)
{
	static char hosts[MAX_HOSTS][256];
	const char *hb[MAX_HOSTS], *hc[MAX_HOSTS];
	struct ci_results base, cand;
	struct ci_levels lv = o->levels;
	char suffix[260] = "";
	int code, n;

	code = load_both(o, &base, &cand, cmd);
	if (!code)
		code = comparable(o, &base, &cand, cmd) ?:
			       groups_known(o, &base, &cand, cmd);
	n = code ? 0 : common_hosts(&base, &cand, hosts, o->text, cmd);
	if (!code && n < 0)
		code = SB_EXIT_USAGE;
	if (!code && n == 1 && ci_results_hosts(&base, hb, MAX_HOSTS) == 1 &&
	    ci_results_hosts(&cand, hc, MAX_HOSTS) == 1)
		code = evaluate(o, &lv, &base, &cand, "", cmd);
	else if (!code) /* host by host; alpha split over the hosts */
		n = -n;
	ci_results_free(&base);
	ci_results_free(&cand);
	if (n >= 0)
		return code;
	lv.alpha /= -n;
	for (int h = 0; h < -n && code != SB_EXIT_USAGE; h++) {
		int c = load_both(o, &base, &cand, cmd);

		if (!c) {
			ci_results_keep_host(&base, hosts[h]);
			ci_results_keep_host(&cand, hosts[h]);
			snprintf(suffix, sizeof(suffix), ".%.250s", hosts[h]);
			if (o->text)
				fprintf(o->text,
					"== host %s: base %zu runs, candidate %zu runs\n",
					*hosts[h] ? hosts[h] : "(unknown)",
					base.n_runs, cand.n_runs);
			c = evaluate(o, &lv, &base, &cand, suffix, cmd);
		}
		code = worse(code, c);
		ci_results_free(&base);
		ci_results_free(&cand);
	}
	if (o->text)
		fprintf(o->text,
			"== %d hosts compared host by host (alpha %g each): exit %d\n",
			-n, lv.alpha, code);
	return code;
}
