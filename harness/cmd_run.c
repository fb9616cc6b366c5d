// SPDX-License-Identifier: GPL-2.0
/* slicebench run: the matrix runner (kernels × feature sets × repeats), resumable. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/table_run.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/sha256.h"
#include "harness/agent.h"
#include "harness/features.h"
#include "harness/plan.h"
#include "harness/runner.h"
#include "harness/scale/exec.h"
#include "harness/scale/scale.h"
#include "harness/workload.h"
#include "harness/cmds.h"

struct run_opts {
	const char *kernels;
	const char *scenario;
	const char *accel;
	const char *results;
	const char *resume;
	const char *repeats;
	const char *unit;
	const char *executor;
	const char *jobs;
	const char *sshlogin, *slf, *joblog, *slurm_args;
	int per_host;
	int new_run;
	int help;
};

static const struct sb_opt opt_defs[] = {
	{ "kernel", SB_OPT_STR, offsetof(struct run_opts, kernels), "K[,K2...]",
	  "kernels under test: kernels/<name>, host, or a bzImage path" },
	{ "scenario", SB_OPT_STR, offsetof(struct run_opts, scenario), "FILE",
	  "the scenario (configs/*.json)" },
	{ "accel", SB_OPT_STR, offsetof(struct run_opts, accel), "A",
	  "auto|kvm|tcg|icount|virtual (default: the scenario's guest.accel, else auto)" },
	{ "results", SB_OPT_STR, offsetof(struct run_opts, results), "DIR",
	  "results root (default: results)" },
	{ "repeats", SB_OPT_STR, offsetof(struct run_opts, repeats), "N",
	  "repeats of each feature set (default: the scenario's)" },
	{ "resume", SB_OPT_STR, offsetof(struct run_opts, resume), "RUN_DIR",
	  "continue this results/<run-id>" },
	{ "new", SB_OPT_FLAG, offsetof(struct run_opts, new_run), NULL,
	  "start a new run even when results/latest could be resumed" },
	{ "unit", SB_OPT_STR, offsetof(struct run_opts, unit), "ID",
	  "run one unit of `slicebench plan` (KERNEL/FEATURE-SET/REPEAT) "
	  "into the run directory --results DIR" },
	{ "per-host", SB_OPT_FLAG, offsetof(struct run_opts, per_host), NULL,
	  "with --unit: write into DIR/hosts/<hostname>/ (skipped when "
	  "complete in DIR)" },
	{ "executor", SB_OPT_STR, offsetof(struct run_opts, executor), "E",
	  "local (default), parallel (GNU parallel) or slurm (sbatch --array)" },
	{ "jobs", SB_OPT_STR, offsetof(struct run_opts, jobs), "N",
	  "local: N guests at once, each pinned to its own host CPUs; "
	  "parallel: jobs per host (default 1)" },
	{ "sshlogin", SB_OPT_STR, offsetof(struct run_opts, sshlogin), "HOSTS",
	  "parallel: --sshlogin list (':' is this machine)" },
	{ "slf", SB_OPT_STR, offsetof(struct run_opts, slf), "FILE",
	  "parallel: --sshloginfile" },
	{ "joblog", SB_OPT_STR, offsetof(struct run_opts, joblog), "FILE",
	  "parallel: joblog (default RUN_DIR/parallel.joblog; a rerun "
	  "resumes)" },
	{ "slurm-args", SB_OPT_STR, offsetof(struct run_opts, slurm_args),
	  "ARGS",
	  "slurm: more sbatch options, split at blanks, each passed as one "
	  "argument (no shell)" },
	{ "help", SB_OPT_FLAG, offsetof(struct run_opts, help), NULL,
	  "this help" },
};
#define N_OPTS (sizeof(opt_defs) / sizeof(opt_defs[0]))

static void usage(FILE *f)
{
	sb_opts_help(
		f,
		"usage: slicebench run --kernel K[,K2...] --scenario FILE "
		"[options]\n\nRuns every kernel with every feature set of the "
		"scenario, interleaved\n(kernels alternate, then feature sets; "
		"each repeat starts one later), into\n"
		"results/<run-id>/<kernel>/<feature-set>/<repeat>/.\n"
		"Re-running the same command after an interruption resumes "
		"results/latest.\n"
		"With --executor parallel|slurm or --jobs N the runs are "
		"separate unit\nprocesses (slicebench run --unit, see "
		"slicebench plan) writing into\nRUN_DIR/hosts/<hostname>/, "
		"merged into RUN_DIR when they are done\n"
		"(docs/scale-out.md).",
		opt_defs, N_OPTS, NULL);
	fprintf(f, "\nworkload tools:\n");
	for (const struct sb_workload *const *t = sbw_list(); *t; t++)
		if ((*t)->kind != SBW_HELPER)
			fprintf(f, "  %-14s %s\n", (*t)->name, (*t)->help);
	fprintf(f, "  %-14s %s\n", "(other)", wl_lookup("")->help);
	fprintf(f, "\nexit: 0 all runs complete, 2 bad usage or scenario, "
		   "3 a run failed or was interrupted\n");
}

static int parse_opts(int argc, char **argv, struct run_opts *o)
{
	char err[256];

	if (sb_opts_parse(opt_defs, N_OPTS, o, argc, argv, NULL, 0, err,
			  sizeof(err)) < 0) {
		fprintf(stderr, "slicebench run: %s\n", err);
		return SB_EXIT_USAGE;
	}
	return 0;
}

static long online_cpus(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) ? 1 : CPU_COUNT(&set);
}

/* The scale-out options: which go together, and --jobs as a number. */
static int validate_scale(const struct run_opts *o)
{
	const char *e = o->executor ? o->executor : "local", *bad = NULL;
	char *end;

	if (!exec_find(e)) {
		fprintf(stderr,
			"slicebench run: --executor: \"%s\" is not one of "
			"%s\n",
			e, exec_names());
		return SB_EXIT_USAGE;
	}
	if (o->jobs && (strtol(o->jobs, &end, 10) < 1 || *end ||
			strtol(o->jobs, NULL, 10) > 1024)) {
		fprintf(stderr,
			"slicebench run: --jobs: \"%s\" is not a number "
			"1..1024\n",
			o->jobs);
		return SB_EXIT_USAGE;
	}
	if (o->jobs && !strcmp(e, "local") &&
	    strtol(o->jobs, NULL, 10) > online_cpus())
		bad = "--jobs: more than the host CPUs this process may use "
		      "(one guest per CPU group)";
	else if (o->unit && (o->executor || o->jobs || o->resume ||
			     o->new_run || o->repeats))
		bad = "--unit runs one unit: no --executor, --jobs, --resume, "
		      "--new or --repeats";
	else if (o->unit && !o->results)
		bad = "--unit needs --results RUN_DIR";
	else if (o->per_host && !o->unit)
		bad = "--per-host goes with --unit";
	else if ((o->sshlogin || o->slf || o->joblog) && strcmp(e, "parallel"))
		bad = "--sshlogin, --slf and --joblog go with --executor parallel";
	else if (o->slurm_args && strcmp(e, "slurm"))
		bad = "--slurm-args goes with --executor slurm";
	else if (o->jobs && !strcmp(e, "slurm"))
		bad = "--jobs: Slurm places the array tasks (use --slurm-args)";
	if (bad) {
		fprintf(stderr, "slicebench run: %s\n", bad);
		return SB_EXIT_USAGE;
	}
	return 0;
}

