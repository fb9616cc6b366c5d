// SPDX-License-Identifier: GPL-2.0
/* A bisection from its settings: the ends, the log, then step by step (build, check, record), the triage once the bad end is confirmed, and the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel_build.h"
#include "harness/runner.h"
#include "merge/bisect_ends.h"
#include "merge/bisect_flip.h"
#include "merge/bisect_open.h"
#include "merge/bisect_report.h"
#include "merge/bisect_walk.h"

/* Build a step's kernel in place, saying how long it took. */
static int build_step(struct bisector *s, int k, json_int_t *secs)
{
	struct kernel_info ki;
	struct sb_error e;
	int64_t t = -1;
	char what[64];
	int r = bisect_step_kernel(&s->ctx, k, &ki, &e);

	if (!r)
		r = kernel_build_in_place(&ki, &t, &e);
	if (r) /* a patch that does not apply is bad input: exit 2 */
		return sb_error_report("slicebench bisect", r, &e);
	if (s->ctx.commits)
		snprintf(what, sizeof(what), "commit %.12s", s->commits.id[k]);
	else
		snprintf(what, sizeof(what), "%d patches", k);
	if (t < 0)
		printf("  %s (%s): cached build\n", ki.name, what);
	else
		printf("  %s (%s): built in %lld s\n", ki.name, what,
		       (long long)t);
	*secs = t;
	return 0;
}

