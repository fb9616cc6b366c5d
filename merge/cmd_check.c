// SPDX-License-Identifier: GPL-2.0
/* slicebench check: base and candidate kernels run in turn until the gate can decide, or a cap. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "ci/gate_run.h"
#include "ci/rules_pick.h"
#include "ci/spending.h"
#include "common/atomicio.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/outcheck.h"
#include "common/outfile.h"
#include "common/sha256.h"
#include "harness/feature_name.h"
#include "harness/plan.h"
#include "harness/run_sizing.h"
#include "harness/runner.h"
#include "harness/tools_check.h"
#include "merge/check_journal.h"
#include "harness/host_features_check.h"
#include "common/log.h"
#include "merge/cmds.h"

struct check_opts {
	const char *base, *cand, *scenario, *results, *resume, *rules, *accel;
	const char *set, *cand_features;
	struct ci_gate_outputs out;
	FILE *say; /* the words: stdout, stderr when an output is there */
	uint64_t max_repeats, error_split;
	int new_run, help, max_repeats_given, bisect_exit;
};

static const char usage[] =
	"usage: slicebench check --base K --cand K --scenario FILE [options]\n"
	"\nRuns the base and the candidate kernel in turn (one run each per "
	"round),\nand from the rules' min_runs a side on gates them after "
	"every round, until\nthe gate decides (a regression, or every "
	"required rule passed) or\n--max-repeats runs a side are done. The "
	"looks spend the gate's alpha and\nthe pass bounds' error with an "
	"O'Brien-Fleming-type function of the\ninformation (runs a side / "
	"--max-repeats), so the looks together keep the\npromises of one gate "
	"(ci/README.md). Re-running the same command after an\ninterruption "
	"resumes results/latest.";
static const char after[] =
	"exit: 0 pass, 1 regression, 2 bad usage or input, 3 cannot decide "
	"within\n--max-repeats (the report says about how many runs a side "
	"would), 4 could\nnot measure (more than half the runs failed, "
	"interrupted). With --bisect-exit, as `git bisect run` "
	"reads them: 0 pass\n(good), 1 regression (bad), 125 cannot decide "
	"(skip this commit), 255\nanything else (bad usage, could not "
	"measure: stop the bisection)\n"
	"Each output FILE may be - (standard output: that report alone there,\n"
	"the progress and the table on stderr). --results naming a file or a\n"
	"place that takes no new directory exits 2 before any run.\n" SB_OUT_HELP;

/* @code as `git bisect run` reads it: good, bad, skip, or abort. */
static int bisect_exit_code(int code)
{
	switch (code) {
	case SB_EXIT_OK:
		return 0;
	case SB_EXIT_REGRESSION:
		return 1;
	case SB_EXIT_UNDECIDED:
		return 125;
	default:
		return 255;
	}
}

/*
 * The error levels of the look at information fraction @t[k-1] after the
 * looks at @t[0..k-2] (ci_spending_look), and how they were set.
 */
static int look_levels(const struct ci_rules *rules, const double *t, size_t k,
		       struct ci_levels *lv, char *why, size_t len)
{
	double m = (double)rules->n;

	if (ci_spending_look(rules, t, k, lv))
		return -ENOMEM;
	snprintf(why, len,
		 "check: look %zu at information %.3g, O'Brien-Fleming-type "
		 "spending: each rule's share of alpha, %.3g%%, spent %.3g%% "
		 "by now and tested at %.3g%% here (alpha %.3g%% over %zu "
		 "rules); pass error %g%% spent %.3g%% by now, tested at "
		 "%.3g%% here",
		 k, t[k - 1], rules->alpha / m * 100,
		 ci_obf_spent(rules->alpha / m, t[k - 1]) * 100,
		 lv->alpha / m * 100, lv->alpha * 100, rules->n,
		 (1 - rules->pass_confidence) * 100,
		 ci_obf_spent(1 - rules->pass_confidence, t[k - 1]) * 100,
		 lv->pass_alpha * 100);
	return 0;
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
	char guest_scenario[PATH_MAX + 32]; /* with a candidate's set */
	char rules_sha256[SB_SHA256_HEX]; /* of the rules file */
	unsigned int max;
	double *t; /* the information fraction of each look so far */
	size_t looks;
	struct check_journal jn;
	int argc;
	char **argv;
};

