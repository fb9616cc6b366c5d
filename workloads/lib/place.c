// SPDX-License-Identifier: GPL-2.0
/* CPU affinity and NUMA node placement of the calling thread. */
#include <errno.h>
#include <numa.h>
#include <stdio.h>
#include <string.h>

#include "workloads/lib/place.h"

static int place_cpus(const cpu_set_t *cpus, char *err, size_t errlen)
{
	cpu_set_t allowed, want;

	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		snprintf(err, errlen, "sched_getaffinity: %s", strerror(errno));
		return -errno;
	}
	CPU_AND(&want, &allowed, cpus);
	if (!CPU_COUNT(&want)) {
		snprintf(err, errlen,
			 "--cpus: none of the CPUs is available to this task");
		return -EINVAL;
	}
	if (sched_setaffinity(0, sizeof(want), &want)) {
		snprintf(err, errlen, "sched_setaffinity: %s", strerror(errno));
		return -errno;
	}
	return 0;
}

static int place_node(int node, char *err, size_t errlen)
{
	if (numa_available() < 0) {
		snprintf(err, errlen,
			 "--node: libnuma reports no NUMA support");
		return -ENOSYS;
	}
	if (node > numa_max_node()) {
		snprintf(err, errlen, "--node: \"%d\" is out of range [0, %d]",
			 node, numa_max_node());
		return -EINVAL;
	}
	if (numa_run_on_node(node)) {
		snprintf(err, errlen, "--node: numa_run_on_node(%d): %s", node,
			 strerror(errno));
		return -errno;
	}
	numa_set_preferred(node);
	return 0;
}

int wl_place(const cpu_set_t *cpus, int node, char *err, size_t errlen)
{
	int ret = 0;

	if (node >= 0)
		ret = place_node(node, err, errlen);
	if (!ret && cpus)
		ret = place_cpus(cpus, err, errlen);
	return ret;
}
