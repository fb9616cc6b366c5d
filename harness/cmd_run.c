// SPDX-License-Identifier: GPL-2.0
/* slicebench run: the matrix runner (kernels × feature sets × repeats), resumable. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "ci/rules_pick.h"
#include "common/dirlock.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "harness/plan.h"
#include "harness/matrix.h"
#include "harness/run_prepare.h"
#include "harness/runner.h"
#include "harness/scale/exec_option.h"
#include "harness/scale/run_opts.h"
#include "harness/scale/scale.h"
#include "workloads/registry/registry.h"
#include "harness/cmds.h"

/* The options, and --help. */
struct run_cli {
	struct run_opts r;
	int help;
};

static const char usage_text[] =
	"usage: slicebench run --kernel K[,K2...] --scenario FILE [options]\n\n"
	"Runs every kernel with every feature set of the scenario, "
	"interleaved\n(kernels alternate, then feature sets; each repeat "
	"starts one later), into\n"
	"results/<run-id>/<kernel>/<feature-set>/<repeat>/.\n"
	"Re-running the same command after an interruption resumes "
	"results/latest.\n"
	"With --executor parallel|slurm or --jobs N the runs are separate "
	"unit\nprocesses (slicebench run --unit, see slicebench plan) "
	"writing into\nRUN_DIR/hosts/<hostname>/, merged into RUN_DIR when "
	"they are done\n(docs/scale-out.md).";

/* The end of --help: the workload tools (the registry's) and the exit codes. */
static void workload_help(FILE *f)
{
	fprintf(f, "\nworkload tools:\n");
	for (const struct sbw_workload *const *t = sbw_list(); *t; t++)
		if ((*t)->kind != SBW_HELPER)
			fprintf(f, "  %-14s %s\n", (*t)->name, (*t)->help);
	fprintf(f, "  %-14s %s\n", "(other)", sbw_lookup("")->help);
	fprintf(f, "\nexit: 0 all runs complete, 2 bad usage or scenario (or "
		   "another run writes those results, or --results names a "
		   "file or a place that takes no new directory: read-only, "
		   "no permission), 4 a run failed or was interrupted, the "
		   "disk filled, or kernel host cannot set the scenario's "
		   "features\n");
}

static const struct sb_field run_rows[] = {
	{ .key = "kernel",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.kernels),
	  .metavar = "K[,K2...]",
	  .doc = "kernels under test: kernels/<name>, host, or "
		 "NAME=PATH of a bzImage of your own (name each)" },
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.scenario),
	  .metavar = "FILE",
	  .doc = "the scenario (configs/*.json)" },
	RUN_ACCEL_ROW(struct run_cli, r.accel),
	{ .key = "results",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.results),
	  .metavar = "DIR",
	  .doc = "results root (default: results)" },
	{ .key = "repeats",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct run_cli, r.repeats),
	  .given = SB_GIVEN(struct run_cli, r.repeats_given),
	  .metavar = "N",
	  .doc = "repeats of each feature set (default: the "
		 "scenario's)",
	  .min = 1,
	  .max = SC_MAX_REPEATS },
	{ .key = "resume",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.resume),
	  .metavar = "RUN_DIR",
	  .doc = "continue this results/<run-id>" },
	{ .key = "new",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct run_cli, r.new_run),
	  .doc = "start a new run even when results/latest could be "
		 "resumed" },
	{ .key = "unit",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.unit),
	  .metavar = "ID",
	  .doc = "run one unit of `slicebench plan` "
		 "(KERNEL/FEATURE-SET/REPEAT) into the run directory "
		 "--results DIR" },
	{ .key = "per-host",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct run_cli, r.per_host),
	  .doc = "with --unit: write into DIR/hosts/<hostname>/ "
		 "(skipped when complete in DIR)" },
	EXEC_OPTION_ROW(struct run_cli, r.executor),
	{ .key = "jobs",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct run_cli, r.jobs),
	  .given = SB_GIVEN(struct run_cli, r.jobs_given),
	  .metavar = "N",
	  .doc = "local: N guests at once, each pinned to its own "
		 "host CPUs; parallel: jobs per host (default 1)",
	  .min = 1,
	  .max = 1024 },
	{ .key = "sshlogin",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.sshlogin),
	  .metavar = "HOSTS",
	  .doc = "parallel: --sshlogin list (':' is this machine)" },
	{ .key = "slf",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.slf),
	  .metavar = "FILE",
	  .doc = "parallel: --sshloginfile" },
	{ .key = "joblog",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.joblog),
	  .metavar = "FILE",
	  .doc = "parallel: joblog (default RUN_DIR/parallel.joblog; "
		 "a rerun resumes)" },
	{ .key = "slurm-args",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct run_cli, r.slurm_args),
	  .metavar = "ARGS",
	  .doc = "slurm: more sbatch options, split at blanks, each "
		 "passed as one argument (no shell)" },
	{ .key = "features-as-is",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct run_cli, r.features_as_is),
	  .doc = "kernel host: leave the scheduler features as found "
		 "and run only the first feature set (nothing is "
		 "compared)" },
	SB_F_HELP_ROW(struct run_cli, help),
	{ 0 },
};