/* A run of the plan on disk. */
enum run_state { RUN_ABSENT, RUN_COMPLETE, RUN_FAILED };

static enum run_state run_state(const char *root, const struct plan_run *r)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	enum run_state st = RUN_ABSENT;
	json_t *m;

	plan_run_dir(root, r, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	m = json_load_file(path, 0, NULL);
	if (m)
		st = plan_run_complete(root, r) ? RUN_COMPLETE : RUN_FAILED;
	json_decref(m);
	return st;
}

/*
 * Make the runs of round @rep not made yet. A failed run keeps its slot:
 * it is not made again (a look must see the runs an earlier look saw).
 */
static void run_round(struct check *c, int rep)
{
	for (size_t i = 0; i < c->plan.n_runs && !*c->rn.stop; i++) {
		const struct plan_run *r = &c->plan.runs[i];
		struct run_kernel *k =
			&c->ks[strcmp(r->kernel, c->ks[0].ki.name) ? 1 : 0];
		enum run_state st = run_state(c->root, r);
		double t0 = run_now_s();
		char took[32];
		int rc;

		if (r->repeat != rep || st == RUN_COMPLETE)
			continue;
		if (st == RUN_FAILED) {
			fprintf(c->o->say,
				"round %d: %s: failed before, not made again\n",
				rep, r->kernel);
			continue;
		}
		fprintf(c->o->say, "round %d: %s: running\n", rep, r->kernel);
		fflush(c->o->say);
		rc = run_one(&c->rn, k, r, c->root);
		if (rc > 0)
			break;
		fprintf(c->o->say, "round %d: %s: %s in %s\n", rep, r->kernel,
			rc ? "failed" : "complete",
			run_fmt_secs(run_now_s() - t0, took, sizeof(took)));
		fflush(c->o->say);
	}
}

/* The runs of rounds 1..@round on disk: complete ones a side, failed ones. */
struct tally {
	unsigned int n[2], failed;
	json_t *ids[2], *failed_ids;
};

static void tally_free(struct tally *t)
{
	json_decref(t->ids[0]);
	json_decref(t->ids[1]);
	json_decref(t->failed_ids);
	*t = (struct tally){ 0 };
}

static int tally(const struct check *c, int round, struct tally *t)
{
	char id[300];

	tally_free(t);
	t->ids[0] = json_array();
	t->ids[1] = json_array();
	t->failed_ids = json_array();
	for (size_t i = 0; i < c->plan.n_runs; i++) {
		const struct plan_run *r = &c->plan.runs[i];
		int side = strcmp(r->kernel, c->ks[0].ki.name) ? 1 : 0;
		enum run_state st;

		if (r->repeat > round)
			continue;
		st = run_state(c->root, r);
		plan_unit_id(r, id, sizeof(id));
		if (st == RUN_COMPLETE) {
			t->n[side]++;
			json_array_append_new(t->ids[side], json_string(id));
		} else if (st == RUN_FAILED) {
			t->failed++;
			json_array_append_new(t->failed_ids, json_string(id));
		}
	}
	return t->ids[0] && t->ids[1] && t->failed_ids ? 0 : -ENOMEM;
}

/*
 * Gate the runs of rounds 1..@round (quietly, or with every output on
 * @final) at the levels of look @k (its fraction in c->t[k - 1]), which
 * go to @lv: the same rounds and look give the same verdict, however many
 * runs are there.
 */
static int look(const struct check *c, int round, size_t k, int final,
		struct ci_levels *lv)
{
	char why[400];
	struct ci_gate_run g = {
		.base_spec = c->base_spec,
		.cand_spec = c->cand_spec,
		.rules = c->rules,
		.levels_why = why,
		.text = final ? c->o->say : NULL,
		.out = final ? c->o->out : (struct ci_gate_outputs){ 0 },
		.last_round = (unsigned int)round,
		.argc = c->argc,
		.argv = c->argv,
	};

	struct sb_error e;
	int code, r;

	if (look_levels(c->rules, c->t, k, &g.levels, why, sizeof(why))) {
		fprintf(stderr, "slicebench check: out of memory\n");
		return SB_EXIT_UNMEASURED;
	}
	*lv = g.levels;
	r = ci_gate_run(&g, &code, &e);
	return r ? sb_error_report("slicebench check", r, &e) : code;
}

