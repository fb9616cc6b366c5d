// SPDX-License-Identifier: GPL-2.0
/* slicebench bisect: the first patch of a series, or commit of a git range, after which the check finds a regression, step by step, resumable. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/fmt.h"
#include "common/opts.h"
#include "common/outfile.h"
#include "common/sha256.h"
#include "merge/bisect.h"
#include "merge/bisect_git.h"
#include "merge/bisect_step.h"
#include "merge/bisect_triage.h"
#include "merge/cmds.h"
#include "harness/runner.h"

#define LOG_FILE "bisect-log.json"

struct bisect_opts {
	const char *good, *bad, *scenario, *results, *accel, *kernel;
	const char *features;
	uint64_t max_repeats;
	int help, triage_only;
};

static const char usage[] =
	"usage: slicebench bisect --good K --bad K --scenario FILE [options]\n"
	"       slicebench bisect --kernel NAME --good REV --bad REV --scenario "
	"FILE\n"
	"\nFinds the first patch of a series after which the scenario's check "
	"finds a\nregression. --bad names a source kernel with a patch series "
	"(NAME, or\nNAME:K for its first K patches); --good is NAME:K of the "
	"same series (K\npatches, often 0) or another kernel. Step k is the "
	"series' tree with its\nfirst k patches, built in place (one work tree "
	"per source: only what the\npatches touch is rebuilt). Each step is a "
	"`slicebench check` of the good\nend against the step, with the rules' "
	"alpha and pass error split over the\nexpected number of steps; a step "
	"that cannot decide is skipped, and the\nanswer may then be a range of "
	"candidates. The bad end is checked first.\nThe log (" LOG_FILE
	") is kept in RESULTS/bisect-<series>: re-running\nthe same command "
	"continues.\n\nWith --kernel NAME (a source kernel whose tree is a git "
	"work tree), the\nends are commits of that tree and the steps are the "
	"commits of\n`git rev-list --first-parent GOOD..BAD`, each checked out "
	"in a clone the\ncache owns (the tree and its HEAD are left alone)."
	"\n\nWith --features F1,F2, once the bad end is confirmed, each feature "
	"is\nflipped on the bad end (X where it runs with NO_X and the other "
	"way) in a\ncheck against the good end: a flip that makes the check "
	"pass names the\nmechanism. These checks share the error budget with "
	"the steps.";
static const char after[] =
	"exit: 1 a first bad patch or commit was found (with --triage-only: "
	"the bad\nend regresses), 2 bad usage or input, 3 cannot decide (the "
	"bad end does not\nregress, or only a range of candidates remained), "
	"4 could not measure (a\nbuild or a check failed, interrupted, a full "
	"disk); --results naming a file or a\nplace that takes no new "
	"directory exits 2 before any build\n";

struct bisector {
	const struct bisect_opts *o;
	struct kernel_info series, good;
	struct kernel_patches q;
	struct bisect_commits commits; /* a git range: position k's commit */
	char tree[PATH_MAX]; /* a git range: the kernel's tree */
	struct bisect b;
	struct bisect_ctx ctx;
	struct bisect_features feats; /* --features */
	struct scenario *sc; /* loaded for --features: its feature set */
	char good_name[64], log_path[PATH_MAX], self[PATH_MAX];
	json_t *log; /* "settings", "steps" */
	const volatile sig_atomic_t *stop; /* Ctrl-C */
	int lock;
};

/* "NAME" or "NAME:K" into @name and @k (-1 when no K). 0 or -EINVAL. */
static int parse_end(const char *spec, char *name, size_t len, int *k)
{
	const char *colon = strchr(spec, ':');
	char *end;
	long v;

	*k = -1;
	snprintf(name, len, "%.*s",
		 (int)(colon ? (size_t)(colon - spec) : strlen(spec)), spec);
	if (!colon)
		return 0;
	errno = 0;
	v = strtol(colon + 1, &end, 10);
	if (!colon[1] || *end || errno || v < 0 || v > 100000)
		return -EINVAL;
	*k = (int)v;
	return 0;
}

