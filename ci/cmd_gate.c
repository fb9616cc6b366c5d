// SPDX-License-Identifier: GPL-2.0
/* slicebench gate: baseline vs candidate results under the rules; exit 1 on a regression. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ci/gate_report.h"
#include "common/opts.h"
#include "ci/spec.h"
#include "common/rootdir.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "tools/commands.h"

struct gate_opts {
	int help;
	const char *rules, *markdown, *json, *junit;
	uint64_t seed, resamples;
};

static const struct sb_opt gate_opts[] = {
	{ "rules", SB_OPT_STR, offsetof(struct gate_opts, rules), "FILE",
	  "rules (default: ci/gate.json of the checkout)" },
	{ "markdown", SB_OPT_STR, offsetof(struct gate_opts, markdown), "OUT",
	  "write a Markdown summary (merge-request comment)" },
	{ "json", SB_OPT_STR, offsetof(struct gate_opts, json), "OUT",
	  "write the verdicts as JSON" },
	{ "junit", SB_OPT_STR, offsetof(struct gate_opts, junit), "OUT",
	  "write JUnit XML, one test case per rule" },
	{ "seed", SB_OPT_U64, offsetof(struct gate_opts, seed), "N",
	  "bootstrap seed (default 1; same seed, same verdicts)" },
	{ "resamples", SB_OPT_U64, offsetof(struct gate_opts, resamples), "N",
	  "bootstrap resamples (default: the rules file's, else 5000)" },
	{ "help", SB_OPT_FLAG, offsetof(struct gate_opts, help), NULL,
	  "show this help" },
};

#define N_OPTS (sizeof(gate_opts) / sizeof(gate_opts[0]))

static const char usage[] =
	"usage: slicebench gate BASE CAND [options]\n"
	"BASE, CAND: DIR[:kernel[/feature-set]], each naming one kernel and "
	"one feature set\n(e.g. results/latest:debian/PREEMPT_SHORT)";
static const char after[] =
	"Per rule: regression / improvement / no change / inconclusive, from a\n"
	"seeded two-level bootstrap interval of the ratio of medians (ci/README.md).\n"
	"exit: 0 pass, 1 regression, 2 bad usage or input, 3 insufficient data\n";

static const char *default_rules(char *buf, size_t len)
{
	sb_root_path(buf, len, "ci/gate.json");
	return buf;
}

static int exit_code(const struct ci_rule_result *res, size_t n)
{
	int insufficient = 1;

	for (size_t i = 0; i < n; i++)
		if (res[i].verdict == CI_V_REGRESSION)
			return SB_EXIT_REGRESSION;
	for (size_t i = 0; i < n; i++) {
		if (res[i].verdict == CI_V_INSUFFICIENT)
			return SB_EXIT_ENV;
		if (res[i].verdict != CI_V_NOT_APPLICABLE)
			insufficient = 0;
	}
	return insufficient ? SB_EXIT_ENV : SB_EXIT_OK;
}

static int write_outputs(const struct gate_opts *o,
			 const struct ci_gate_report *g, int argc, char **argv)
{
	const char *what = NULL;
	int r = 0;

	if (o->markdown && (r = ci_gate_write_markdown(o->markdown, g)))
		what = o->markdown;
	if (!r && o->junit && (r = ci_gate_write_junit(o->junit, g)))
		what = o->junit;
	if (!r && o->json) {
		json_t *env = sb_envelope_new("slicebench-gate", argc, argv);

		r = env ? ci_gate_to_json(env, g) : -ENOMEM;
		if (!r) {
			sb_envelope_finish(env, "ok");
			r = sb_json_dump_atomic(o->json, env);
		}
		json_decref(env);
		what = o->json;
	}
	if (r)
		fprintf(stderr, "slicebench gate: %s: %s\n", what,
			strerror(-r));
	return r;
}

/* The rules over @base and @cand: the report, outputs; the gate's exit code. */
static int evaluate(const struct gate_opts *o, const struct ci_rules *rules,
		    const struct ci_results *base,
		    const struct ci_results *cand, const char *base_spec,
		    const char *cand_spec, int argc, char **argv)
{
	struct ci_rule_result *res = calloc(rules->n + 1, sizeof(*res));
	int code = 0;

	for (size_t i = 0; res && i < rules->n; i++)
		if (ci_gate_rule(&rules->v[i], base, cand, rules->resamples,
				 rules->confidence, o->seed + 7919 * i,
				 &res[i]))
			code = SB_EXIT_ENV;
	if (!res || code) {
		fprintf(stderr, "slicebench gate: out of memory\n");
		free(res);
		return SB_EXIT_ENV;
	}
	struct ci_gate_report g = {
		.base_spec = base_spec,
		.cand_spec = cand_spec,
		.base_runs = base->n_runs,
		.cand_runs = cand->n_runs,
		.rules = rules,
		.res = res,
		.n = rules->n,
		.seed = o->seed,
		.exit_code = exit_code(res, rules->n),
	};
	ci_gate_print_text(stdout, &g);
	code = write_outputs(o, &g, argc, argv) ? SB_EXIT_ENV : g.exit_code;
	free(res);
	return code;
}

