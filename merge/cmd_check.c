// SPDX-License-Identifier: GPL-2.0
/* slicebench check: base and candidate kernels run in turn until the gate can decide, or a cap (merge/check.c). */
#include <stdint.h>
#include <stdio.h>

#include "ci/gate_run.h"
#include "ci/rules_pick.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/opts.h"
#include "common/outcheck.h"
#include "common/outfile.h"
#include "harness/runner.h"
#include "merge/check.h"
#include "merge/cmds.h"

struct check_opts {
	const char *base, *cand, *scenario, *results, *resume, *rules, *accel;
	const char *set, *cand_features;
	struct ci_gate_outputs out;
	FILE *say; /* the words: stdout, stderr when an output is there */
	uint64_t max_repeats, error_split;
	int new_run, help, max_repeats_given, bisect_exit;
};

static const char usage[] =
	"usage: slicebench check --base K --cand K --scenario FILE [options]\n"
	"\nRuns the base and the candidate kernel in turn (one run each per "
	"round),\nand from the rules' min_runs a side on gates them after "
	"every round. It\nstops at the first look that decides: a regression "
	"(any rule regressed)\nor a pass (every rule with values on both "
	"sides passed, optional ones\ntoo; a rule on neither side does "
	"not count), else when --max-repeats runs\na side are done. The "
	"looks spend the gate's alpha and the pass bounds'\nerror with "
	"an O'Brien-Fleming-type function of the information (runs a\nside "
	"/ --max-repeats), so the looks together keep the promises of "
	"one\ngate (ci/README.md). Re-running the same command after an "
	"interruption\nresumes results/latest.";
static const char after[] =
	"exit: 0 pass, 1 regression, 2 bad usage or input, 3 cannot decide "
	"within\n--max-repeats (the report says about how many runs a side "
	"would), 4 could\nnot measure (more than half the runs failed, "
	"interrupted). With --bisect-exit, as `git bisect run` "
	"reads them: 0 pass\n(good), 1 regression (bad), 125 cannot decide "
	"(skip this commit), 255\nanything else (bad usage, could not "
	"measure: stop the bisection)\n"
	"Each output FILE may be - (standard output: that report alone there,\n"
	"the progress and the table on stderr). --results naming a file or a\n"
	"place that takes no new directory exits 2 before any run.\n" SB_OUT_HELP;

/* @code as `git bisect run` reads it: good, bad, skip, or abort. */
static int bisect_exit_code(int code)
{
	switch (code) {
	case SB_EXIT_OK:
		return 0;
	case SB_EXIT_REGRESSION:
		return 1;
	case SB_EXIT_UNDECIDED:
		return 125;
	default:
		return 255;
	}
}

static const struct sb_field check_rows[] = {
	{ .key = "base",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, base),
	  .metavar = "K",
	  .doc = "the baseline kernel (kernels/<name>, host or a "
		 "bzImage path)" },
	{ .key = "cand",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, cand),
	  .metavar = "K",
	  .doc = "the candidate kernel" },
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, scenario),
	  .metavar = "FILE",
	  .doc = "the scenario (configs/merge-check.json is made for "
		 "this)" },
	{ .key = "feature-set",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, set),
	  .metavar = "NAME",
	  .doc = "the scenario's feature set to run (needed when it "
		 "has several)" },
	{ .key = "cand-features",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, cand_features),
	  .metavar = "F,...",
	  .doc = "run the candidate with these scheduler features "
		 "(X or NO_X, each in place of the set's own X): "
		 "does the regression ride on one?" },
	{ .key = "max-repeats",
	  .type = SB_F_U64,
	  .offset = offsetof(struct check_opts, max_repeats),
	  .given = SB_GIVEN(struct check_opts, max_repeats_given),
	  .metavar = "N",
	  .doc = "at most N runs a side (default 10; at least the "
		 "rules' min_runs)",
	  .min = 1,
	  .max = SC_MAX_REPEATS },
	CI_RULES_ROW(struct check_opts, rules),
	{ .key = "results",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, results),
	  .metavar = "DIR",
	  .doc = "results root (default: results)" },
	{ .key = "resume",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct check_opts, resume),
	  .metavar = "RUN_DIR",
	  .doc = "continue this results/<run-id>" },
	{ .key = "new",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct check_opts, new_run),
	  .doc = "start afresh even when results/latest could be "
		 "resumed" },
	RUN_ACCEL_ROW(struct check_opts, accel),
	{ .key = "error-split",
	  .type = SB_F_U64,
	  .offset = offsetof(struct check_opts, error_split),
	  .metavar = "N",
	  .doc = "spend 1/N of the rules' alpha and pass error (one "
		 "of N checks, as a bisection's steps)",
	  .min = 1,
	  .max = 64 },
	{ .key = "bisect-exit",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct check_opts, bisect_exit),
	  .doc = "exit as `git bisect run` reads it (0 good, 1 bad, "
		 "125 skip, 255 stop)" },
	{ 0 },
};

static const struct sb_field check_help_rows[] = {
	SB_F_HELP_ROW(struct check_opts, help),
	{ 0 },
};

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .max_repeats = 10, .error_split = 1 };
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { check_rows, &o },
						{ ci_gate_output_rows, &o.out },
						{ check_help_rows, &o } },
				    .prog = "slicebench check" };
	struct sb_error e;
	int r;

	r = sb_cli_parse_command(&cli, argc, argv);
	if (r != SB_CLI_CONTINUE)
		return o.bisect_exit ? bisect_exit_code(r) : r;
	/* every output writable, none an input, before any kernel boots */
	const struct sb_path_use paths[] = { { "--markdown", o.out.markdown },
					     { "--json", o.out.json },
					     { "--junit", o.out.junit },
					     { "--csv", o.out.csv } },
				 ins[] = { { "--scenario", o.scenario },
					   { "--rules", o.rules },
					   { "--resume", o.resume },
					   { "--base", o.base },
					   { "--cand", o.cand } };

	if ((r = sb_out_check_all(paths, 4, ins, 5, &e)) ||
	    (r = run_results_usable(o.results, &e))) {
		r = sb_error_report("slicebench check", r, &e);
		return o.bisect_exit ? bisect_exit_code(r) : r;
	}
	/* an output on standard output has it alone: words, progress on stderr */
	o.say = stdout;
	if (ci_gate_outputs_on_stdout(&o.out)) {
		o.say = stderr;
		sb_log_progress_to_stderr();
	}
	const struct check_settings set = {
		.base = o.base,
		.cand = o.cand,
		.scenario = o.scenario,
		.results = o.results,
		.resume = o.resume,
		.rules = o.rules,
		.accel = o.accel,
		.set = o.set,
		.cand_features = o.cand_features,
		.out = o.out,
		.say = o.say,
		.max_repeats = o.max_repeats,
		.error_split = o.error_split,
		.new_run = o.new_run,
		.max_repeats_given = o.max_repeats_given,
		.argc = argc,
		.argv = argv,
	};

	r = check_session(&set);
	return o.bisect_exit ? bisect_exit_code(r) : r;
}
