// SPDX-License-Identifier: GPL-2.0
/* slicebench report: the end of a run again (seed tables, verdicts, words) and its report.html. */
#include <stddef.h>
#include <stdio.h>

#include "ci/bench_end.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "ci/cmds.h"

struct report_opts {
	int help;
};

static const struct sb_opt report_opts[] = {
	{ "help", SB_OPT_FLAG, offsetof(struct report_opts, help), NULL,
	  "show this help" },
};

#define N_OPTS (sizeof(report_opts) / sizeof(report_opts[0]))

static const char usage[] = "usage: slicebench report RUN_DIR";
static const char after[] =
	"Prints what `slicebench run` prints at its end for results/<run-id>:\n"
	"per kernel each feature set's table (a row per workload group and repeat,\n"
	"kernel threads and the harness folded into other:(N)) with the run's regime,\n"
	"the summary with the gate's verdicts (ci/gate.json) and the same in words;\n"
	"then writes RUN_DIR/report.html and RUN_DIR/plots/.\n"
	"exit: 0 ok, 2 bad usage or malformed results, 3 no complete run or no gnuplot\n";

int cmd_report(int argc, char **argv)
{
	struct report_opts o = { 0 };
	const char *pos[2];
	char err[1024];
	int n = sb_opts_parse(report_opts, N_OPTS, &o, argc, argv, pos, 2, err,
			      sizeof(err)),
	    r;

	if (n >= 0 && o.help) {
		sb_opts_help(stdout, usage, report_opts, N_OPTS, after);
		return SB_EXIT_OK;
	}
	if (n != 1) {
		fprintf(stderr, "slicebench report: %s\n%s\n",
			n < 0 ? err : "needs one RUN_DIR", usage);
		return SB_EXIT_USAGE;
	}
	r = ci_bench_end(stdout, pos[0], err, sizeof(err));
	if (r)
		fprintf(stderr, "slicebench report: %s\n", err);
	return r;
}
