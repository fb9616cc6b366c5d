// SPDX-License-Identifier: GPL-2.0
/* slicebench check: base and candidate kernels run in turn until the gate can decide, or a cap. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_run.h"
#include "ci/rules_pick.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/sha256.h"
#include "harness/plan.h"
#include "harness/runner.h"
#include "harness/cmds.h"

struct check_opts {
	const char *base, *cand, *scenario, *results, *resume, *rules, *accel;
	const char *set, *markdown, *json, *junit;
	uint64_t max_repeats;
	int new_run, help, max_repeats_given;
};

static const char usage[] =
	"usage: slicebench check --base K --cand K --scenario FILE [options]\n"
	"\nRuns the base and the candidate kernel in turn (one run each per "
	"round),\nand from the rules' min_runs a side on gates them after "
	"every round, until\nthe gate decides (a regression, or every "
	"required rule passed) or\n--max-repeats runs a side are done. Each "
	"look spends part of the gate's\nalpha (and of the pass bounds' "
	"error) in proportion to its runs, so the\nlooks together keep the "
	"family-wise promise (ci/README.md). Re-running\nthe same command "
	"after an interruption resumes results/latest.";
static const char after[] =
	"exit: 0 pass, 1 regression, 2 bad usage or input, 3 cannot decide "
	"within\n--max-repeats (the report says about how many runs a side "
	"would), or\nruns failed\n";

/* The error levels of the look at @n runs a side, and how they were set. */
static struct ci_levels look_levels(const struct ci_rules *rules,
				    unsigned int n, unsigned int max, char *why,
				    size_t len)
{
	struct ci_levels lv = {
		.alpha = ci_alpha_spent(rules->alpha, n, rules->min_runs, max),
		.pass_alpha = ci_alpha_spent(1 - rules->pass_confidence, n,
					     rules->min_runs, max),
	};

	snprintf(why, len,
		 "check: look %u of %u (%u..%u runs a side), this look spends "
		 "alpha %.3g%% and pass error %.3g%% of %g%% and %g%%",
		 n - rules->min_runs + 1, max - rules->min_runs + 1,
		 rules->min_runs, max, lv.alpha * 100, lv.pass_alpha * 100,
		 rules->alpha * 100, (1 - rules->pass_confidence) * 100);
	return lv;
}

struct check {
	const struct check_opts *o;
	const struct ci_rules *rules;
	struct runner rn;
	struct run_kernel ks[2];
	struct plan plan;
	char root[PATH_MAX];
	int lock; /* the run directory's (sb_dir_lock), or -1 */
	char base_spec[PATH_MAX + 200], cand_spec[PATH_MAX + 200];
	unsigned int max;
	int argc;
	char **argv;
};

/* Run every pending run of round @rep; the number that failed. */
static int run_round(struct check *c, int rep)
{
	int failed = 0;

	for (size_t i = 0; i < c->plan.n_runs && !*c->rn.stop; i++) {
		const struct plan_run *r = &c->plan.runs[i];
		struct run_kernel *k =
			&c->ks[strcmp(r->kernel, c->ks[0].ki.name) ? 1 : 0];
		double t0 = run_now_s();
		char took[32];
		int rc;

		if (r->repeat != rep || plan_run_complete(c->root, r))
			continue;
		printf("round %d: %s: running\n", rep, r->kernel);
		fflush(stdout);
		rc = run_one(&c->rn, k, r, c->root);
		if (rc > 0)
			break;
		failed += rc < 0;
		printf("round %d: %s: %s in %s\n", rep, r->kernel,
		       rc ? "failed" : "complete",
		       run_fmt_secs(run_now_s() - t0, took, sizeof(took)));
		fflush(stdout);
	}
	return failed;
}

/* Complete runs of @kernel up to round @rep. */
static unsigned int complete_runs(const struct check *c, const char *kernel,
				  int rep)
{
	unsigned int n = 0;

	for (size_t i = 0; i < c->plan.n_runs; i++)
		n += c->plan.runs[i].repeat <= rep &&
		     !strcmp(c->plan.runs[i].kernel, kernel) &&
		     plan_run_complete(c->root, &c->plan.runs[i]);
	return n;
}

/*
 * Gate the first @n complete runs a side (quietly, or with every output on
 * @final): the same @n gives the same look, however many runs are there.
 */
static int look(const struct check *c, unsigned int n, int final)
{
	char why[300];
	struct ci_gate_run g = {
		.base_spec = c->base_spec,
		.cand_spec = c->cand_spec,
		.rules = c->rules,
		.levels = look_levels(c->rules, n, c->max, why, sizeof(why)),
		.levels_why = why,
		.text = final ? stdout : NULL,
		.markdown = final ? c->o->markdown : NULL,
		.json = final ? c->o->json : NULL,
		.junit = final ? c->o->junit : NULL,
		.first_runs = n,
		.argc = c->argc,
		.argv = c->argv,
	};

	return ci_gate_run(&g, "check");
}