/* The options into @o; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse_opts(int argc, char **argv, struct run_cli *o)
{
	const struct sb_cli cli = { .usage = usage_text,
				    .help_tail = workload_help,
				    .tables = { { run_rows, o } },
				    .prog = "slicebench run",
				    .on_error = SB_CLI_ERR_HELP };

	return sb_cli_parse_command(&cli, argc, argv);
}

/* The options that do not go together refused, said: 0 or exit 2. */
static int validate(const struct run_opts *o)
{
	const char *bad = run_opts_conflict(o, run_opts_host_cpus());

	if (!bad)
		return 0;
	fprintf(stderr, "slicebench run: %s\n", bad);
	return SB_EXIT_USAGE;
}

/* A matrix's or unit's outcome as run's exit code: runs not complete are 4. */
static int run_exit(int rc, const struct sb_error *e)
{
	return rc < 0 ? sb_error_report("slicebench run", rc, e) :
	       rc     ? SB_EXIT_UNMEASURED :
			SB_EXIT_OK;
}

int cmd_run(int argc, char **argv)
{
	struct run_cli cli = { 0 };
	const struct run_opts *o = &cli.r;
	struct runner rn = { 0 };
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct run_matrix m = { 0 };
	struct scale_opts so;
	struct sb_error e;
	int lock = -1, r;

	if (!sc)
		return SB_EXIT_UNMEASURED;
	if ((r = parse_opts(argc, argv, &cli)) != SB_CLI_CONTINUE ||
	    (r = validate(o))) {
		free(sc);
		return r;
	}
	if ((r = scenario_load(o->scenario, sc, run_warn_line, &e)) ||
	    (r = ci_rules_check_named(sc->rules, o->scenario, &e))) {
		fprintf(stderr, "%s\n", e.msg);
		scenario_free(sc); /* after a refused rules value, its args */
		free(sc);
		return sb_exit_code(r);
	}
	so = run_opts_scale(o);
	if ((r = run_prepare_runner(&rn, sc, o->scenario, o->accel)))
		goto out;
	if (o->unit) {
		r = run_exit(scale_run_unit(&so, &rn, &e), &e);
		goto out;
	}
	const struct run_request rq = {
		.kernels = o->kernels,
		.repeats = o->repeats_given ? (int)o->repeats : 0,
		.features_as_is = o->features_as_is,
		.where = { .results = o->results,
			   .resume = o->resume,
			   .scenario = o->scenario,
			   .new_run = o->new_run,
			   .lock_fd = &lock },
	};

	if ((r = run_prepare_matrix(&rn, sc, &rq, &m)))
		goto out;
	rn.stop = run_catch_signals(1);
	r = run_exit(o->executor || o->jobs_given ?
			     scale_run(&so, &rn, &m.p, m.root, &e) :
			     run_matrix(&rn, m.ks, m.nk, &m.p, m.root),
		     &e);
	run_catch_signals(0);
out:
	sb_dir_unlock(lock);
	plan_free(&m.p);
	scenario_free(sc);
	free(sc);
	return r;
}
