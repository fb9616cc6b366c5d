// SPDX-License-Identifier: GPL-2.0
/* slicebench merge RUN_DIR DIR...: per-host results trees into one results directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/exitcodes.h"
#include "common/opts.h"
#include "harness/scale/merge.h"
#include "harness/cmds.h"

static const char usage[] =
	"usage: slicebench merge RUN_DIR DIR...\n\n"
	"Brings the complete runs of each DIR (a results tree of some hosts:\n"
	"<kernel>/<feature-set>/<repeat>/) into RUN_DIR, after checking that every\n"
	"unit of the plan (RUN_DIR/plan.json, else the DIRs' plan.json, which must\n"
	"agree; see slicebench plan) arrived exactly once, with the plan's\n"
	"scenario sha256 and one kernel build (config sha256, source, release)\n"
	"per kernel. Inputs are copied, never changed. RUN_DIR/merge.json names\n"
	"where each unit came from.";
static const char after[] =
	"exit: 0 merged, 2 gaps, duplicates or mismatches (each named; nothing\n"
	"merged), no plan, a DIR that is not there or bad usage, 4 cannot\n"
	"copy or write RUN_DIR\n";

/* Merge @dirs[1..n-1] into @dirs[0]; an SB_EXIT_* code. */
static int merge_into(const char **dirs, int n)
{
	struct merge_opts o = { 0 };
	struct merge_report rep;
	struct sb_error e;
	int rc = merge_results(dirs[0], dirs + 1, (size_t)n - 1, &o, &rep, &e);

	if (rc < 0) {
		if (rep.text)
			fputs(rep.text, stderr);
		fprintf(stderr, "slicebench merge: %s\n", e.msg);
		merge_report_free(&rep);
		return rc == -EINVAL || rc == -ENOENT || rc == -ENOTDIR ?
			       SB_EXIT_USAGE :
			       SB_EXIT_UNMEASURED;
	}
	fputs(rep.text, rc ? stderr : stdout);
	if (rc)
		fprintf(stderr,
			"slicebench merge: not merged: %zu missing, %zu "
			"duplicated, %zu not in the plan, %zu mismatches\n",
			rep.gaps, rep.duplicates, rep.unknown, rep.mismatches);
	else
		printf("merged %zu units into %s (%zu of %zu planned units "
		       "there)\n",
		       rep.merged, dirs[0], rep.present, rep.planned);
	merge_report_free(&rep);
	return rc ? SB_EXIT_USAGE : SB_EXIT_OK;
}

struct merge_cmd_opts {
	int help;
};

static const struct sb_field merge_rows[] = {
	SB_F_HELP_ROW(struct merge_cmd_opts, help),
	{ 0 },
};

int cmd_merge(int argc, char **argv)
{
	const char **dirs = calloc((size_t)argc, sizeof(*dirs));
	struct merge_cmd_opts o = { 0 };
	int n = 0, rc;
	const struct sb_cli cli = {
		.usage = usage,
		.epilogue = after,
		.tables = { { merge_rows, &o } },
		.operands = dirs,
		.max_operands = argc,
		.n_operands = &n,
		.prog = "slicebench merge",
		.on_error = SB_CLI_ERR_HELP,
		.min_operands = 2,
		.too_few = "needs RUN_DIR and at least one DIR"
	};

	if (!dirs)
		return SB_EXIT_UNMEASURED;
	rc = sb_cli_parse_command(&cli, argc, argv);
	if (rc == SB_CLI_CONTINUE)
		rc = merge_into(dirs, n);
	free(dirs);
	return rc;
}
