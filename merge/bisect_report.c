// SPDX-License-Identifier: GPL-2.0
/* A bisection's end: the triage's findings, the evidence table, the totals and the answer, from the log read back. */
#include <stdio.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/runner.h"
#include "merge/bisect_ends.h"
#include "merge/bisect_log.h"
#include "merge/bisect_report.h"

/* "0003-x.patch (subject)" of step @k, or the tree itself. */
static void change_name(const struct bisector *s, int k, char *buf, size_t len)
{
	char subj[256];

	if (s->ctx.commits) {
		snprintf(buf, len, "%s %.300s", s->commits.id[k],
			 s->commits.subject[k]);
		return;
	}
	if (k < 1) {
		snprintf(buf, len, "the tree itself, before any patch (%.400s)",
			 s->series.tree);
		return;
	}
	bisect_patch_subject(s->q.path[k - 1], subj, sizeof(subj));
	snprintf(buf, len, "%s (%s)", strrchr(s->q.path[k - 1], '/') + 1, subj);
}

/* What the triage found, its runs and seconds added to @runs and @secs. */
static void say_triage(const struct bisect_log *log, unsigned int *runs,
		       double *secs)
{
	for (size_t i = 0; i < log->n_triage; i++) {
		const struct bisect_log_triage *t = &log->triage[i];

		*runs += (unsigned int)(t->base_runs + t->cand_runs);
		*secs += t->check_s;
		if (t->verdict == BISECT_TRIAGE_REMOVES)
			printf("triage: flipping %s removes the regression: "
			       "the mechanism is %s\n",
			       t->feature, t->feature);
		else
			printf("triage: flipping %s %s\n", t->feature,
			       t->verdict == BISECT_TRIAGE_KEEPS ?
				       "does not remove the regression" :
				       "could not be decided");
	}
}

/* The evidence table of @log, its runs and seconds added to @runs, @secs. */
static void say_steps(const struct bisector *s, const struct bisect_log *log,
		      unsigned int *runs, double *secs)
{
	char what[24], took[32], br[24];

	printf("evidence (each step: a check of %s against the step, alpha "
	       "and pass error split over %d checks):\n",
	       s->good_name, s->ctx.split);
	printf("  %-4s %-7s %-24s %-8s %-11s %-8s %s\n", "#", "step", "kernel",
	       "verdict", "runs b/c", "build_s", "check");
	for (size_t i = 0; i < log->n_steps; i++) {
		const struct bisect_log_step *st = &log->steps[i];

		*runs += (unsigned int)(st->base_runs + st->cand_runs);
		*secs += st->check_s +
			 (st->build_s > 0 ? (double)st->build_s : 0);
		snprintf(br, sizeof(br), "%d/%d", st->base_runs, st->cand_runs);
		snprintf(what, sizeof(what), "%lld", (long long)st->build_s);
		printf("  %-4zu %-7d %-24s %-8s %-11s %-8s %s\n", i + 1,
		       st->step, st->kernel,
		       bisect_verdict_name((enum bisect_verdict)st->verdict),
		       br, st->build_s < 0 ? "cached" : what,
		       run_fmt_secs(st->check_s, took, sizeof(took)));
	}
}

/* The evidence table, the answer and the totals (the log read back); the exit code. */
int bisect_conclude(const struct bisector *s)
{
	struct bisect_answer a;
	struct bisect_log log;
	char what[600], took[32];
	unsigned int runs = 0;
	struct sb_error e;
	double secs = 0;
	size_t checks, steps;
	int r;

	if ((r = bisect_log_load(s->log_path, NULL, NULL, &log, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	putchar('\n');
	say_triage(&log, &runs, &secs);
	say_steps(s, &log, &runs, &secs);
	steps = log.n_steps;
	checks = log.n_steps + log.n_triage;
	bisect_log_free(&log);
	printf("total: %zu steps (expected %d), %u runs, %s of builds and "
	       "checks\n",
	       steps, s->ctx.split - s->feats.n, runs,
	       run_fmt_secs(secs, took, sizeof(took)));
	if (checks > (size_t)s->ctx.split)
		printf("note: skipped steps made the bisection take more checks "
		       "than the %d the error budget was split over: its "
		       "chance of a wrong step is above the rules' alpha and "
		       "pass error\n",
		       s->ctx.split);
	bisect_answer(&s->b, &a);
	switch (a.state) {
	case BISECT_FOUND:
		change_name(s, a.first, what, sizeof(what));
		printf("first bad: %s\n", what);
		return BISECT_EXIT_FOUND;
	case BISECT_RANGE:
		printf("first bad: one of steps %d..%d (the checks between "
		       "could not decide, so they were skipped):\n",
		       a.first, a.last);
		for (int k = a.first; k <= a.last; k++) {
			change_name(s, k, what, sizeof(what));
			printf("  candidate: %s\n", what);
		}
		return SB_EXIT_UNDECIDED;
	case BISECT_NO_REGRESSION:
		printf("the bad end (%s) does not regress against the good end "
		       "(%s): nothing to bisect\n",
		       s->o->bad, s->good_name);
		return BISECT_EXIT_NO_REGRESSION;
	case BISECT_BAD_UNDECIDED:
		printf("the check of the bad end (%s) could not decide: "
		       "nothing to bisect (raise --max-repeats)\n",
		       s->o->bad);
		return SB_EXIT_UNDECIDED;
	case BISECT_PENDING:
		if (s->o->triage_only) {
			printf("triage only: the bad end (%s) regresses; "
			       "the bisection was not run\n",
			       s->o->bad);
			return BISECT_EXIT_FOUND;
		}
		break;
	}
	return SB_EXIT_UNMEASURED;
}
