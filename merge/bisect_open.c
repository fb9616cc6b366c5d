// SPDX-License-Identifier: GPL-2.0
/* A bisection's directory, lock and log: the settings a log must match, a new log or the one to continue, and its writes. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/fmt.h"
#include "common/outfile.h"
#include "common/sha256.h"
#include "merge/bisect_ends.h"
#include "merge/bisect_open.h"

/* What a log must have been made with to be continued. */
static json_t *settings(const struct bisector *s)
{
	json_t *patches = json_array(), *j;
	char sha[SB_SHA256_HEX], subj[256];

	for (size_t i = 0; i < s->commits.n; i++)
		json_array_append_new(patches,
				      json_pack("{s:s,s:s}", "commit",
						s->commits.id[i], "subject",
						s->commits.subject[i]));
	for (size_t i = 0; i < s->q.n; i++) {
		if (sb_sha256_file(s->q.path[i], sha))
			sha[0] = '\0'; /* unreadable now: no log will match */
		bisect_patch_subject(s->q.path[i], subj, sizeof(subj));
		json_array_append_new(
			patches, json_pack("{s:s,s:s,s:s}", "file",
					   strrchr(s->q.path[i], '/') + 1,
					   "subject", subj, "sha256", sha));
	}
	if (sb_sha256_file(s->o->scenario, sha))
		sha[0] = '\0';
	j = json_pack("{s:s,s:s,s:i,s:i,s:s,s:s,s:o,s:i,s:I,s:s?}", "good",
		      s->o->good, "bad", s->o->bad, "good_step", s->b.good,
		      "bad_step", s->b.bad, "scenario", s->o->scenario,
		      "scenario_sha256", sha, "patches", patches, "error_split",
		      s->ctx.split, "max_repeats",
		      (json_int_t)s->o->max_repeats, "accel", s->o->accel);
	if (j && s->feats.n) {
		json_t *f = json_array();

		for (int i = 0; i < s->feats.n; i++)
			json_array_append_new(f, json_string(s->feats.name[i]));
		json_object_set_new(j, "features", f);
	}
	if (j && s->ctx.commits) { /* the commits, good end first */
		json_object_set(j, "commits", patches);
		json_object_del(j, "patches");
		json_object_set_new(j, "kernel", json_string(s->o->kernel));
		json_object_set_new(j, "tree", json_string(s->tree));
	}
	return j;
}

/* The bisection's directory, lock and log: a new one, or the one to continue. */
int bisect_open_log(struct bisector *s)
{
	struct sb_error e;
	json_t *want;
	int r;

	if (sb_fmt(s->ctx.dir, sizeof(s->ctx.dir), "%s/bisect-%s",
		   s->o->results ? s->o->results : "results", s->series.name) ||
	    sb_fmt(s->ctx.kernels, sizeof(s->ctx.kernels), "%s/kernels",
		   s->ctx.dir) ||
	    sb_fmt(s->log_path, sizeof(s->log_path), "%s/" BISECT_LOG_FILE,
		   s->ctx.dir))
		return bisect_usage_error("--results: %s: path too long",
					  s->o->results);
	if ((r = sb_mkdir_p(s->ctx.kernels, 0755))) {
		fprintf(stderr, "slicebench bisect: %s: %s\n", s->ctx.kernels,
			strerror(-r));
		/* no place for it (read-only, not a directory): bad usage */
		return sb_out_bad_place(r) ? SB_EXIT_USAGE : SB_EXIT_UNMEASURED;
	}
	if ((r = sb_dir_lock(s->ctx.dir, &s->lock, &e))) {
		int busy = r ==
			   -EBUSY; /* another bisection: usage, as in check */

		r = sb_error_report("slicebench bisect", r, &e);
		return busy ? SB_EXIT_USAGE : r;
	}
	want = settings(s);
	if (access(s->log_path, F_OK)) {
		s->log = (struct bisect_log){ .schema = 1, .settings = want };
		return want ? 0 : SB_EXIT_UNMEASURED;
	}
	r = bisect_log_load(s->log_path, want, s->ctx.dir, &s->log, &e);
	json_decref(want);
	if (!r)
		r = bisect_replay(&s->b, &s->log, s->log_path, &e);
	if (r < 0)
		return sb_error_report("slicebench bisect", r, &e);
	if (r)
		printf("bisect: continuing %s: %d step(s) done\n", s->log_path,
		       r);
	return 0;
}

int bisect_write_log(struct bisector *s)
{
	int r = bisect_log_write(s->log_path, &s->log);

	if (r)
		fprintf(stderr, "slicebench bisect: %s: %s\n", s->log_path,
			strerror(-r));
	return r ? SB_EXIT_UNMEASURED : 0;
}
