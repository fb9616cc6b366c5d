// SPDX-License-Identifier: GPL-2.0
/* The Slurm executor: an sbatch --array job, one unit per array task; waits for it and names failed tasks. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/scale/exec.h"

/*
 * The batch script holds no value of the run: the binary, the units file
 * and the unit's arguments come in as its positional parameters (sbatch
 * passes them as argv), the unit is the array task's line of the file.
 */
static const char script[] =
	"#!/bin/sh\n"
	"# slicebench run --executor slurm: one unit per array task.\n"
	"# usage: sbatch --array=0-N this SLICEBENCH UNITS_FILE RUN_ARGS...\n"
	"set -eu\n"
	"self=$1\n"
	"units=$2\n"
	"shift 2\n"
	"unit=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" \"$units\")\n"
	"[ -n \"$unit\" ] || { echo \"no unit $SLURM_ARRAY_TASK_ID in $units\" >&2; exit 2; }\n"
	"exec \"$self\" run --unit \"$unit\" \"$@\"\n";

/* Run @argv with stdout into @out; the exit code or -errno. */
static int capture(const char **argv, const char *out)
{
	struct sb_spawn sp = { .argv = argv, .stdout_path = out };

	return sb_run(&sp, 120LL * 1000000000);
}

static int submit(const struct exec_ctx *c, const char *dir, long *job,
		  struct sb_error *e)
{
	char path[PATH_MAX + 32], units[PATH_MAX + 32], array[48],
		output[PATH_MAX + 32], out[PATH_MAX + 32], *text, *words,
		*save = NULL;
	const char *argv[128];
	size_t n = 0, len;
	int rc;

	snprintf(path, sizeof(path), "%s/array.sh", dir);
	snprintf(units, sizeof(units), "%s/units-%ld.txt", dir,
		 (long)time(NULL));
	snprintf(output, sizeof(output), "%s/%%A_%%a.out", dir);
	snprintf(out, sizeof(out), "%s/sbatch.out", dir);
	snprintf(array, sizeof(array), "--array=0-%zu", c->n_units - 1);
	if ((rc = sb_write_file_atomic(path, script, sizeof(script) - 1)) ||
	    chmod(path, 0755) || (rc = exec_write_units(c, units))) {
		rc = rc ? rc : -errno;
		return sb_error_set(e, rc, dir, NULL, NULL, "%s",
				    strerror(-rc));
	}
	words = strdup(c->slurm_args ? c->slurm_args : "");
	if (!words)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	argv[n++] = "sbatch";
	argv[n++] = "--parsable";
	argv[n++] = array;
	argv[n++] = "--job-name=slicebench";
	argv[n++] = "--output";
	argv[n++] = output;
	for (char *w = strtok_r(words, " \t\n", &save); w && n < 100;
	     w = strtok_r(NULL, " \t\n", &save))
		argv[n++] = w;
	argv[n++] = path;
	argv[n++] = c->self;
	argv[n++] = units;
	exec_unit_args(c, argv + n);
	rc = capture(argv, out);
	free(words);
	if (rc || sb_read_file(out, &text, &len))
		return sb_error_set(e, -EIO, NULL, NULL, NULL,
				    "sbatch failed (exit %d; see %s)", rc, out);
	*job = strtol(text, NULL, 10);
	free(text);
	if (*job <= 0)
		return sb_error_set(e, -EIO, NULL, NULL, NULL,
				    "sbatch printed no job id (see %s)", out);
	return 0;
}

/* Poll squeue until job @id has left the queue; scancel it on a stop. */
static int wait_job(const struct exec_ctx *c, const char *dir, long id)
{
	char job[32], out[PATH_MAX + 32], *text;
	const char *argv[] = { "squeue", "-h", "-j", job, "-o", "%i %T", NULL };
	const char *cancel[] = { "scancel", job, NULL };
	size_t len;

	snprintf(job, sizeof(job), "%ld", id);
	snprintf(out, sizeof(out), "%s/squeue.out", dir);
	for (;;) {
		int rc = capture(argv, out), queued;

		if (*c->stop) {
			struct sb_spawn sp = { .argv = cancel };

			sb_note("slurm: cancelling job %s", job);
			sb_run(&sp, 60LL * 1000000000);
			return -EINTR;
		}
		if (rc || sb_read_file(out, &text, &len))
			return 0; /* no longer known to squeue */
		queued = len > 0;
		free(text);
		if (!queued)
			return 0;
		sleep(2);
	}
}