/* One step: build, check, record. 0, or the exit code that stops here. */
static int one_step(struct bisector *s, int k, int n)
{
	struct bisect_check c = { 0 };
	struct bisect_answer a;
	struct sb_error e;
	json_int_t build_s = -1;
	struct bisect_log_step st;
	char took[32], kname[64];
	int r, v;

	if (s->ctx.commits)
		printf("\nstep %d of about %d: commit %d of %zu, %s, against "
		       "%s\n",
		       n, s->ctx.split - s->feats.n, k, s->commits.n - 1,
		       s->commits.id[k], s->good_name);
	else
		printf("\nstep %d of about %d: the tree with %d patch(es) "
		       "against %s\n",
		       n, s->ctx.split - s->feats.n, k, s->good_name);
	fflush(stdout);
	if ((r = build_step(s, k, &build_s)) || *s->stop)
		return r ? r : SB_EXIT_UNMEASURED;
	printf("  check (log: %s/step-%d/check.log)\n", s->ctx.dir, k);
	fflush(stdout);
	if ((r = bisect_step_check(&s->ctx, s->self, k, &c, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	v = c.code == SB_EXIT_OK	 ? BISECT_GOOD :
	    c.code == SB_EXIT_REGRESSION ? BISECT_BAD :
	    c.code == SB_EXIT_UNDECIDED	 ? BISECT_SKIP :
					   -1;
	if (v < 0) {
		printf("  the check exited %d (%s): stopping; re-run the same "
		       "command to continue\n",
		       c.code,
		       c.code == SB_EXIT_USAGE ? "bad usage or input" :
						 "could not measure");
		return c.code == SB_EXIT_USAGE ? SB_EXIT_USAGE :
						 SB_EXIT_UNMEASURED;
	}
	printf("  %s\n", c.line);
	bisect_record(&s->b, k, (enum bisect_verdict)v);
	bisect_answer(&s->b, &a);
	st = (struct bisect_log_step){
		.step = k,
		.verdict = v,
		.build_s = build_s,
		.check_exit = c.code,
		.base_runs = (int)c.base_runs,
		.cand_runs = (int)c.cand_runs,
		.check_s = c.secs,
		.interval = { a.last_good, a.first },
	};
	bisect_step_name(&s->ctx, k, st.kernel, sizeof(st.kernel));
	if (s->ctx.commits) { /* for people reading the log */
		snprintf(st.commit, sizeof(st.commit), "%s", s->commits.id[k]);
		st.subject = s->commits.subject[k];
	}
	if (bisect_log_add_step(&s->log, &st))
		return SB_EXIT_UNMEASURED;
	if (s->ctx.commits)
		snprintf(kname, sizeof(kname), "commit %.12s",
			 s->commits.id[k]);
	else
		snprintf(kname, sizeof(kname), "%d patch(es)", k);
	printf("  %s: %s after %u base and %u candidate runs in "
	       "%s; the first bad is now one of steps %d..%d\n",
	       kname,
	       v == BISECT_GOOD ? "good (same as the good end)" :
	       v == BISECT_BAD	? "bad (a regression)" :
				  "skipped (cannot decide)",
	       c.base_runs, c.cand_runs,
	       run_fmt_secs(c.secs, took, sizeof(took)), a.last_good + 1,
	       a.first);
	return bisect_write_log(s);
}

/* The good end's kernel (a step: built in place; else linked for the checks). */
static int prepare_good(struct bisector *s)
{
	struct sb_error e;
	json_int_t secs;
	int r;

	if (!s->ctx.commits && (r = bisect_patches_apply(s, s->b.bad)))
		return r;
	if (s->b.good < 0) {
		r = bisect_link_kernel(&s->ctx, &s->good, &e);
		return r ? sb_error_report("slicebench bisect", r, &e) : 0;
	}
	printf("good end: %s\n", s->good_name);
	return build_step(s, s->b.good, &secs);
}

static int bisect_run(struct bisector *s)
{
	ssize_t n = readlink("/proc/self/exe", s->self, sizeof(s->self) - 1);
	const char *gone = " (deleted)";
	struct bisect_answer a;
	int r, k, good_ready = 0;

	if (n <= 0)
		return SB_EXIT_UNMEASURED;
	s->self[n] = '\0';
	/* Rebuilt during a long bisection: the checks run the new program. */
	if ((size_t)n > strlen(gone) &&
	    !strcmp(s->self + n - strlen(gone), gone))
		s->self[n - strlen(gone)] = '\0';
	if ((r = bisect_resolve(s)) || (r = bisect_load_features(s)))
		return r;
	s->ctx.split += s->feats.n; /* the triage's checks share the budget */
	if ((r = bisect_open_log(s)))
		return r;
	printf("bisect: %s (steps %d..%d of %zu %s) against %s, %s; "
	       "expected %d steps and %d triage checks, each check spending "
	       "1/%d of the rules' alpha and pass error; log %s\n",
	       s->series.name, s->b.good + 1, s->b.bad,
	       s->ctx.commits ? s->commits.n - 1 : s->q.n,
	       s->ctx.commits ? "first-parent commits" : "patches",
	       s->good_name, s->o->scenario, s->ctx.split - s->feats.n,
	       s->feats.n, s->ctx.split, s->log_path);
	fflush(stdout);
	s->stop = run_catch_signals(1);
	for (int step = (int)s->log.n_steps;
	     !r && (k = bisect_next(&s->b)) >= 0; step++) {
		/* the good end only when a step is left to check against it */
		if (!good_ready && !(r = prepare_good(s)))
			good_ready = 1;
		/* the triage once the bad end is confirmed */
		if (!r && k != s->b.bad && !(r = bisect_triage(s)) &&
		    s->o->triage_only)
			break;
		if (!r)
			r = one_step(s, k, step + 1);
		if (*s->stop) {
			printf("interrupted: re-run the same command to "
			       "continue (%s)\n",
			       s->log_path);
			r = SB_EXIT_UNMEASURED;
		}
	}
	/* the bad end was the only step: its triage now */
	bisect_answer(&s->b, &a);
	if (!r && a.state == BISECT_FOUND && s->feats.n &&
	    s->log.n_triage < (size_t)s->feats.n)
		r = (good_ready ? 0 : prepare_good(s)) ?: bisect_triage(s);
	run_catch_signals(0);
	return r ? r : bisect_conclude(s);
}

int bisect_session(const struct bisect_settings *o)
{
	struct bisector s = { .o = o, .lock = -1 };
	int r;

	s.ctx.series = &s.series;
	s.ctx.q = &s.q;
	s.ctx.good_name = s.good_name;
	s.ctx.scenario = o->scenario;
	s.ctx.accel = o->accel;
	s.ctx.max_repeats = o->max_repeats;
	r = bisect_run(&s);
	sb_dir_unlock(s.lock);
	bisect_log_free(&s.log);
	bisect_free(&s.b);
	bisect_commits_free(&s.commits);
	if (s.sc)
		scenario_free(s.sc);
	free(s.sc);
	kernel_patches_free(&s.q);
	return r;
}
