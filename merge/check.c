// SPDX-License-Identifier: GPL-2.0
/* A check from its settings: scenario and rules, kernels, plan, run directory and journal, then its rounds. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "ci/rules_pick.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/sha256.h"
#include "harness/plan.h"
#include "harness/run_sizing.h"
#include "harness/runner.h"
#include "harness/tools_check.h"
#include "harness/host_features_check.h"
#include "merge/check.h"
#include "merge/check_rounds.h"
#include "merge/check_sets.h"

static int validate(const struct check_settings *o,
		    const struct ci_rules *rules)
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
static int load(const struct check_settings *o, struct scenario *sc,
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
static void journal_head(const struct check *c, const struct scenario *sc,
			 struct check_journal_head *h)
{
	*h = (struct check_journal_head){
		.schema = CHECK_JOURNAL_SCHEMA,
		.max_repeats = (int)c->max,
		.min_runs = (int)c->rules->min_runs,
		.rules = (int)c->rules->n,
		.alpha = c->rules->alpha,
		.pass_error = 1 - c->rules->pass_confidence,
	};
	snprintf(h->spending, sizeof(h->spending), "%s",
		 "Lan-DeMets O'Brien-Fleming type, exact boundaries");
	snprintf(h->base, sizeof(h->base), "%s", c->ks[0].ki.name);
	snprintf(h->cand, sizeof(h->cand), "%s", c->ks[1].ki.name);
	snprintf(h->feature_set, sizeof(h->feature_set), "%s",
		 sc->sets[0].name);
	snprintf(h->rules_sha256, sizeof(h->rules_sha256), "%s",
		 c->rules_sha256);
	snprintf(h->scenario_sha256, sizeof(h->scenario_sha256), "%s",
		 c->rn.sha256);
	if (sc->n_sets == 2) /* the candidate ran its own set */
		snprintf(h->cand_feature_set, sizeof(h->cand_feature_set), "%s",
			 sc->sets[1].name);
}

/* Kernels, plan, run directory and journal of @c. */
static int prepare(struct check *c, struct scenario *sc)
{
	const struct check_settings *o = c->o;
	const char *names[2];
	struct sb_error e;
	int nk = 0, r;

	if ((r = check_pick_set(sc, o->set)) ||
	    (o->cand_features && (r = check_cand_set(sc, o->cand_features))))
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
	c->rn.at_once = run_at_once(&c->rn, c->ks, 2, 2); /* a round's two */
	run_sizing_say(o->say, &c->rn, c->ks, 2, c->rules, (int)c->max,
		       "--max-repeats", 1);
	struct check_journal_head head;
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
	journal_head(c, sc, &head);
	if ((r = check_journal_open(&c->jn, c->root, &head, &e)))
		return sb_error_report("slicebench check", r, &e);
	if (sc->n_sets == 2 && (r = check_guest_scenario(c, sc)))
		return r;
	snprintf(c->base_spec, sizeof(c->base_spec), "%s:%s/%s", c->root,
		 names[0], sc->sets[0].name);
	snprintf(c->cand_spec, sizeof(c->cand_spec), "%s:%s/%s", c->root,
		 names[1], sc->sets[sc->n_sets - 1].name);
	return 0;
}

int check_session(const struct check_settings *o)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct ci_rules rules = { 0 };
	struct check c = { .o = o, .rules = &rules, .lock = -1 };
	struct sb_error e;
	int r;

	if (!sc)
		return SB_EXIT_UNMEASURED;
	r = load(o, sc, &rules, c.rules_sha256) ?: validate(o, &rules);
	c.max = (unsigned int)o->max_repeats;
	if (c.max < rules.min_runs)
		c.max = rules.min_runs;
	if (!r)
		r = prepare(&c, sc);
	if (!r && !(c.t = calloc(c.max + 1, sizeof(*c.t))))
		r = SB_EXIT_UNMEASURED;
	if (!r) {
		c.rn.stop = run_catch_signals(1);
		r = check_rounds(&c);
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
	return r;
}
