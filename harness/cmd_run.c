// SPDX-License-Identifier: GPL-2.0
/* slicebench run: the matrix runner (kernels × feature sets × repeats), resumable. */
#include <errno.h>
#include <glob.h>
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
#include "ci/bench_end.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/sha256.h"
#include "harness/agent.h"
#include "harness/features.h"
#include "harness/plan.h"
#include "harness/runner.h"
#include "harness/scale/scale.h"
#include "harness/workload.h"
#include "tools/commands.h"

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
	static const char *const execs[] = { "local", "parallel", "slurm" };
	const char *e = o->executor ? o->executor : "local", *bad = NULL;
	int ok = 0;
	char *end;

	for (size_t i = 0; i < 3; i++)
		ok |= !strcmp(e, execs[i]);
	if (!ok) {
		fprintf(stderr,
			"slicebench run: --executor: \"%s\" is not one of "
			"local, parallel, slurm\n",
			e);
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
	char *end;
	int r;

	if ((!o->kernels && !o->unit) || !o->scenario) {
		fprintf(stderr, "slicebench run: --kernel and --scenario are "
				"required (see --help)\n");
		return SB_EXIT_USAGE;
	}
	if (o->accel && !run_accel_valid("slicebench run", o->accel))
		return SB_EXIT_USAGE;
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

/* Why run @r failed: its manifest under @root, else an executor's attempt. */
static void print_failure(const char *root, const struct plan_run *r)
{
	char dir[PATH_MAX], pat[PATH_MAX + 300];
	const char *why = NULL;
	json_t *m = NULL;
	glob_t g = { 0 };

	plan_run_dir(root, r, dir, sizeof(dir));
	snprintf(pat, sizeof(pat), "%s/manifest.json", dir);
	if (access(pat, F_OK))
		snprintf(pat, sizeof(pat), "%s/hosts/*/%s/%s/%d/manifest.json",
			 root, r->kernel, r->set, r->repeat);
	if (!glob(pat, 0, NULL, &g) && g.gl_pathc)
		m = json_load_file(g.gl_pathv[0], 0, NULL);
	why = json_string_value(json_object_get(m, "failure"));
	printf("  failed: %s\n", why ? why : "(no manifest)");
	json_decref(m);
	globfree(&g);
}

/* A run without a delay table: each workload's own line of figures. */
static void print_figures(const struct scenario *sc, const char *dir)
{
	char path[PATH_MAX + 200], name[128], line[512];

	for (int i = 0; i < sc->n_workloads; i++) {
		const struct sc_workload *w = &sc->workloads[i];

		snprintf(path, sizeof(path), "%s/workloads/%s", dir,
			 wl_output_name(w, 0, name, sizeof(name)));
		*line = '\0';
		wl_summary(w->desc, path, line, sizeof(line));
		printf("  %-16s %s\n", w->name, *line ? line : "(no figures)");
	}
}

void run_print_results(const struct scenario *sc, const struct plan *p,
		       const char *root)
{
	char dir[PATH_MAX], table[PATH_MAX + 16], err[1024];

	for (size_t i = 0; i < p->n_runs; i++) {
		const struct plan_run *r = &p->runs[i];
		int done = plan_run_complete(root, r);

		plan_run_dir(root, r, dir, sizeof(dir));
		snprintf(table, sizeof(table), "%s/table.json", dir);
		if (done && !access(table, F_OK))
			continue;
		printf("\n== %s / %s / repeat %d%s\n", r->kernel, r->set,
		       r->repeat, done ? ": no delay table" : " FAILED");
		if (done)
			print_figures(sc, dir);
		else
			print_failure(root, r);
	}
	fflush(stdout);
	if (ci_bench_end(stdout, root, err, sizeof(err)))
		fprintf(stderr, "slicebench run: no summary: %s\n", err);
}

static struct run_kernel *kernel_of(struct run_kernel *ks, int n,
				    const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(ks[i].ki.name, name))
			return &ks[i];
	return NULL;
}

static int run_matrix(struct runner *rn, struct run_kernel *ks, int nk,
		      const struct plan *p, const char *root)
{
	size_t todo = plan_pending(p, root), done = 0;
	double t0 = run_now_s();
	int failed = 0;
	char a[32], b[32], c[32];

	for (size_t i = 0; i < p->n_runs && !*rn->stop; i++) {
		const struct plan_run *r = &p->runs[i];
		struct run_kernel *k = kernel_of(ks, nk, r->kernel);
		double t1 = run_now_s();
		int rc;

		if (plan_run_complete(root, r)) {
			printf("[%zu/%zu] %s/%s/%d: complete, skipped\n", i + 1,
			       p->n_runs, r->kernel, r->set, r->repeat);
			continue;
		}
		printf("[%zu/%zu] %s/%s/%d: running\n", i + 1, p->n_runs,
		       r->kernel, r->set, r->repeat);
		fflush(stdout);
		rc = run_one(rn, k, r, root);
		if (rc > 0)
			break;
		failed += rc < 0;
		done++;
		printf("[%zu/%zu] %s/%s/%d: %s in %s; elapsed %s, ETA %s\n",
		       i + 1, p->n_runs, r->kernel, r->set, r->repeat,
		       rc ? "failed" : "complete",
		       run_fmt_secs(run_now_s() - t1, a, 32),
		       run_fmt_secs(run_now_s() - t0, b, 32),
		       run_fmt_secs((run_now_s() - t0) / done * (todo - done),
				    c, 32));
		fflush(stdout);
	}
	if (*rn->stop) {
		printf("interrupted: re-run the same command to resume %s\n",
		       root);
		return SB_EXIT_ENV;
	}
	run_print_results(rn->sc, p, root);
	printf("\nresults: %s (%zu runs, %d failed)\n", root, p->n_runs,
	       failed);
	return failed ? SB_EXIT_ENV : SB_EXIT_OK;
}

static int sha_of(const char *path, char *sha)
{
	int e = sb_sha256_file(path, sha);

	if (e)
		fprintf(stderr, "%s: %s\n", path, strerror(-e));
	return e ? SB_EXIT_USAGE : 0;
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
		r = sha_of(o.scenario, rn.sha256) ?: scale_run_unit(&so, &rn);
		goto out;
	}
	if ((r = run_lookup_kernels("slicebench run", o.kernels, ks, &nk)))
		goto out;
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
	struct run_root where = { .cmd = "slicebench run",
				  .results = o.results,
				  .resume = o.resume,
				  .scenario = o.scenario,
				  .new_run = o.new_run };

	if ((r = run_choose_root(&where, sc, &p, root, sizeof(root))))
		goto out;
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
	r = o.executor || o.jobs ? scale_run(&so, &rn, &p, root) :
				   run_matrix(&rn, ks, nk, &p, root);
	run_catch_signals(0);
out:
	plan_free(&p);
	scenario_free(sc);
	free(sc);
	return r;
}
