// SPDX-License-Identifier: GPL-2.0
/* A bisection's triage: the bad end with each --features feature flipped, checked against the good end. */
#include <stdio.h>
#include <jansson.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/runner.h"
#include "merge/bisect_flip.h"
#include "merge/bisect_open.h"

/*
 * The settings that flip --features on the bad end: the scenario's set
 * decides, else the bad end's features line its check's runs read.
 */
static int flip_of(const struct bisector *s, const char *f, char *out,
		   size_t len)
{
	const struct sc_feature_set *fs = &s->sc->sets[0];
	struct kernel_info ki;
	struct sb_error e;
	char line[2048] = "";

	if (!bisect_step_kernel(&s->ctx, s->b.bad, &ki, &e) &&
	    kernel_features_cached(&ki, line, sizeof(line)))
		line[0] = '\0';
	if (!bisect_feature_flip(fs->features, fs->n_features, line, f, out,
				 len))
		return 0;
	fprintf(stderr,
		"slicebench bisect: --features: %s: the feature set \"%s\" "
		"of %s leaves it alone and the bad end's features line does "
		"not name it (%s)\n",
		f, fs->name, s->o->scenario,
		line[0] ? line : "no run has read it yet");
	return SB_EXIT_USAGE;
}

/* "removes", "keeps" or "undecided" of a triage check's exit @code, or NULL. */
/* A check's exit code as enum bisect_triage_verdict; -1: none. */
static int triage_verdict(int code)
{
	return code == SB_EXIT_OK	  ? BISECT_TRIAGE_REMOVES :
	       code == SB_EXIT_REGRESSION ? BISECT_TRIAGE_KEEPS :
	       code == SB_EXIT_UNDECIDED  ? BISECT_TRIAGE_UNDECIDED :
					    -1;
}

/*
 * Once the bad end is confirmed: the bad end with each --features feature
 * flipped, checked against the good end (those the log holds are done).
 * 0, or the exit code that stops here.
 */
int bisect_triage(struct bisector *s)
{
	struct bisect_log_triage t;
	struct bisect_check c;
	struct sb_error e;
	char flip[80], sub[96], took[32];
	int r, v;

	for (int i = (int)s->log.n_triage; i < s->feats.n; i++) {
		const char *f = s->feats.name[i];

		if ((r = flip_of(s, f, flip, sizeof(flip))))
			return r;
		printf("\ntriage %d of %d: the bad end with %s against %s\n",
		       i + 1, s->feats.n, flip, s->good_name);
		snprintf(sub, sizeof(sub), "triage-%s", flip);
		printf("  check (log: %s/%s/check.log)\n", s->ctx.dir, sub);
		fflush(stdout);
		c = (struct bisect_check){ 0 };
		if ((r = bisect_triage_check(&s->ctx, s->self, s->b.bad, flip,
					     sub, &c, &e)))
			return sb_error_report("slicebench bisect", r, &e);
		if ((v = triage_verdict(c.code)) < 0) {
			printf("  the check exited %d: stopping; re-run the "
			       "same command to continue\n",
			       c.code);
			return c.code == SB_EXIT_USAGE ? SB_EXIT_USAGE :
							 SB_EXIT_UNMEASURED;
		}
		printf("  %s\n  %s: %s the regression after %u base and %u "
		       "candidate runs in %s\n",
		       c.line, flip,
		       v == BISECT_TRIAGE_REMOVES ?
			       "removes" :
		       v == BISECT_TRIAGE_KEEPS ?
			       "does not remove" :
			       "cannot say whether it removes",
		       c.base_runs, c.cand_runs,
		       run_fmt_secs(c.secs, took, sizeof(took)));
		t = (struct bisect_log_triage){
			.verdict = v,
			.check_exit = c.code,
			.base_runs = (int)c.base_runs,
			.cand_runs = (int)c.cand_runs,
			.check_s = c.secs,
		};
		snprintf(t.feature, sizeof(t.feature), "%s", f);
		snprintf(t.setting, sizeof(t.setting), "%s", flip);
		if (bisect_log_add_triage(&s->log, &t))
			return SB_EXIT_UNMEASURED;
		if ((r = bisect_write_log(s)) || *s->stop)
			return r ? r : SB_EXIT_UNMEASURED;
	}
	return 0;
}
