// SPDX-License-Identifier: GPL-2.0
/* slicebench merge OUT DIR...: per-host results trees into one results directory. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/exitcodes.h"
#include "harness/scale/merge.h"
#include "harness/cmds.h"

static const char usage[] =
	"usage: slicebench merge OUT DIR...\n\n"
	"Brings the complete runs of each DIR (a results tree of some hosts:\n"
	"<kernel>/<feature-set>/<repeat>/) into OUT, after checking that every\n"
	"unit of the plan (OUT/plan.json, else the DIRs' plan.json, which must\n"
	"agree; see slicebench plan) arrived exactly once, with the plan's\n"
	"scenario sha256 and one kernel build (config sha256, source, release)\n"
	"per kernel. Inputs are copied, never changed. OUT/merge.json names\n"
	"where each unit came from.\n\n"
	"exit: 0 merged, 2 gaps, duplicates or mismatches (each named; nothing\n"
	"merged), no plan, a DIR that is not there or bad usage, 3 cannot\n"
	"copy or write OUT\n";

int cmd_merge(int argc, char **argv)
{
	struct merge_opts o = { 0 };
	struct merge_report rep;
	char err[1024] = "";
	int rc;

	if (argc >= 2 &&
	    (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage, stdout);
		return SB_EXIT_OK;
	}
	if (argc < 3 || *argv[1] == '-') {
		fprintf(stderr,
			"slicebench merge: needs OUT and at least one DIR\n%s",
			usage);
		return SB_EXIT_USAGE;
	}
	rc = merge_results(argv[1], (const char *const *)argv + 2,
			   (size_t)argc - 2, &o, &rep, err, sizeof(err));
	if (rc < 0) {
		if (rep.text)
			fputs(rep.text, stderr);
		fprintf(stderr, "slicebench merge: %s\n", err);
		merge_report_free(&rep);
		return rc == -EINVAL || rc == -ENOENT || rc == -ENOTDIR ?
			       SB_EXIT_USAGE :
			       SB_EXIT_ENV;
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
		       rep.merged, argv[1], rep.present, rep.planned);
	merge_report_free(&rep);
	return rc ? SB_EXIT_USAGE : SB_EXIT_OK;
}
