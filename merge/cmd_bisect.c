// SPDX-License-Identifier: GPL-2.0
/* slicebench bisect: the first patch of a series, or commit of a git range, after which the check finds a regression, step by step, resumable (merge/bisect_walk.c). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "harness/runner.h"
#include "merge/bisect_ends.h"
#include "merge/bisect_walk.h"
#include "merge/cmds.h"

#define LOG_FILE BISECT_LOG_FILE

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
	"(NAME, or\nNAME+K for its first K patches); --good is NAME+K of the "
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
	"exit (as `git bisect run` means its own: 0 the bisection named a "
	"commit):\n0 the first bad patch or commit was found (with "
	"--triage-only: the bad end\nregresses and its triage ran), 1 no "
	"regression (the bad end does not\nregress against the good end: "
	"nothing to bisect), 2 bad usage or input\n(also the old NAME:K, "
	"now NAME+K), 3 cannot decide (the bad end's check,\nor only a range "
	"of candidates remained: a step could not be decided within\n"
	"--max-repeats), 4 could not measure (a build or a check failed, "
	"interrupted,\na full disk); --results naming a file or a place "
	"that takes no new\ndirectory exits 2 before any build\n";

static const struct sb_field bisect_rows[] = {
	{ .key = "good",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, good),
	  .metavar = "K",
	  .doc = "the good end: NAME+K (the bad end's series with K "
		 "patches) or a kernel of kernels/" },
	{ .key = "bad",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, bad),
	  .metavar = "K",
	  .doc = "the bad end: a source kernel with a series (NAME "
		 "or NAME+K)" },
	{ .key = "kernel",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, kernel),
	  .metavar = "NAME",
	  .doc = "bisect a git range: a source kernel whose tree is "
		 "a git work tree; --good and --bad are commits" },
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, scenario),
	  .metavar = "FILE",
	  .doc = "the scenario each step's check runs" },
	{ .key = "features",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, features),
	  .metavar = "F,...",
	  .doc = "triage first: flip each scheduler feature on the "
		 "bad end (e.g. PREEMPT_SHORT,DELAY_DEQUEUE)" },
	{ .key = "triage-only",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct bisect_opts, triage_only),
	  .doc = "stop after the triage of --features" },
	{ .key = "max-repeats",
	  .type = SB_F_U64,
	  .offset = offsetof(struct bisect_opts, max_repeats),
	  .metavar = "N",
	  .doc = "each step's cap: at most N runs a side (default: "
		 "check's own)",
	  .min = 1,
	  .max = SC_MAX_REPEATS },
	{ .key = "results",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct bisect_opts, results),
	  .metavar = "DIR",
	  .doc = "results root (default: results)" },
	RUN_ACCEL_ROW(struct bisect_opts, accel),
	SB_F_HELP_ROW(struct bisect_opts, help),
	{ 0 },
};

int cmd_bisect(int argc, char **argv)
{
	struct bisect_opts o = { 0 };
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { bisect_rows, &o } },
				    .prog = "slicebench bisect" };
	struct sb_error e;
	int r = sb_cli_parse_command(&cli, argc, argv);

	if (r != SB_CLI_CONTINUE)
		return r;
	if (!o.good || !o.bad || !o.scenario)
		return bisect_usage_error("%s",
					  "--good, --bad and --scenario are "
					  "required");
	if (access(o.scenario, R_OK))
		return bisect_usage_error("--scenario: %s: cannot read",
					  o.scenario);
	if (o.triage_only && !o.features)
		return bisect_usage_error("%s",
					  "--triage-only needs --features");
	if (run_results_usable(o.results, &e)) /* before any build */
		return sb_error_report("slicebench bisect", -EINVAL, &e);
	const struct bisect_settings set = {
		.good = o.good,
		.bad = o.bad,
		.scenario = o.scenario,
		.results = o.results,
		.accel = o.accel,
		.kernel = o.kernel,
		.features = o.features,
		.max_repeats = o.max_repeats,
		.triage_only = o.triage_only,
	};

	return bisect_session(&set);
}
