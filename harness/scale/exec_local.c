// SPDX-License-Identifier: GPL-2.0
/* The local executor with --jobs N: N unit processes at once, each pinned to its own host CPUs. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/log.h"
#include "common/spawn.h"
#include "harness/scale/exec.h"

/* Split the CPUs we may run on into @jobs disjoint groups. */
static int cpu_groups(int jobs, cpu_set_t *groups, struct sb_error *e)
{
	cpu_set_t all;
	int cpus[CPU_SETSIZE], n = 0, per;

	if (sched_getaffinity(0, sizeof(all), &all))
		return sb_error_set(e, -EIO, NULL, NULL, NULL,
				    "sched_getaffinity: %s", strerror(errno));
	for (int i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &all))
			cpus[n++] = i;
	if (jobs > n)
		return sb_error_set(
			e, -EINVAL, NULL, NULL, NULL,
			"--jobs %d: only %d host CPUs to pin guests "
			"to",
			jobs, n);
	per = n / jobs;
	for (int j = 0; j < jobs; j++) {
		CPU_ZERO(&groups[j]);
		for (int i = j * per; i < (j + 1) * per; i++)
			CPU_SET(cpus[i], &groups[j]);
	}
	return 0;
}

/* Start one unit with the affinity of @g (inherited over fork and exec). */
static pid_t start_unit(const struct exec_ctx *c, const char *unit,
			const cpu_set_t *g)
{
	const char *argv[20] = { c->self, "run", "--unit", unit };
	cpu_set_t saved;
	pid_t pid;

	exec_unit_args(c, argv + 4);
	if (sched_getaffinity(0, sizeof(saved), &saved) ||
	    sched_setaffinity(0, sizeof(*g), g))
		return -errno;
	struct sb_spawn sp = { .argv = argv };

	pid = sb_spawn_start(&sp);
	sched_setaffinity(0, sizeof(saved), &saved);
	return pid;
}

static int run_local(const struct exec_ctx *c, struct sb_error *e)
{
	cpu_set_t *groups = calloc((size_t)c->jobs, sizeof(*groups));
	pid_t *slot = calloc((size_t)c->jobs, sizeof(*slot));
	size_t next = 0, running = 0;
	int failed = 0, rc = groups && slot ? 0 : -ENOMEM;

	if (rc)
		sb_error_set(e, rc, NULL, NULL, NULL, "out of memory");
	else
		rc = cpu_groups(c->jobs, groups, e);
	if (!rc && !c->sealed)
		sb_warn("warning: %d runs at once on one host (guests or "
			"host-mode workloads) perturb each other's latency "
			"(shared caches, memory bandwidth, host scheduler): "
			"compare only runs made the same way",
			c->jobs);
	while (!rc && (running || (next < c->n_units && !*c->stop))) {
		int st, j;
		pid_t pid;

		for (j = 0; j < c->jobs && next < c->n_units && !*c->stop;
		     j++) {
			if (slot[j])
				continue;
			slot[j] = start_unit(c, c->units[next], &groups[j]);
			if (slot[j] < 0) {
				rc = slot[j];
				slot[j] = 0;
				sb_error_set(e, rc, c->self, NULL, NULL, "%s",
					     strerror(-rc));
				break;
			}
			next++;
			running++;
		}
		if (!running)
			break;
		pid = wait(&st);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		for (j = 0; j < c->jobs; j++)
			if (slot[j] == pid) {
				slot[j] = 0;
				running--;
				failed += !WIFEXITED(st) || WEXITSTATUS(st);
			}
	}
	free(groups);
	free(slot);
	return rc ? rc : failed + (int)(c->n_units - next);
}

const struct executor exec_local = {
	.name = "local",
	.run = run_local,
};