static int usage_error(const char *fmt, const char *value)
{
	fprintf(stderr, "slicebench bisect: ");
	fprintf(stderr, fmt, value);
	fprintf(stderr, "\n");
	return SB_EXIT_USAGE;
}

/* A git range: the kernel, its tree, the commits (position 0 the good end). */
static int resolve_git(struct bisector *s)
{
	const char *name = s->o->kernel;
	struct sb_error e;
	char buf[PATH_MAX];
	int r;

	if ((r = kernel_lookup(name, &s->series, &e)))
		return sb_error_report("slicebench bisect: --kernel", r, &e);
	if (strcmp(kernel_type_name(&s->series), "source") ||
	    s->series.series[0] || s->series.commit[0])
		return usage_error("--kernel: %s is no source kernel without "
				   "a series or commit",
				   name);
	snprintf(s->tree, sizeof(s->tree), "%s",
		 kernel_source_tree(&s->series, buf, sizeof(buf)));
	if ((r = bisect_commits_load(s->tree, s->o->good, s->o->bad,
				     &s->commits, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	s->ctx.commits = &s->commits;
	s->ctx.tree = s->tree;
	if (bisect_init(&s->b, 0, (int)s->commits.n - 1))
		return SB_EXIT_UNMEASURED;
	bisect_step_name(&s->ctx, 0, s->good_name, sizeof(s->good_name));
	s->ctx.split = bisect_expected_steps(&s->b);
	return 0;
}

/*
 * The series' first @n patches apply in order to its tree, tried before
 * the first build (a patch that did not apply was found after the good
 * end's build). 0, or the exit code said.
 */
static int patches_apply(struct bisector *s, int n)
{
	struct kernel_patches first = { s->q.path, (size_t)n };
	char tree[PATH_MAX];
	struct sb_error e;
	int r;

	if ((r = kernel_source_pristine(&s->series, tree, sizeof(tree), &e)) ||
	    (r = kernel_patches_dry_run(s->series.name, tree, &first, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	return 0;
}

/* The series' kernel and patches, the ends' positions, the good end's name. */
static int resolve(struct bisector *s)
{
	char name[64], gname[64];
	int bad_k, good_k, r;
	struct sb_error e;

	if (s->o->kernel)
		return resolve_git(s);
	if (parse_end(s->o->bad, name, sizeof(name), &bad_k))
		return usage_error("--bad: %s: K of NAME:K is a patch count",
				   s->o->bad);
	if (parse_end(s->o->good, gname, sizeof(gname), &good_k))
		return usage_error("--good: %s: K of NAME:K is a patch count",
				   s->o->good);
	if ((r = kernel_lookup(name, &s->series, &e)))
		return sb_error_report("slicebench bisect: --bad", r, &e);
	if (!kernel_has_series(&s->series))
		return usage_error("--bad: %s is no source kernel with a patch "
				   "series",
				   name);
	if ((r = kernel_patches_load(s->series.series, &s->q, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	if (bad_k < 0)
		bad_k = (int)s->q.n;
	if (bad_k > (int)s->q.n || bad_k < 1)
		return usage_error("--bad: %s: K must be 1 up to the series' "
				   "length",
				   s->o->bad);
	if (!strcmp(gname, name)) {
		if (good_k < 0 || good_k >= bad_k)
			return usage_error(
				"--good: %s: NAME:K of the bad end's "
				"series, K below the bad end's",
				s->o->good);
		bisect_step_name(&s->ctx, good_k, s->good_name,
				 sizeof(s->good_name));
	} else {
		if (good_k >= 0)
			return usage_error("--good: %s: NAME:K names a step of "
					   "the bad end's series only",
					   s->o->good);
		if ((r = kernel_lookup(gname, &s->good, &e)))
			return sb_error_report("slicebench bisect: --good", r,
					       &e);
		if (!s->good.descriptor[0])
			return usage_error("--good: %s: a kernel of kernels/ "
					   "(a descriptor), not a path",
					   gname);
		good_k = -1;
		snprintf(s->good_name, sizeof(s->good_name), "%s", gname);
	}
	if (bisect_init(&s->b, good_k, bad_k))
		return SB_EXIT_UNMEASURED;
	s->ctx.split = bisect_expected_steps(&s->b);
	return 0;
}

/* Patch @path's subject ("Subject: [PATCH] x" gives "x"), or "". */
static void subject(const char *path, char *buf, size_t len)
{
	char *text = NULL, *p;
	size_t n;

	*buf = '\0';
	if (sb_read_file(path, &text, &n))
		return;
	p = strncmp(text, "Subject: ", 9) ? strstr(text, "\nSubject: ") : text;
	if (p) {
		p += *p == '\n' ? 10 : 9;
		if (!strncmp(p, "[PATCH", 6) && strchr(p, ']') &&
		    strchr(p, ']') < strchr(p, '\n'))
			p = strchr(p, ']') + 1 + (strchr(p, ']')[1] == ' ');
		snprintf(buf, len, "%.*s", (int)strcspn(p, "\n"), p);
	}
	free(text);
}

/* --features: the list, and the scenario's one feature set it flips. */
static int load_features(struct bisector *s)
{
	struct sb_error e;
	char bad[128];
	int r;

	if (!s->o->features)
		return 0;
	if (bisect_features_parse(s->o->features, &s->feats, bad, sizeof(bad)))
		return usage_error("--features: %s: not a list of scheduler "
				   "feature names ([A-Z_]+), each once",
				   bad);
	if (!(s->sc = calloc(1, sizeof(*s->sc))))
		return SB_EXIT_UNMEASURED;
	if ((r = scenario_load(s->o->scenario, s->sc, NULL, &e))) {
		fprintf(stderr, "slicebench bisect: %s\n", e.msg);
		return sb_exit_code(r);
	}
	if (s->sc->n_sets != 1)
		return usage_error("--features: %s has several feature sets: "
				   "a bisection checks one",
				   s->o->scenario);
	return 0;
}

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
		subject(s->q.path[i], subj, sizeof(subj));
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
static int open_log(struct bisector *s)
{
	struct bisect_log log;
	struct sb_error e;
	json_t *want;
	int r;

	if (sb_fmt(s->ctx.dir, sizeof(s->ctx.dir), "%s/bisect-%s",
		   s->o->results ? s->o->results : "results", s->series.name) ||
	    sb_fmt(s->ctx.kernels, sizeof(s->ctx.kernels), "%s/kernels",
		   s->ctx.dir) ||
	    sb_fmt(s->log_path, sizeof(s->log_path), "%s/" LOG_FILE,
		   s->ctx.dir))
		return usage_error("--results: %s: path too long",
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
		s->log = json_pack("{s:i,s:o,s:[]}", "schema", 1, "settings",
				   want, "steps");
		return s->log ? 0 : SB_EXIT_UNMEASURED;
	}
	r = bisect_log_load(s->log_path, want, s->ctx.dir, &log, &s->log, &e);
	json_decref(want);
	if (!r) {
		r = bisect_replay(&s->b, &log, s->log_path, &e);
		bisect_log_free(&log);
	}
	if (r < 0)
		return sb_error_report("slicebench bisect", r, &e);
	if (r)
		printf("bisect: continuing %s: %d step(s) done\n", s->log_path,
		       r);
	return 0;
}

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
	subject(s->q.path[k - 1], subj, sizeof(subj));
	snprintf(buf, len, "%s (%s)", strrchr(s->q.path[k - 1], '/') + 1, subj);
}

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

static int write_log(struct bisector *s)
{
	int r = sb_json_dump_atomic(s->log_path, s->log);

	if (r)
		fprintf(stderr, "slicebench bisect: %s: %s\n", s->log_path,
			strerror(-r));
	return r ? SB_EXIT_UNMEASURED : 0;
}

/* One step: build, check, record. 0, or the exit code that stops here. */
static int one_step(struct bisector *s, int k, int n)
{
	struct bisect_check c = { 0 };
	struct bisect_answer a;
	struct sb_error e;
	json_int_t build_s = -1;
	char took[32], kname[64];
	json_t *entry;
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
	bisect_step_name(&s->ctx, k, kname, sizeof(kname));
	entry = json_pack("{s:i,s:s,s:s,s:I,s:i,s:i,s:i,s:f,s:[i,i]}", "step",
			  k, "kernel", kname, "verdict",
			  bisect_verdict_name((enum bisect_verdict)v),
			  "build_s", build_s, "check_exit", c.code, "base_runs",
			  (int)c.base_runs, "cand_runs", (int)c.cand_runs,
			  "check_s", c.secs, "interval", a.last_good, a.first);
	if (entry && s->ctx.commits) { /* for people reading the log */
		json_object_set_new(entry, "commit",
				    json_string(s->commits.id[k]));
		json_object_set_new(entry, "subject",
				    json_string(s->commits.subject[k]));
	}
	json_array_append_new(json_object_get(s->log, "steps"), entry);
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
	return write_log(s);
}

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
static const char *triage_verdict(int code)
{
	return code == SB_EXIT_OK	  ? "removes" :
	       code == SB_EXIT_REGRESSION ? "keeps" :
	       code == SB_EXIT_UNDECIDED  ? "undecided" :
					    NULL;
}

/*
 * Once the bad end is confirmed: the bad end with each --features feature
 * flipped, checked against the good end (those the log holds are done).
 * 0, or the exit code that stops here.
 */
static int triage(struct bisector *s)
{
	json_t *done = json_object_get(s->log, "triage");
	struct bisect_check c;
	struct sb_error e;
	char flip[80], sub[96], took[32];
	const char *v;
	int r;

	if (!done) {
		done = json_array();
		json_object_set_new(s->log, "triage", done);
	}
	for (int i = (int)json_array_size(done); i < s->feats.n; i++) {
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
		if (!(v = triage_verdict(c.code))) {
			printf("  the check exited %d: stopping; re-run the "
			       "same command to continue\n",
			       c.code);
			return c.code == SB_EXIT_USAGE ? SB_EXIT_USAGE :
							 SB_EXIT_UNMEASURED;
		}
		printf("  %s\n  %s: %s the regression after %u base and %u "
		       "candidate runs in %s\n",
		       c.line, flip,
		       *v == 'r' ? "removes" :
		       *v == 'k' ? "does not remove" :
				   "cannot say whether it removes",
		       c.base_runs, c.cand_runs,
		       run_fmt_secs(c.secs, took, sizeof(took)));
		json_array_append_new(
			done,
			json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:f}", "feature", f,
				  "setting", flip, "verdict", v, "check_exit",
				  c.code, "base_runs", (int)c.base_runs,
				  "cand_runs", (int)c.cand_runs, "check_s",
				  c.secs));
		if ((r = write_log(s)) || *s->stop)
			return r ? r : SB_EXIT_UNMEASURED;
	}
	return 0;
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
static int conclude(const struct bisector *s)
{
	struct bisect_answer a;
	struct bisect_log log;
	char what[600], took[32];
	unsigned int runs = 0;
	struct sb_error e;
	double secs = 0;
	size_t checks, steps;
	int r;

	if ((r = bisect_log_load(s->log_path, NULL, NULL, &log, NULL, &e)))
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
		return SB_EXIT_REGRESSION;
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
		return SB_EXIT_UNDECIDED;
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
			return SB_EXIT_REGRESSION;
		}
		break;
	}
	return SB_EXIT_UNMEASURED;
}

/* The good end's kernel (a step: built in place; else linked for the checks). */
static int prepare_good(struct bisector *s)
{
	struct sb_error e;
	json_int_t secs;
	int r;

	if (!s->ctx.commits && (r = patches_apply(s, s->b.bad)))
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
	if ((r = resolve(s)) || (r = load_features(s)))
		return r;
	s->ctx.split += s->feats.n; /* the triage's checks share the budget */
	if ((r = open_log(s)))
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
	for (int step = (int)json_array_size(json_object_get(s->log, "steps"));
	     !r && (k = bisect_next(&s->b)) >= 0; step++) {
		/* the good end only when a step is left to check against it */
		if (!good_ready && !(r = prepare_good(s)))
			good_ready = 1;
		/* the triage once the bad end is confirmed */
		if (!r && k != s->b.bad && !(r = triage(s)) &&
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
	    json_array_size(json_object_get(s->log, "triage")) <
		    (size_t)s->feats.n)
		r = (good_ready ? 0 : prepare_good(s)) ?: triage(s);
	run_catch_signals(0);
	return r ? r : conclude(s);
}

int cmd_bisect(int argc, char **argv)
{
	struct bisect_opts o = { 0 };
	const struct sb_opt opts[] = {
		SB_OPTION("good", 0, SB_OPT_STRING, &o.good, NULL, "K",
			  "the good end: NAME:K (the bad end's series with K "
			  "patches) or a kernel of kernels/",
			  0, 0),
		SB_OPTION("bad", 0, SB_OPT_STRING, &o.bad, NULL, "K",
			  "the bad end: a source kernel with a series (NAME "
			  "or NAME:K)",
			  0, 0),
		SB_OPTION("kernel", 0, SB_OPT_STRING, &o.kernel, NULL, "NAME",
			  "bisect a git range: a source kernel whose tree is "
			  "a git work tree; --good and --bad are commits",
			  0, 0),
		SB_OPTION("scenario", 0, SB_OPT_STRING, &o.scenario, NULL,
			  "FILE", "the scenario each step's check runs", 0, 0),
		SB_OPTION("features", 0, SB_OPT_STRING, &o.features, NULL,
			  "F,...",
			  "triage first: flip each scheduler feature on the "
			  "bad end (e.g. PREEMPT_SHORT,DELAY_DEQUEUE)",
			  0, 0),
		SB_OPTION("triage-only", 0, SB_OPT_FLAG, &o.triage_only, NULL,
			  NULL, "stop after the triage of --features", 0, 0),
		SB_OPTION("max-repeats", 0, SB_OPT_U64, &o.max_repeats, NULL,
			  "N",
			  "each step's cap: at most N runs a side (check's "
			  "default when not given)",
			  1, 1000),
		SB_OPTION("results", 0, SB_OPT_STRING, &o.results, NULL, "DIR",
			  "results root (default: results)", 0, 0),
		RUN_ACCEL_OPTION(&o.accel),
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "this help", 0, 0),
		{ 0 },
	};
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts },
				    .prog = "slicebench bisect" };
	struct bisector s = { .o = &o, .lock = -1 };
	struct sb_error e;
	int r = sb_cli_parse_command(&cli, argc, argv);

	if (r != SB_CLI_CONTINUE)
		return r;
	if (!o.good || !o.bad || !o.scenario)
		return usage_error("%s", "--good, --bad and --scenario are "
					 "required");
	if (access(o.scenario, R_OK))
		return usage_error("--scenario: %s: cannot read", o.scenario);
	if (o.triage_only && !o.features)
		return usage_error("%s", "--triage-only needs --features");
	if (run_results_usable(o.results, &e)) /* before any build */
		return sb_error_report("slicebench bisect", -EINVAL, &e);
	s.ctx.series = &s.series;
	s.ctx.q = &s.q;
	s.ctx.good_name = s.good_name;
	s.ctx.scenario = o.scenario;
	s.ctx.accel = o.accel;
	s.ctx.max_repeats = o.max_repeats;
	r = bisect_run(&s);
	sb_dir_unlock(s.lock);
	json_decref(s.log);
	bisect_free(&s.b);
	bisect_commits_free(&s.commits);
	if (s.sc)
		scenario_free(s.sc);
	free(s.sc);
	kernel_patches_free(&s.q);
	return r;
}