static const char *outcome(int code)
{
	return code == SB_EXIT_REGRESSION ? "regression" :
	       code == SB_EXIT_OK	  ? "pass" :
	       code == SB_EXIT_USAGE	  ? "bad input" :
	       code == SB_EXIT_UNDECIDED  ? "cannot decide" :
					    "could not measure";
}

/* The journal's record of look @k at @round over the runs of @t. */
static json_t *look_record(const struct check *c, size_t k, int round,
			   const struct tally *t, const struct ci_levels *lv,
			   int code)
{
	return json_pack("{s:I,s:i,s:O,s:O,s:O,s:f,s:f,s:f,s:s,s:i}", "look",
			 (json_int_t)k, "round", round, "base_runs", t->ids[0],
			 "cand_runs", t->ids[1], "failed_runs", t->failed_ids,
			 "information", c->t[k - 1], "alpha", lv->alpha,
			 "pass_alpha", lv->pass_alpha, "outcome", outcome(code),
			 "exit_code", code);
}

/* "a, b" of the ids in @ids. */
static const char *ids_text(const json_t *ids, char *buf, size_t len)
{
	size_t off = 0, i;
	json_t *v;

	*buf = '\0';
	json_array_foreach(ids, i, v) {
		if (off < len)
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						i ? ", " : "",
						json_string_value(v));
	}
	return buf;
}

/*
 * The rounds: run (none of those the journal's looks covered: they are
 * replayed), and look whenever a side has a complete run more than at the
 * last look and both have min_runs; stop when decided. Each look is
 * recorded in the journal, or, when the journal held it, must be the same.
 * The check's exit code.
 */