/* The value of " KEY=" in a one-line scontrol record, into @buf. */
static const char *field(const char *line, const char *key, char *buf,
			 size_t len)
{
	const char *p = strstr(line, key);

	if (!p) {
		snprintf(buf, len, "?");
		return buf;
	}
	p += strlen(key);
	snprintf(buf, len, "%.*s", (int)strcspn(p, " \n"), p);
	return buf;
}

/*
 * Failed array tasks of job @id, each named with its unit: from sacct when
 * accounting is on, else from scontrol (which keeps finished jobs for
 * MinJobAge). -1 when neither knows the job.
 */
static int failed_tasks(const struct exec_ctx *c, const char *dir, long id)
{
	char job[32], out[PATH_MAX + 32], task[32], state[64], code[32];
	const char *sacct[] = { "sacct",    "-n",
				"-P",	    "-X",
				"-j",	    job,
				"--format", "JobID,State,ExitCode",
				NULL };
	const char *scontrol[] = { "scontrol", "-o", "show", "job", job, NULL };
	char *text = NULL, *save = NULL;
	size_t len = 0;
	int failed = 0, from_sacct;

	snprintf(job, sizeof(job), "%ld", id);
	snprintf(out, sizeof(out), "%s/sacct.out", dir);
	from_sacct = !capture(sacct, out) && !sb_read_file(out, &text, &len) &&
		     len;
	if (!from_sacct) {
		free(text);
		text = NULL;
		snprintf(out, sizeof(out), "%s/scontrol.out", dir);
		if (capture(scontrol, out) || sb_read_file(out, &text, &len))
			return -1;
	}
	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		long t;

		if (from_sacct) {
			/* JobID|State|ExitCode, JobID as <job>_<task> */
			const char *u = strchr(l, '_');

			snprintf(task, sizeof(task), "%.*s",
				 u ? (int)strcspn(u + 1, "|") : 1,
				 u ? u + 1 : "?");
			snprintf(state, sizeof(state), "%s",
				 strchr(l, '|') ? strchr(l, '|') + 1 : "?");
			*code = '\0';
		} else {
			field(l, "ArrayTaskId=", task, sizeof(task));
			field(l, "JobState=", state, sizeof(state));
			field(l, "ExitCode=", code, sizeof(code));
		}
		if (!strncmp(state, "COMPLETED", 9))
			continue;
		t = strtol(task, NULL, 10);
		sb_warn("slurm: job %ld task %s (unit %s): %s%s%s", id, task,
			t >= 0 && (size_t)t < c->n_units ? c->units[t] : "?",
			state, *code ? " exit " : "", code);
		failed++;
	}
	free(text);
	return failed;
}

static int run_slurm(const struct exec_ctx *c, struct sb_error *e)
{
	char dir[PATH_MAX];
	long job = 0;
	int rc, failed;

	if (!sb_have_program("sbatch") || !sb_have_program("squeue"))
		return sb_error_set(e, -ENOENT, NULL, "--executor slurm", NULL,
				    "sbatch and squeue not found (Debian "
				    "package slurm-client)");
	snprintf(dir, sizeof(dir), "%s/slurm", c->root);
	if ((rc = sb_mkdir_p(dir, 0755)))
		return sb_error_set(e, rc, dir, NULL, NULL, "%s",
				    strerror(-rc));
	if ((rc = submit(c, dir, &job, e)))
		return rc;
	sb_progress(
		"slurm: job %ld, %zu array tasks; task output in %s/%ld_*.out",
		job, c->n_units, dir, job);
	if ((rc = wait_job(c, dir, job)))
		return sb_error_set(e, rc, NULL, NULL, NULL,
				    "slurm job %ld cancelled", job);
	failed = failed_tasks(c, dir, job);
	if (failed < 0) {
		sb_progress(
			"slurm: job %ld finished; neither sacct nor scontrol "
			"has a record of it: failed units are named from their "
			"run directories",
			job);
		failed = 0;
	}
	return failed;
}

const struct executor exec_slurm = {
	.name = "slurm",
	.run = run_slurm,
};
