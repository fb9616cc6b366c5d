// SPDX-License-Identifier: GPL-2.0
/* CPU affinity and NUMA node placement of the calling thread. */
#include <errno.h>
#include <numa.h>
#include <string.h>

#include "common/error.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/place.h"

static int place_cpus(const cpu_set_t *cpus, struct sb_error *e)
{
	cpu_set_t allowed, want;
	int ret;

	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		ret = -errno;
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "sched_getaffinity: %s", strerror(-ret));
	}
	CPU_AND(&want, &allowed, cpus);
	if (!CPU_COUNT(&want))
		return sb_error_set(
			e, -EINVAL, NULL, "--cpus", NULL,
			"none of the CPUs is available to this task");
	if (sched_setaffinity(0, sizeof(want), &want)) {
		ret = -errno;
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "sched_setaffinity: %s", strerror(-ret));
	}
	return 0;
}

static int place_node(int node, struct sb_error *e)
{
	int ret;

	if (numa_available() < 0)
		return sb_error_set(e, -ENOSYS, NULL, "--node", NULL,
				    "libnuma reports no NUMA support");
	if (node > numa_max_node())
		return sb_error_set(e, -EINVAL, NULL, "--node", NULL,
				    "\"%d\" is out of range [0, %d]", node,
				    numa_max_node());
	if (numa_run_on_node(node)) {
		ret = -errno;
		return sb_error_set(e, ret, NULL, "--node", NULL,
				    "numa_run_on_node(%d): %s", node,
				    strerror(-ret));
	}
	numa_set_preferred(node);
	return 0;
}

int wl_place(const cpu_set_t *cpus, int node, struct sb_error *e)
{
	int ret = 0;

	if (node >= 0)
		ret = place_node(node, e);
	if (!ret && cpus)
		ret = place_cpus(cpus, e);
	return ret;
}

int wl_common_place(const struct wl_common *c, struct sb_error *e)
{
	return wl_place(c->cpus_given ? &c->cpus : NULL,
			c->node_given ? (int)c->node : -1, e);
}