static int rounds(struct check *c)
{
	unsigned int done = check_journal_last_round(&c->jn), seen[2] = { 0 };
	struct tally t = { 0 };
	struct ci_levels lv;
	struct sb_error e;
	char failed[1024];
	int code = SB_EXIT_UNDECIDED, last = 0, r = 0;

	for (int rep = 1; rep <= (int)c->max && !r; rep++) {
		if ((unsigned int)rep > done)
			run_round(c, rep);
		if (*c->rn.stop) {
			fprintf(c->o->say,
				"interrupted: re-run the same command to resume %s\n",
				c->root);
			tally_free(&t);
			return SB_EXIT_UNMEASURED;
		}
		if ((r = tally(c, rep, &t)))
			break;
		if (t.failed > c->max / 2) {
			fprintf(c->o->say,
				"check: %u runs failed: stopping (could not measure)\n",
				t.failed);
			tally_free(&t);
			return SB_EXIT_UNMEASURED;
		}
		if (t.n[0] < c->rules->min_runs ||
		    t.n[1] < c->rules->min_runs ||
		    (t.n[0] == seen[0] && t.n[1] == seen[1]))
			continue;
		/* the cap's look spends what is left */
		c->t[c->looks++] =
			rep == (int)c->max ?
				1 :
				ci_spending_information(t.n[0], t.n[1], c->max);
		code = look(c, rep, c->looks, 0, &lv);
		r = check_journal_look(
			&c->jn, look_record(c, c->looks, rep, &t, &lv, code),
			&e);
		if (r < 0)
			break;
		fprintf(c->o->say,
			"look %zu at round %d: %u base and %u candidate runs "
			"(%u failed): %s%s\n",
			c->looks, rep, t.n[0], t.n[1], t.failed, outcome(code),
			r ? " (replayed, as the journal says)" : "");
		fflush(c->o->say);
		r = 0;
		seen[0] = t.n[0];
		seen[1] = t.n[1];
		last = rep;
		if (code != SB_EXIT_UNDECIDED)
			break;
	}
	if (!r)
		r = check_journal_finish(&c->jn, &e);
	if (r) {
		tally_free(&t);
		return r == -ENOMEM ?
			       SB_EXIT_UNMEASURED :
			       sb_error_report("slicebench check", r, &e);
	}
	if (!last) {
		fprintf(c->o->say,
			"check: %u base and %u candidate runs complete (%u "
			"failed): too few to look at\n",
			t.n[0], t.n[1], t.failed);
		tally_free(&t);
		return SB_EXIT_UNDECIDED;
	}
	/* the last look's verdict, said again by its report, which ends
	 * with the verdict line: the same rounds give the same verdict */
	tally(c, last, &t);
	fprintf(c->o->say,
		"\ncheck: %s after %d rounds: %u base and %u candidate runs, "
		"%u failed%s%s; %s\n\n",
		outcome(code), last, t.n[0], t.n[1], t.failed,
		t.failed ? " (counted as lost, not made again): " : "",
		ids_text(t.failed_ids, failed, sizeof(failed)),
		code == SB_EXIT_UNDECIDED ? "the cap was reached undecided" :
					    "decided, stopped there");
	code = look(c, last, c->looks, 1, &lv);
	tally_free(&t);
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
 * --cand-features @list ("X,NO_Y"): the candidate's feature set, sets[1],
 * is the picked one with each listed feature in place of its own X or NO_X
 * (added when it has neither), named "<set>.X.NO_Y" so its runs, the
 * plan and the journal keep it apart from the base's. 0 or SB_EXIT_USAGE.
 */
static int cand_set(struct scenario *sc, const char *list)
{
	struct sc_feature_set *fs = &sc->sets[1];
	const char *why = NULL;
	char f[SC_NAME_LEN], no[SC_NAME_LEN + 3];
	size_t used = 0;
	int kept;

	*fs = sc->sets[0];
	used = strlen(fs->name);
	for (const char *p = list; !why && *p; p += *p == ',') {
		size_t n = strcspn(p, ",");
		const char *name;

		snprintf(f, sizeof(f), "%.*s", (int)n, p);
		p += n;
		if (n >= sizeof(f) || feature_name_why(f)) {
			why = "is not a list of feature names ([A-Z_]+, NO_ to "
			      "clear)";
			break;
		}
		name = strncmp(f, "NO_", 3) ? f : f + 3;
		snprintf(no, sizeof(no), "NO_%s", name);
		kept = 0; /* the listed one replaces the set's own X or NO_X */
		for (int i = 0; i < fs->n_features; i++)
			if (strcmp(fs->features[i], name) &&
			    strcmp(fs->features[i], no))
				memmove(fs->features[kept++], fs->features[i],
					sizeof(fs->features[0]));
		fs->n_features = kept;
		used += (size_t)snprintf(
			fs->name + used,
			used < sizeof(fs->name) ? sizeof(fs->name) - used : 0,
			".%s", f);
		if (fs->n_features == SC_MAX_FEATURES ||
		    used >= sizeof(fs->name))
			why = "makes too many features or too long a set name";
		else
			snprintf(fs->features[fs->n_features++],
				 sizeof(fs->features[0]), "%s", f);
	}
	if (!why && !*list)
		why = "is empty";
	if (why) {
		fprintf(stderr, "slicebench check: --cand-features: %s %s\n",
			list, why);
		return SB_EXIT_USAGE;
	}
	sc->n_sets = 2;
	return 0;
}

/*
 * The plan of a check: base and candidate alternating round by round;
 * with a candidate's set, its runs are of that set (planned as one set, so
 * the two sides alternate as they do without it).
 */
static int check_plan(struct plan *p, struct scenario *sc, const char *sha256,
		      const char *const *names, int max)
{
	int n_sets = sc->n_sets, r;

	sc->n_sets = 1;
	r = plan_build(p, sc, sha256, names, 2, max);
	sc->n_sets = n_sets;
	for (size_t i = 0; !r && n_sets == 2 && i < p->n_runs; i++)
		if (!strcmp(p->runs[i].kernel, names[1]))
			snprintf(p->runs[i].set, sizeof(p->runs[i].set), "%s",
				 sc->sets[1].name);
	return r;
}

/*
 * The scenario and the rules: --rules, else those the scenario names, else
 * ci/gate.json (said with the words); the rules file's sha256 into
 * @rules_sha. Without --scenario nothing: validate says.
 */
static int load(const struct check_opts *o, struct scenario *sc,
		struct ci_rules *rules, char rules_sha[SB_SHA256_HEX])
{
	struct ci_rules_pick pick;
	struct sb_error e;
	int r;

	if (!o->scenario)
		return 0;
	if ((r = scenario_load(o->scenario, sc, run_warn_line, &e))) {
		fprintf(stderr, "%s\n", e.msg);
		return sb_exit_code(r);
	}
	if ((r = ci_rules_pick_load(o->rules, sc->rules, o->scenario, rules,
				    &pick, &e)))
		return sb_error_report("slicebench check", r, &e);
	if ((r = sb_sha256_file(pick.path, rules_sha))) {
		fprintf(stderr, "slicebench check: %s: %s\n", pick.path,
			strerror(-r));
		return SB_EXIT_USAGE;
	}
	ci_rules_pick_say(o->say, &pick);
	if (o->error_split > 1) {
		/* One check of a series (a bisection's step) spends its share. */
		rules->alpha /= (double)o->error_split;
		rules->pass_confidence = 1 - (1 - rules->pass_confidence) /
						     (double)o->error_split;
		fprintf(o->say,
			"check: alpha and pass error split over %llu checks: "
			"alpha %.3g%%, pass error %.3g%% here\n",
			(unsigned long long)o->error_split, rules->alpha * 100,
			(1 - rules->pass_confidence) * 100);
	}
	return 0;
}

/*
 * --resume @dir of a check whose every run is there (run_choose_root has
 * nothing left to resume): its journal's looks are replayed. 1 when so,
 * with @root set.
 */
static int resume_finished(const char *dir, const struct plan *p, char *root,
			   size_t len)
{
	char path[PATH_MAX + 32];
	json_t *j;
	int ok;

	if (!dir)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dir, CHECK_JOURNAL_FILE);
	ok = !access(path, F_OK);
	snprintf(path, sizeof(path), "%s/plan.json", dir);
	j = ok ? json_load_file(path, 0, NULL) : NULL;
	ok = j && plan_matches(j, p) && !plan_pending(p, dir);
	json_decref(j);
	if (ok)
		snprintf(root, len, "%s", dir);
	return ok;
}