static int validate(const struct run_opts *o, int *repeats)
{
	struct sb_error e;
	char *end;
	int r;

	if ((!o->kernels && !o->unit) || !o->scenario) {
		fprintf(stderr, "slicebench run: --kernel and --scenario are "
				"required (see --help)\n");
		return SB_EXIT_USAGE;
	}
	if (o->accel && (r = run_accel_check(o->accel, &e)))
		return sb_error_report("slicebench run", r, &e);
	if (o->repeats) {
		long v = strtol(o->repeats, &end, 10);

		if (*end || v < 1 || v > 1000) {
			fprintf(stderr,
				"slicebench run: --repeats: \"%s\" is "
				"not a number 1..1000\n",
				o->repeats);
			return SB_EXIT_USAGE;
		}
		*repeats = (int)v;
	}
	if ((r = validate_scale(o)))
		return r;
	if (o->resume && o->new_run) {
		fprintf(stderr, "slicebench run: --resume and --new exclude "
				"each other\n");
		return SB_EXIT_USAGE;
	}
	return 0;
}

static int sha_of(const char *path, char *sha)
{
	int e = sb_sha256_file(path, sha);

	if (e)
		fprintf(stderr, "%s: %s\n", path, strerror(-e));
	return e ? SB_EXIT_USAGE : 0;
}