/* Hosts both sides ran on into @common; the count, or -1 when disjoint. */
static int common_hosts(const struct ci_results *base,
			const struct ci_results *cand, const char **common)
{
	const char *hb[64], *hc[64];
	size_t nb = ci_results_hosts(base, hb, 64),
	       nc = ci_results_hosts(cand, hc, 64);
	char lb[1024], lc[1024];
	int n = 0;

	for (size_t i = 0; i < nb; i++)
		for (size_t j = 0; j < nc; j++)
			if (!strcmp(hb[i], hc[j]))
				common[n++] = hb[i];
	if (n)
		return n;
	ci_names_join(hb, nb, lb, sizeof(lb));
	ci_names_join(hc, nc, lc, sizeof(lc));
	fprintf(stderr,
		"slicebench gate: base ran on host(s) %s, candidate on %s: "
		"disjoint host sets would confound the host with the "
		"change; run both on the same hosts (docs/scale-out.md)\n",
		lb, lc);
	return -1;
}

/* Worst of two gate exit codes: regression, then cannot decide, then pass. */
static int worse(int a, int b)
{
	static const int rank[] = { [SB_EXIT_OK] = 0,
				    [SB_EXIT_ENV] = 1,
				    [SB_EXIT_USAGE] = 2,
				    [SB_EXIT_REGRESSION] = 3 };

	return rank[b] > rank[a] ? b : a;
}

/*
 * Several hosts: base and candidate are compared host by host (the runs of
 * hosts only one side ran on are left out, said so); the worst verdict wins.
 * File outputs get ".<host>" appended to their names.
 */
static int gate_per_host(const struct gate_opts *o,
			 const struct ci_rules *rules, const char **hosts,
			 int n, const char *base_spec, const char *cand_spec,
			 int argc, char **argv)
{
	char err[1024], md[4096], js[4096], ju[4096];
	int code = SB_EXIT_OK;

	for (int h = 0; h < n; h++) {
		struct gate_opts oh = *o;
		struct ci_results base, cand;
		int c = ci_spec_load(base_spec, 1, &base, err, sizeof(err));

		if (!c)
			c = ci_spec_load(cand_spec, 1, &cand, err, sizeof(err));
		else
			cand = (struct ci_results){ 0 };
		if (c) {
			fprintf(stderr, "slicebench gate: %s\n", err);
			ci_results_free(&base);
			ci_results_free(&cand);
			return c;
		}
		ci_results_keep_host(&base, hosts[h]);
		ci_results_keep_host(&cand, hosts[h]);
		if (o->markdown)
			snprintf(md, sizeof(md), "%s.%s", o->markdown,
				 hosts[h]);
		if (o->json)
			snprintf(js, sizeof(js), "%s.%s", o->json, hosts[h]);
		if (o->junit)
			snprintf(ju, sizeof(ju), "%s.%s", o->junit, hosts[h]);
		oh.markdown = o->markdown ? md : NULL;
		oh.json = o->json ? js : NULL;
		oh.junit = o->junit ? ju : NULL;
		printf("== host %s: base %zu runs, candidate %zu runs\n",
		       *hosts[h] ? hosts[h] : "(unknown)", base.n_runs,
		       cand.n_runs);
		code = worse(code, evaluate(&oh, rules, &base, &cand, base_spec,
					    cand_spec, argc, argv));
		ci_results_free(&base);
		ci_results_free(&cand);
	}
	printf("== %d hosts compared host by host: exit %d\n", n, code);
	return code;
}