/*
 * What a journal must have been made with to be replayed by @c: the
 * settings, and the rules file and scenario themselves (their sha256: a
 * look replayed under other tolerances would be another look).
 */
static json_t *journal_head(const struct check *c, const struct scenario *sc)
{
	json_t *head = json_pack(
		"{s:i,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:f,s:f,s:s,s:s}", "schema",
		2, "spending",
		"Lan-DeMets O'Brien-Fleming type, exact boundaries", "base",
		c->ks[0].ki.name, "cand", c->ks[1].ki.name, "feature_set",
		sc->sets[0].name, "max_repeats", (int)c->max, "min_runs",
		(int)c->rules->min_runs, "rules", (int)c->rules->n, "alpha",
		c->rules->alpha, "pass_error", 1 - c->rules->pass_confidence,
		"rules_sha256", c->rules_sha256, "scenario_sha256",
		c->rn.sha256);

	if (head && sc->n_sets == 2) /* the candidate ran its own set */
		json_object_set_new(head, "cand_feature_set",
				    json_string(sc->sets[1].name));
	return head;
}

/*
 * With a candidate's set: the scenario the guests read (they find a set
 * by its name there) with both sides' sets, into the run directory.
 */
static int guest_scenario(struct check *c, const struct scenario *sc)
{
	json_t *j = json_load_file(c->o->scenario, 0, NULL),
	       *sets = json_array();
	int r = j && sets ? 0 : -ENOMEM;

	for (int i = 0; !r && i < sc->n_sets; i++) {
		json_t *f = json_array();

		for (int k = 0; f && k < sc->sets[i].n_features; k++)
			json_array_append_new(
				f, json_string(sc->sets[i].features[k]));
		json_array_append_new(sets, json_pack("{s:s,s:o*}", "name",
						      sc->sets[i].name,
						      "features", f));
	}
	if (!r)
		r = json_object_set(j, "feature_sets", sets) ? -ENOMEM : 0;
	snprintf(c->guest_scenario, sizeof(c->guest_scenario),
		 "%s/cand-scenario.json", c->root);
	if (!r)
		r = sb_json_dump_atomic(c->guest_scenario, j);
	json_decref(sets);
	json_decref(j);
	if (r) {
		fprintf(stderr, "slicebench check: %s: %s\n", c->guest_scenario,
			strerror(-r));
		return SB_EXIT_UNMEASURED;
	}
	c->rn.scenario_path = c->guest_scenario;
	return 0;
}

