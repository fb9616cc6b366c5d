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
	"every round, until\nthe gate decides (a regression, or every "
	"required rule passed) or\n--max-repeats runs a side are done. The "
	"looks spend the gate's alpha and\nthe pass bounds' error with an "
	"O'Brien-Fleming-type function of the\ninformation (runs a side / "
	"--max-repeats), so the looks together keep the\npromises of one gate "
	"(ci/README.md). Re-running the same command after an\ninterruption "
	"resumes results/latest.";
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

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .max_repeats = 10, .error_split = 1 };
	const struct sb_opt opts[] = {
		SB_OPTION("base", 0, SB_OPT_STRING, &o.base, NULL, "K",
			  "the baseline kernel (kernels/<name>, host or a "
			  "bzImage path)",
			  0, 0),
		SB_OPTION("cand", 0, SB_OPT_STRING, &o.cand, NULL, "K",
			  "the candidate kernel", 0, 0),
		SB_OPTION("scenario", 0, SB_OPT_STRING, &o.scenario, NULL,
			  "FILE",
			  "the scenario (configs/merge-check.json is made for "
			  "this)",
			  0, 0),
		SB_OPTION("feature-set", 0, SB_OPT_STRING, &o.set, NULL, "NAME",
			  "the scenario's feature set to run (needed when it "
			  "has several)",
			  0, 0),
		SB_OPTION("cand-features", 0, SB_OPT_STRING, &o.cand_features,
			  NULL, "F,...",
			  "run the candidate with these scheduler features "
			  "(X or NO_X, each in place of the set's own X): "
			  "does the regression ride on one?",
			  0, 0),
		SB_OPTION("max-repeats", 0, SB_OPT_U64, &o.max_repeats,
			  &o.max_repeats_given, "N",
			  "at most N runs a side (default 10; at least the "
			  "rules' min_runs)",
			  0, 0),
		CI_RULES_OPTION(&o.rules),
		SB_OPTION("results", 0, SB_OPT_STRING, &o.results, NULL, "DIR",
			  "results root (default: results)", 0, 0),
		SB_OPTION("resume", 0, SB_OPT_STRING, &o.resume, NULL,
			  "RUN_DIR", "continue this results/<run-id>", 0, 0),
		SB_OPTION("new", 0, SB_OPT_FLAG, &o.new_run, NULL, NULL,
			  "start afresh even when results/latest could be "
			  "resumed",
			  0, 0),
		RUN_ACCEL_OPTION(&o.accel),
		SB_OPTION("error-split", 0, SB_OPT_U64, &o.error_split, NULL,
			  "N",
			  "spend 1/N of the rules' alpha and pass error (one "
			  "of N checks, as a bisection's steps)",
			  1, 64),
		SB_OPTION("bisect-exit", 0, SB_OPT_FLAG, &o.bisect_exit, NULL,
			  NULL,
			  "exit as `git bisect run` reads it (0 good, 1 bad, "
			  "125 skip, 255 stop)",
			  0, 0),
		{ 0 },
	};
	const struct sb_opt help[] = {
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "this help", 0, 0),
		{ 0 },
	};
	struct sb_opt outs[CI_GATE_OUTPUT_ROWS];
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts, outs, help },
				    .prog = "slicebench check" };
	struct sb_error e;
	int r;

	ci_gate_output_opts(outs, &o.out);
	r = sb_cli_parse_command(&cli, argc, argv);
	if (r != SB_CLI_CONTINUE)
		return o.bisect_exit ? bisect_exit_code(r) : r;
	/* every output writable, none an input, before any kernel boots */
	const struct sb_path_use paths[] = { { "--markdown", o.out.markdown },
					     { "--json", o.out.json },
					     { "--junit", o.out.junit } },
				 ins[] = { { "--scenario", o.scenario },
					   { "--rules", o.rules },
					   { "--resume", o.resume },
					   { "--base", o.base },
					   { "--cand", o.cand } };

	if ((r = sb_out_check_all(paths, 3, ins, 5, &e)) ||
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