static int run_gate(const struct gate_opts *o, const char *base_spec,
		    const char *cand_spec, int argc, char **argv)
{
	struct ci_results base, cand;
	struct ci_rules rules;
	char err[1024], buf[4096], names[64][256];
	const char *hosts[64], *hb[64], *hc[64];
	size_t nb = 0, nc = 0;
	int code, n = 0;

	if (ci_rules_load(o->rules ? o->rules : default_rules(buf, sizeof(buf)),
			  &rules, err, sizeof(err))) {
		fprintf(stderr, "slicebench gate: %s\n", err);
		return SB_EXIT_USAGE;
	}
	if (o->resamples)
		rules.resamples = (unsigned int)o->resamples;
	code = ci_spec_load(base_spec, 1, &base, err, sizeof(err));
	if (!code)
		code = ci_spec_load(cand_spec, 1, &cand, err, sizeof(err));
	else
		cand = (struct ci_results){ 0 };
	if (code) {
		fprintf(stderr, "slicebench gate: %s\n", err);
	} else if ((n = common_hosts(&base, &cand, hosts)) < 0) {
		code = SB_EXIT_USAGE;
	} else if (n == 1 && (nb = ci_results_hosts(&base, hb, 64)) == 1 &&
		   (nc = ci_results_hosts(&cand, hc, 64)) == 1) {
		code = evaluate(o, &rules, &base, &cand, base_spec, cand_spec,
				argc, argv);
	} else {
		nb = ci_results_hosts(&base, hb, 64);
		nc = ci_results_hosts(&cand, hc, 64);
		if (nb + nc > 2 * (size_t)n)
			printf("note: runs on hosts only one side ran on are "
			       "left out (base %zu hosts, candidate %zu, "
			       "common %d)\n",
			       nb, nc, n);
		for (int h = 0; h < n; h++) {
			snprintf(names[h], sizeof(names[h]), "%s", hosts[h]);
			hosts[h] = names[h];
		}
	}
	ci_results_free(&base);
	ci_results_free(&cand);
	if (!code && n > 0 && !(n == 1 && nb == 1 && nc == 1))
		code = gate_per_host(o, &rules, hosts, n, base_spec, cand_spec,
				     argc, argv);
	ci_rules_free(&rules);
	return code;
}

int cmd_gate(int argc, char **argv)
{
	struct gate_opts o = { .seed = 1 };
	const char *pos[2];
	char err[256];
	int n = sb_opts_parse(gate_opts, N_OPTS, &o, argc, argv, pos, 2, err,
			      sizeof(err));

	if (n >= 0 && o.help) {
		sb_opts_help(stdout, usage, gate_opts, N_OPTS, after);
		return SB_EXIT_OK;
	}
	if (n != 2) {
		fprintf(stderr, "slicebench gate: %s\n%s\n",
			n < 0 ? err : "needs BASE and CAND", usage);
		return SB_EXIT_USAGE;
	}
	if (o.resamples && (o.resamples < 100 || o.resamples > 1000000)) {
		fprintf(stderr,
			"slicebench gate: --resamples: %llu is not in [100, 1000000]\n",
			(unsigned long long)o.resamples);
		return SB_EXIT_USAGE;
	}
	return run_gate(&o, pos[0], pos[1], argc, argv);
}