static const char *outcome(int code)
{
	return code == SB_EXIT_REGRESSION ? "regression" :
	       code == SB_EXIT_OK	  ? "pass" :
	       code == SB_EXIT_USAGE	  ? "bad input" :
					    "cannot decide";
}

/*
 * The rounds: run, and look whenever both sides have one more complete run
 * than at the last look; stop when decided. The check's exit code.
 */
static int rounds(struct check *c)
{
	unsigned int nb = 0, nc = 0, failed = 0, n, last = 0;
	int code = SB_EXIT_UNDECIDED;

	for (int rep = 1; rep <= (int)c->max; rep++) {
		failed += (unsigned int)run_round(c, rep);
		if (*c->rn.stop) {
			printf("interrupted: re-run the same command to resume %s\n",
			       c->root);
			return SB_EXIT_UNMEASURED;
		}
		nb = complete_runs(c, c->ks[0].ki.name, rep);
		nc = complete_runs(c, c->ks[1].ki.name, rep);
		n = nb < nc ? nb : nc;
		if (failed > c->max / 2) {
			printf("check: %u runs failed: stopping (cannot decide)\n",
			       failed);
			return SB_EXIT_UNMEASURED;
		}
		if (n < c->rules->min_runs || n <= last)
			continue;
		code = look(c, n, 0);
		last = n;
		printf("look at %u runs a side: %s\n", n, outcome(code));
		fflush(stdout);
		if (code != SB_EXIT_UNDECIDED)
			break;
	}
	if (!last) {
		printf("check: %u base and %u candidate runs complete (%u "
		       "failed): too few to look at\n",
		       nb, nc, failed);
		return SB_EXIT_UNDECIDED;
	}
	printf("\n");
	code = look(c, last, 1);
	printf("check: %s after %u runs a side (%u base and %u candidate "
	       "runs made, %u failed): %s\n",
	       outcome(code), last, nb, nc, failed,
	       code == SB_EXIT_UNDECIDED ? "the cap was reached undecided" :
					   "decided, stopped there");
	return code;
}

static int validate(const struct check_opts *o, const struct ci_rules *rules)
{
	const char *bad = NULL;

	if (!o->base || !o->cand || !o->scenario)
		bad = "--base, --cand and --scenario are required";
	else if (!strcmp(o->base, o->cand))
		bad = "--base and --cand name the same kernel";
	else if (o->max_repeats_given &&
		 (o->max_repeats < rules->min_runs || o->max_repeats > 1000))
		bad = "--max-repeats: below the rules' min_runs or above 1000";
	else if (o->resume && o->new_run)
		bad = "--resume and --new exclude each other";
	if (bad) {
		fprintf(stderr, "slicebench check: %s\n", bad);
		return SB_EXIT_USAGE;
	}
	return 0;
}

/* Keep only the feature set to run: --feature-set, or the only one. */
static int pick_set(struct scenario *sc, const char *name)
{
	const struct sc_feature_set *s = name ? scenario_set(sc, name) :
						&sc->sets[0];

	if (!name && sc->n_sets > 1) {
		fprintf(stderr,
			"slicebench check: %s has %d feature sets: name one "
			"with --feature-set\n",
			sc->name, sc->n_sets);
		return SB_EXIT_USAGE;
	}
	if (!s) {
		fprintf(stderr,
			"slicebench check: --feature-set: %s has no set \"%s\"\n",
			sc->name, name);
		return SB_EXIT_USAGE;
	}
	if (s != &sc->sets[0])
		sc->sets[0] = *s;
	sc->n_sets = 1;
	return 0;
}

/*
 * The scenario and the rules: --rules, else those the scenario names, else
 * ci/gate.json (said on stdout). Without --scenario nothing: validate says.
 */
static int load(const struct check_opts *o, struct scenario *sc,
		struct ci_rules *rules)
{
	struct ci_rules_pick pick;
	char err[1024] = "";
	int r;

	if (!o->scenario)
		return 0;
	if ((r = scenario_load(o->scenario, sc, run_warn_line, err,
			       sizeof(err)))) {
		fprintf(stderr, "%s\n", err);
		return r;
	}
	if ((r = ci_rules_pick_load(o->rules, sc->rules, o->scenario, rules,
				    &pick, err, sizeof(err)))) {
		fprintf(stderr, "slicebench check: %s\n", err);
		return r;
	}
	ci_rules_pick_say(stdout, &pick);
	return 0;
}

