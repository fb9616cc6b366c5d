// SPDX-License-Identifier: GPL-2.0
/* The GNU parallel executor: one job per unit, host lists and a joblog passed through, argv only. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common/log.h"
#include "common/spawn.h"
#include "harness/scale/exec.h"

static int run_parallel(const struct exec_ctx *c, struct sb_error *e)
{
	char units[PATH_MAX], joblog[PATH_MAX], jobs[16];
	const char *argv[48];
	size_t n = 0;
	int rc;

	if (!sb_have_program("parallel"))
		return sb_error_set(e, -ENOENT, NULL, "--executor parallel",
				    NULL,
				    "GNU parallel is not installed (Debian "
				    "package parallel)");
	snprintf(units, sizeof(units), "%s/units.txt", c->root);
	snprintf(joblog, sizeof(joblog), "%s/parallel.joblog", c->root);
	snprintf(jobs, sizeof(jobs), "%d", c->jobs > 0 ? c->jobs : 1);
	if (c->jobs > 1 && !c->sealed)
		sb_warn("warning: %d jobs per host: runs at once on one host "
			"perturb each other's latency (and parallel does not "
			"pin them); keep 1 for latency work",
			c->jobs);
	if ((rc = exec_write_units(c, units)))
		return sb_error_set(e, rc, units, NULL, NULL, "%s",
				    strerror(-rc));
	/*
	 * -q quotes every word of the command for the shell parallel runs
	 * it with (locally and over ssh); {} is the unit id, read from a file
	 * so no value is on parallel's own command line to be parsed.
	 * --resume-failed with the joblog: a rerun skips what succeeded.
	 */
	argv[n++] = "parallel";
	argv[n++] = "--will-cite";
	argv[n++] = "-q";
	argv[n++] = "--jobs";
	argv[n++] = jobs;
	argv[n++] = "--joblog";
	argv[n++] = c->joblog ? c->joblog : joblog;
	argv[n++] = "--resume-failed";
	argv[n++] = "--line-buffer";
	argv[n++] = "--tagstring";
	argv[n++] = "{}";
	if (c->sshlogin) {
		argv[n++] = "--sshlogin";
		argv[n++] = c->sshlogin;
	}
	if (c->slf) {
		argv[n++] = "--sshloginfile";
		argv[n++] = c->slf;
	}
	argv[n++] = "--arg-file";
	argv[n++] = units;
	argv[n++] = c->self;
	argv[n++] = "run";
	argv[n++] = "--unit";
	argv[n++] = "{}";
	exec_unit_args(c, argv + n);
	struct sb_spawn sp = { .argv = argv };

	rc = sb_run(&sp, -1);
	if (rc < 0)
		return sb_error_set(e, rc, NULL, NULL, NULL, "parallel: %s",
				    strerror(-rc));
	/* parallel exits with the number of failed jobs (capped at 100) */
	return rc;
}

const struct executor exec_parallel = {
	.name = "parallel",
	.all_units = 1,
	.run = run_parallel,
};
