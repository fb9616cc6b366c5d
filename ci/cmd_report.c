// SPDX-License-Identifier: GPL-2.0
/* slicebench report: the end of a run again (seed tables, verdicts, words) and its report.html. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ci/bench_end.h"
#include "ci/rules_pick.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/opts.h"
#include "harness/run_sizing.h"
#include "ci/cmds.h"

struct report_opts {
	int help;
	const char *rules;
};

static const char usage[] = "usage: slicebench report [options] RUN_DIR";
static const char after[] =
	"Prints what `slicebench run` prints at its end for results/<run-id>:\n"
	"per kernel each feature set's table (a row per workload group and repeat,\n"
	"kernel threads and the harness folded into other:(N)) with the run's regime,\n"
	"the summary with the gate's verdicts and the same in words;\n"
	"then writes RUN_DIR/report.html and RUN_DIR/plots/. The verdicts are by\n"
	"--rules, else by the rules the run's scenario names, else by ci/gate.json;\n"
	"the first line says which.\n"
	"exit: 0 ok, 2 bad usage, a RUN_DIR not there or malformed results (a\n"
	"hand-edited file, runs of two scenarios), 4 no complete run, no gnuplot\n"
	"or writing report.html failed\n";

static const struct sb_field report_rows[] = {
	CI_RULES_ROW(struct report_opts, rules),
	SB_F_HELP_ROW(struct report_opts, help),
	{ 0 },
};

int cmd_report(int argc, char **argv)
{
	struct report_opts o = { 0 };
	const char *run_dir = NULL;
	char *verdict = NULL;
	struct sb_error e;
	struct stat st;
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { report_rows, &o } },
				    .operands = &run_dir,
				    .max_operands = 1,
				    .prog = "slicebench report",
				    .on_error = SB_CLI_ERR_USAGE,
				    .min_operands = 1,
				    .too_few = "needs one RUN_DIR" };
	int r = sb_cli_parse_command(&cli, argc, argv);

	if (r != SB_CLI_CONTINUE)
		return r;
	/* a RUN_DIR not there is bad input, as for compare and gate */
	errno = 0;
	if (stat(run_dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "slicebench report: %s: %s\n", run_dir,
			errno ? strerror(errno) : "not a directory");
		return SB_EXIT_USAGE;
	}
	r = ci_bench_end(stdout, run_dir, o.rules, &verdict, &e);
	if (!r && run_noise_keep(run_dir, &e)) /* the next plan's sizing */
		sb_warn("slicebench report: %s", e.msg);
	if (verdict)
		fputs(verdict, stdout);
	free(verdict);
	return r ? sb_error_report("slicebench report", r, &e) : SB_EXIT_OK;
}