/* A matrix's or unit's outcome as run's exit code: runs not complete are 3. */
static int run_exit(int rc, const struct sb_error *e)
{
	return rc < 0 ? sb_error_report("slicebench run", rc, e) :
	       rc     ? SB_EXIT_ENV :
			SB_EXIT_OK;
}

/* What the unit runner and the executors need of the options. */
static struct scale_opts scale_of(const struct run_opts *o)
{
	return (struct scale_opts){
		.unit = o->unit,
		.results = o->results,
		.kernels = o->kernels,
		.scenario = o->scenario,
		.accel = o->accel,
		.executor = o->executor,
		.jobs = o->jobs,
		.sshlogin = o->sshlogin,
		.slf = o->slf,
		.joblog = o->joblog,
		.slurm_args = o->slurm_args,
		.per_host = o->per_host,
	};
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o = { 0 };
	struct runner rn = { 0 };
	struct run_kernel ks[PLAN_MAX_KERNELS];
	const char *names[PLAN_MAX_KERNELS];
	struct scenario *sc = calloc(1, sizeof(*sc));
	char root[PATH_MAX], err[1024] = "";
	struct plan p = { 0 };
	struct scale_opts so;
	struct sb_error e;
	int nk = 0, repeats = 0, r;

	if (!sc)
		return SB_EXIT_ENV;
	if ((r = parse_opts(argc, argv, &o)) || o.help) {
		usage(r ? stderr : stdout);
		free(sc);
		return r;
	}
	if ((r = validate(&o, &repeats)) ||
	    (r = scenario_load(o.scenario, sc, run_warn_line, err,
			       sizeof(err)))) {
		if (*err && r)
			fprintf(stderr, "%s\n", err);
		free(sc);
		return r;
	}
	if (o.unit) {
		rn.sc = sc;
		rn.scenario_path = o.scenario;
		rn.stop = run_catch_signals(0);
		run_set_accel(&rn, o.accel, sc);
		run_self_dirs(&rn);
		so = scale_of(&o);
		if (!(r = sha_of(o.scenario, rn.sha256)))
			r = run_exit(scale_run_unit(&so, &rn, &e), &e);
		goto out;
	}
	if ((r = run_lookup_kernels(o.kernels, ks, &nk, &e))) {
		r = sb_error_report("slicebench run", r, &e);
		goto out;
	}
	for (int i = 0; i < nk; i++)
		names[i] = ks[i].ki.name;
	rn.sc = sc;
	rn.scenario_path = o.scenario;
	rn.stop = run_catch_signals(0);
	run_set_accel(&rn, o.accel, sc);
	run_self_dirs(&rn);
	if ((r = sha_of(o.scenario, rn.sha256)))
		goto out;
	if ((r = run_check_tools(&rn, ks, nk, err, sizeof(err)))) {
		fprintf(stderr, "slicebench run: %s\n", err);
		goto out;
	}
	if (plan_build(&p, sc, rn.sha256, names, nk,
		       repeats ? repeats : sc->repeats)) {
		r = SB_EXIT_ENV;
		goto out;
	}
	struct run_root where = { .results = o.results,
				  .resume = o.resume,
				  .scenario = o.scenario,
				  .new_run = o.new_run };

	if ((r = run_choose_root(&where, sc, &p, root, sizeof(root), &e))) {
		r = sb_error_report("slicebench run", r, &e);
		goto out;
	}
	for (int i = 0; i < nk; i++) {
		if (ks[i].ki.type == KERNEL_HOST)
			printf("note: kernel host: no VM; scheduler features %s\n",
			       features_writable(AGENT_FEATURES_PATH) ?
				       "are set per run and restored after" :
				       "stay as they are (" AGENT_FEATURES_PATH
				       " is not writable here)");
		if (!ks[i].ki.custom_slices)
			printf("note: kernel %s predates EEVDF custom slices "
			       "(6.12): the scenario's slices are ignored there\n",
			       ks[i].ki.name);
	}
	rn.stop = run_catch_signals(1);
	so = scale_of(&o);
	r = run_exit(o.executor || o.jobs ? scale_run(&so, &rn, &p, root, &e) :
					    run_matrix(&rn, ks, nk, &p, root),
		     &e);
	run_catch_signals(0);
out:
	plan_free(&p);
	scenario_free(sc);
	free(sc);
	return r;
}
