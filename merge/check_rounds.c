// SPDX-License-Identifier: GPL-2.0
/* A check's rounds: run base and candidate in turn, tally the runs on disk, look, journal each look, stop when decided. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "ci/spending.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/runner.h"
#include "merge/check_look.h"
#include "merge/check_rounds.h"

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

/* Wait until one of the @n runs in @w ends and say how it went; 1 when abandoned. */
static int reap_one(struct check *c, int rep, struct run_flight *w, size_t *n)
{
	struct run_flight x = run_reap_any(w, n);
	char took[32];

	if (x.c.rc > 0)
		return 1;
	fprintf(c->o->say, "round %d: %s: %s in %s\n", rep,
		c->plan.runs[x.i].kernel, x.c.rc ? "failed" : "complete",
		run_fmt_secs(run_now_s() - x.t0, took, sizeof(took)));
	fflush(c->o->say);
	return 0;
}

/*
 * Make the runs of round @rep not made yet, c->rn.at_once of them at once
 * (under virtual time the base and the candidate side by side). A failed
 * run keeps its slot: it is not made again (a look must see the runs an
 * earlier look saw).
 */
static void run_round(struct check *c, int rep)
{
	struct run_flight w[RUNS_AT_ONCE_MAX];
	size_t n = 0;
	int lost = 0;

	for (size_t i = 0; i < c->plan.n_runs && !*c->rn.stop && !lost; i++) {
		const struct plan_run *r = &c->plan.runs[i];
		struct run_kernel *k =
			&c->ks[strcmp(r->kernel, c->ks[0].ki.name) ? 1 : 0];
		enum run_state st = run_state(c->root, r);

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
		w[n] = (struct run_flight){ .i = i, .t0 = run_now_s() };
		if (c->rn.at_once > 1)
			run_one_child(&c->rn, k, r, c->root, &w[n].c);
		else
			w[n].c.rc = run_one(&c->rn, k, r, c->root);
		n++;
		while (n == c->rn.at_once && !lost)
			lost = reap_one(c, rep, w, &n);
	}
	while (n)
		lost |= reap_one(c, rep, w, &n);
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

/* The run ids of @ids, copied into *@out (*@n of them). 0 or -ENOMEM. */
static int ids_copy(const json_t *ids, char ***out, size_t *n)
{
	size_t i;
	json_t *v;

	*n = 0;
	*out = calloc(json_array_size(ids) + 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	json_array_foreach(ids, i, v) {
		if (!((*out)[i] = strdup(json_string_value(v))))
			return -ENOMEM;
		*n = i + 1;
	}
	return 0;
}

/* The journal's record of look @k at @round over the runs of @t. */
static int look_record(const struct check *c, size_t k, int round,
		       const struct tally *t, const struct ci_levels *lv,
		       int code, struct check_journal_look *look)
{
	*look = (struct check_journal_look){
		.look = (int)k,
		.round = round,
		.information = c->t[k - 1],
		.alpha = lv->alpha,
		.pass_alpha = lv->pass_alpha,
		.outcome = check_journal_outcome(check_outcome(code)),
		.exit_code = code,
	};
	if (ids_copy(t->ids[0], &look->base_runs, &look->n_base) ||
	    ids_copy(t->ids[1], &look->cand_runs, &look->n_cand) ||
	    ids_copy(t->failed_ids, &look->failed_runs, &look->n_failed)) {
		check_journal_look_free(look);
		return -ENOMEM;
	}
	return 0;
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
int check_rounds(struct check *c)
{
	unsigned int done = check_journal_last_round(&c->jn), seen[2] = { 0 };
	struct tally t = { 0 };
	struct check_journal_look look;
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
		code = check_look(c, rep, c->looks, 0, &lv);
		r = look_record(c, c->looks, rep, &t, &lv, code, &look);
		r = r ? sb_error_set(&e, r, c->jn.path, NULL, NULL,
				     "out of memory") :
			check_journal_look(&c->jn, &look, &e);
		if (r < 0)
			break;
		fprintf(c->o->say,
			"look %zu at round %d: %u base and %u candidate runs "
			"(%u failed): %s%s\n",
			c->looks, rep, t.n[0], t.n[1], t.failed,
			check_outcome(code),
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
		check_outcome(code), last, t.n[0], t.n[1], t.failed,
		t.failed ? " (counted as lost, not made again): " : "",
		ids_text(t.failed_ids, failed, sizeof(failed)),
		code == SB_EXIT_UNDECIDED ? "the cap was reached undecided" :
					    "decided, stopped there");
	code = check_look(c, last, c->looks, 1, &lv);
	tally_free(&t);
	return code;
}