/* Kernels, plan and run directory of @c. */
static int prepare(struct check *c, struct scenario *sc)
{
	const struct check_opts *o = c->o;
	char list[300];
	const char *names[2];
	struct sb_error e;
	int nk = 0, r;

	if ((r = pick_set(sc, o->set)))
		return r;
	snprintf(list, sizeof(list), "%s,%s", o->base, o->cand);
	if ((r = run_lookup_kernels(list, c->ks, &nk, &e)))
		return sb_error_report("slicebench check", r, &e);
	names[0] = c->ks[0].ki.name;
	names[1] = c->ks[1].ki.name;
	c->rn.sc = sc;
	c->rn.scenario_path = o->scenario;
	c->rn.stop = run_catch_signals(0);
	run_set_accel(&c->rn, o->accel, sc);
	run_self_dirs(&c->rn);
	if ((r = sb_sha256_file(o->scenario, c->rn.sha256))) {
		fprintf(stderr, "slicebench check: %s: %s\n", o->scenario,
			strerror(-r));
		return SB_EXIT_USAGE;
	}
	if ((r = run_check_before_boot(&c->rn, c->ks, 2, &e)))
		return sb_error_report("slicebench check", r, &e);
	if (plan_build(&c->plan, sc, c->rn.sha256, names, 2, (int)c->max))
		return SB_EXIT_UNMEASURED;
	struct run_root where = { .results = o->results,
				  .resume = o->resume,
				  .scenario = o->scenario,
				  .new_run = o->new_run,
				  .lock_fd = &c->lock };

	if ((r = run_choose_root(&where, sc, &c->plan, c->root, sizeof(c->root),
				 &e))) {
		int busy = r == -EBUSY; /* another writer: usage, as in run */

		r = sb_error_report("slicebench check", r, &e);
		return busy ? SB_EXIT_USAGE : r;
	}
	snprintf(c->base_spec, sizeof(c->base_spec), "%s:%s/%s", c->root,
		 names[0], sc->sets[0].name);
	snprintf(c->cand_spec, sizeof(c->cand_spec), "%s:%s/%s", c->root,
		 names[1], sc->sets[0].name);
	return 0;
}

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .max_repeats = 10 };
	const struct sb_opt opts[] = {
		SB_OPTION("base", 0, SB_OPT_STRING, &o.base, NULL, "K",
			  "the baseline kernel (kernels/<name>, host or a "
			  "bzImage path)",
			  0, 0),
		SB_OPTION("cand", 0, SB_OPT_STRING, &o.cand, NULL, "K",
			  "the candidate kernel", 0, 0),
		SB_OPTION("scenario", 0, SB_OPT_STRING, &o.scenario, NULL,
			  "FILE",
			  "the scenario (configs/merge-check.json is made for "
			  "this)",
			  0, 0),
		SB_OPTION("feature-set", 0, SB_OPT_STRING, &o.set, NULL, "NAME",
			  "the scenario's feature set to run (needed when it "
			  "has several)",
			  0, 0),
		SB_OPTION("max-repeats", 0, SB_OPT_U64, &o.max_repeats,
			  &o.max_repeats_given, "N",
			  "at most N runs a side (default 10; at least the "
			  "rules' min_runs)",
			  0, 0),
		SB_OPTION("rules", 0, SB_OPT_STRING, &o.rules, NULL, "FILE",
			  "gate rules (default: the scenario's \"rules\", else "
			  "ci/gate.json)",
			  0, 0),
		SB_OPTION("results", 0, SB_OPT_STRING, &o.results, NULL, "DIR",
			  "results root (default: results)", 0, 0),
		SB_OPTION("resume", 0, SB_OPT_STRING, &o.resume, NULL,
			  "RUN_DIR", "continue this results/<run-id>", 0, 0),
		SB_OPTION("new", 0, SB_OPT_FLAG, &o.new_run, NULL, NULL,
			  "start afresh even when results/latest could be "
			  "resumed",
			  0, 0),
		{ .name = "accel",
		  .type = SB_OPT_CALL,
		  .dest = &o.accel,
		  .parse = run_accel_opt,
		  .metavar = "A",
		  .help = "auto|kvm|tcg|icount|virtual (default: the "
			  "scenario's, else auto)" },
		SB_OPTION("markdown", 0, SB_OPT_STRING, &o.markdown, NULL,
			  "OUT", "write the final verdicts as Markdown", 0, 0),
		SB_OPTION("json", 0, SB_OPT_STRING, &o.json, NULL, "OUT",
			  "write the final verdicts as JSON", 0, 0),
		SB_OPTION("junit", 0, SB_OPT_STRING, &o.junit, NULL, "OUT",
			  "write the final verdicts as JUnit XML", 0, 0),
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "this help", 0, 0),
		{ 0 },
	};
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts },
				    .prog = "slicebench check" };
	struct scenario *sc;
	struct ci_rules rules = { 0 };
	struct check c = {
		.o = &o, .rules = &rules, .lock = -1, .argc = argc, .argv = argv
	};
	int r = sb_cli_parse_command(&cli, argc, argv);

	if (r != SB_CLI_CONTINUE)
		return r;
	sc = calloc(1, sizeof(*sc));
	if (!sc)
		return SB_EXIT_UNMEASURED;
	r = load(&o, sc, &rules) ?: validate(&o, &rules);
	c.max = (unsigned int)o.max_repeats;
	if (c.max < rules.min_runs)
		c.max = rules.min_runs;
	if (!r)
		r = prepare(&c, sc);
	if (!r) {
		c.rn.stop = run_catch_signals(1);
		r = rounds(&c);
		run_catch_signals(0);
	}
	sb_dir_unlock(c.lock);
	plan_free(&c.plan);
	ci_rules_free(&rules);
	scenario_free(sc);
	free(sc);
	return r;
}
