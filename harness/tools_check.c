// SPDX-License-Identifier: GPL-2.0
/*
 * Before a matrix starts: every workload tool outside the registry (any
 * other program) exists where its runs will start it. The registry's own
 * tools are the build's and the dependencies': a missing one is an
 * environment failure of each run, said there.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "common/error.h"
#include "common/spawn.h"
#include "harness/runner.h"
#include "harness/workload.h"

/* Host runs put the build's bin directory first on PATH. */
static int on_host(const struct runner *rn, const char *tool)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", rn->bin_dir, tool);
	return !access(path, X_OK) || sb_have_program(tool);
}

static int not_found(const struct runner *rn, int w, const char *where,
		     struct sb_error *e)
{
	char path[32];

	snprintf(path, sizeof(path), "workloads[%d].tool", w);
	return sb_error_set(e, -EINVAL, rn->scenario_path, path, NULL,
			    "\"%s\" is not a program %s",
			    rn->sc->workloads[w].tool, where);
}

int run_check_tools(const struct runner *rn, const struct run_kernel *ks,
		    int nk, struct sb_error *e)
{
	const struct run_kernel *vm = NULL;
	const char *tools[SC_MAX_WORKLOADS];
	int idx[SC_MAX_WORKLOADS], host = 0;
	size_t n = 0, miss;

	for (int w = 0; w < rn->sc->n_workloads; w++)
		if (rn->sc->workloads[w].desc == wl_lookup("")) {
			tools[n] = rn->sc->workloads[w].tool;
			idx[n++] = w;
		}
	/* Every guest gets the same programs: one VM kernel stands for all. */
	for (int k = 0; k < nk; k++) {
		host |= ks[k].ki.type == KERNEL_HOST;
		if (ks[k].ki.type != KERNEL_HOST && !vm)
			vm = &ks[k];
	}
	for (size_t i = 0; host && i < n; i++)
		if (!on_host(rn, tools[i]))
			return not_found(
				rn, idx[i],
				"in build/bin or on PATH (kernel host)", e);
	if (vm && n) {
		char init[PATH_MAX + 32];
		struct initramfs_request req =
			run_initramfs_request(rn, vm, init, sizeof(init));
		int r = initramfs_missing_program(&req, tools, n, &miss, e);

		if (r == 1)
			return not_found(
				rn, idx[miss],
				"in the guest (its PATH holds slicebench's workloads, rt-tests, trace-cmd and busybox's applets)",
				e);
		return r;
	}
	return 0;
}