/* Kernels, plan, run directory and journal of @c. */
static int prepare(struct check *c, struct scenario *sc)
{
	const struct check_opts *o = c->o;
	const char *names[2];
	struct sb_error e;
	int nk = 0, r;

	if ((r = pick_set(sc, o->set)) ||
	    (o->cand_features && (r = cand_set(sc, o->cand_features))))
		return r;
	if (strchr(o->base, ',') || strchr(o->cand, ',')) {
		fprintf(stderr,
			"slicebench check: --%s names one kernel, not "
			"a list\n",
			strchr(o->base, ',') ? "base" : "cand");
		return SB_EXIT_USAGE;
	}
	/* each side on its own, so that an error names its option */
	if ((r = run_lookup_kernels(o->base, "base", &c->ks[0], &nk, &e)) ||
	    (r = run_lookup_kernels(o->cand, "cand", &c->ks[1], &nk, &e)))
		return sb_error_report("slicebench check", r, &e);
	if (!strcmp(c->ks[0].ki.name, c->ks[1].ki.name)) {
		fprintf(stderr,
			"slicebench check: --base and --cand are both kernel "
			"%s: a kernel against itself decides nothing\n",
			c->ks[0].ki.name);
		return SB_EXIT_USAGE;
	}
	names[0] = c->ks[0].ki.name;
	names[1] = c->ks[1].ki.name;
	c->rn.sc = sc;
	c->rn.scenario_path = o->scenario;
	c->rn.cand_features = o->cand_features;
	c->rn.stop = run_catch_signals(0);
	run_set_accel(&c->rn, o->accel, sc);
	run_self_dirs(&c->rn);
	if ((r = sb_sha256_file(o->scenario, c->rn.sha256))) {
		fprintf(stderr, "slicebench check: %s: %s\n", o->scenario,
			strerror(-r));
		return SB_EXIT_USAGE;
	}
	if (run_check_host_features(&c->rn, c->ks, 2, &e)) {
		fprintf(stderr, "slicebench check: %s\n", e.msg);
		return SB_EXIT_UNMEASURED;
	}
	if ((r = run_check_before_boot(&c->rn, c->ks, 2, &e)))
		return sb_error_report("slicebench check", r, &e);
	if (check_plan(&c->plan, sc, c->rn.sha256, names, (int)c->max))
		return SB_EXIT_UNMEASURED;
	run_sizing_say(o->say, &c->rn, c->ks, 2, c->rules, (int)c->max,
		       "--max-repeats", 1);
	struct run_root where = { .results = o->results,
				  .resume = o->resume,
				  .scenario = o->scenario,
				  .new_run = o->new_run,
				  .lock_fd = &c->lock };

	/* A finished check is replayed from its journal, still as its one writer. */
	if (resume_finished(o->resume, &c->plan, c->root, sizeof(c->root)))
		r = sb_dir_lock(c->root, &c->lock, &e);
	else
		r = run_choose_root(&where, sc, &c->plan, c->root,
				    sizeof(c->root), &e);
	if (r) {
		int busy = r == -EBUSY; /* another writer: usage, as in run */

		r = sb_error_report("slicebench check", r, &e);
		return busy ? SB_EXIT_USAGE : r;
	}
	if ((r = check_journal_open(&c->jn, c->root, journal_head(c, sc), &e)))
		return sb_error_report("slicebench check", r, &e);
	if (sc->n_sets == 2 && (r = guest_scenario(c, sc)))
		return r;
	snprintf(c->base_spec, sizeof(c->base_spec), "%s:%s/%s", c->root,
		 names[0], sc->sets[0].name);
	snprintf(c->cand_spec, sizeof(c->cand_spec), "%s:%s/%s", c->root,
		 names[1], sc->sets[sc->n_sets - 1].name);
	return 0;
}

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .max_repeats = 10, .error_split = 1 };
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
		SB_OPTION("cand-features", 0, SB_OPT_STRING, &o.cand_features,
			  NULL, "F,...",
			  "run the candidate with these scheduler features "
			  "(X or NO_X, each in place of the set's own X): "
			  "does the regression ride on one?",
			  0, 0),
		SB_OPTION("max-repeats", 0, SB_OPT_U64, &o.max_repeats,
			  &o.max_repeats_given, "N",
			  "at most N runs a side (default 10; at least the "
			  "rules' min_runs)",
			  0, 0),
		CI_RULES_OPTION(&o.rules),
		SB_OPTION("results", 0, SB_OPT_STRING, &o.results, NULL, "DIR",
			  "results root (default: results)", 0, 0),
		SB_OPTION("resume", 0, SB_OPT_STRING, &o.resume, NULL,
			  "RUN_DIR", "continue this results/<run-id>", 0, 0),
		SB_OPTION("new", 0, SB_OPT_FLAG, &o.new_run, NULL, NULL,
			  "start afresh even when results/latest could be "
			  "resumed",
			  0, 0),
		RUN_ACCEL_OPTION(&o.accel),
		SB_OPTION("error-split", 0, SB_OPT_U64, &o.error_split, NULL,
			  "N",
			  "spend 1/N of the rules' alpha and pass error (one "
			  "of N checks, as a bisection's steps)",
			  1, 64),
		SB_OPTION("bisect-exit", 0, SB_OPT_FLAG, &o.bisect_exit, NULL,
			  NULL,
			  "exit as `git bisect run` reads it (0 good, 1 bad, "
			  "125 skip, 255 stop)",
			  0, 0),
		{ 0 },
	};
	const struct sb_opt help[] = {
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "this help", 0, 0),
		{ 0 },
	};
	struct sb_opt outs[CI_GATE_OUTPUT_ROWS];
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts, outs, help },
				    .prog = "slicebench check" };
	struct scenario *sc;
	struct ci_rules rules = { 0 };
	struct check c = {
		.o = &o, .rules = &rules, .lock = -1, .argc = argc, .argv = argv
	};
	struct sb_error e;
	int r;

	ci_gate_output_opts(outs, &o.out);
	r = sb_cli_parse_command(&cli, argc, argv);
	if (r != SB_CLI_CONTINUE)
		return o.bisect_exit ? bisect_exit_code(r) : r;
	/* every output writable, none an input, before any kernel boots */
	const struct sb_path_use paths[] = { { "--markdown", o.out.markdown },
					     { "--json", o.out.json },
					     { "--junit", o.out.junit } },
				 ins[] = { { "--scenario", o.scenario },
					   { "--rules", o.rules },
					   { "--resume", o.resume },
					   { "--base", o.base },
					   { "--cand", o.cand } };

	if ((r = sb_out_check_all(paths, 3, ins, 5, &e)) ||
	    (r = run_results_usable(o.results, &e))) {
		r = sb_error_report("slicebench check", r, &e);
		return o.bisect_exit ? bisect_exit_code(r) : r;
	}
	/* an output on standard output has it alone: words, progress on stderr */
	o.say = stdout;
	if (ci_gate_outputs_on_stdout(&o.out)) {
		o.say = stderr;
		sb_log_progress_to_stderr();
	}
	sc = calloc(1, sizeof(*sc));
	if (!sc)
		return SB_EXIT_UNMEASURED;
	r = load(&o, sc, &rules, c.rules_sha256) ?: validate(&o, &rules);
	c.max = (unsigned int)o.max_repeats;
	if (c.max < rules.min_runs)
		c.max = rules.min_runs;
	if (!r)
		r = prepare(&c, sc);
	if (!r && !(c.t = calloc(c.max + 1, sizeof(*c.t))))
		r = SB_EXIT_UNMEASURED;
	if (!r) {
		c.rn.stop = run_catch_signals(1);
		r = rounds(&c);
		run_catch_signals(0);
		if (run_noise_keep(c.root, &e)) /* the next check's sizing */
			sb_warn("slicebench check: %s", e.msg);
	}
	sb_dir_unlock(c.lock);
	plan_free(&c.plan);
	check_journal_free(&c.jn);
	free(c.t);
	ci_rules_free(&rules);
	scenario_free(sc);
	free(sc);
	return o.bisect_exit ? bisect_exit_code(r) : r;
}
