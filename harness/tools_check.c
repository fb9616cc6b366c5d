// SPDX-License-Identifier: GPL-2.0
/*
 * Before a matrix starts: every workload tool outside the registry (any
 * other program) exists where its runs will start it. The registry's own
 * tools are the build's and the dependencies': a missing one is an
 * environment failure of each run, said there.
 */
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "common/exitcodes.h"
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

/* 1 when @tool is there for @k's runs, 0 when not, else an SB_EXIT_* code. */
static int tool_there(const struct runner *rn, const struct run_kernel *k,
		      const char *tool, char *err, size_t errlen)
{
	char init[PATH_MAX + 32];
	struct initramfs_request req;

	if (k->ki.type == KERNEL_HOST)
		return on_host(rn, tool);
	req = run_initramfs_request(rn, k, init, sizeof(init));
	return initramfs_has_program(&req, tool, err, errlen);
}

int run_check_tools(const struct runner *rn, const struct run_kernel *ks,
		    int nk, char *err, size_t errlen)
{
	const struct run_kernel *host = NULL, *vm = NULL;

	/* Every guest gets the same programs: one VM kernel stands for all. */
	for (int k = 0; k < nk; k++) {
		if (ks[k].ki.type == KERNEL_HOST)
			host = host ? host : &ks[k];
		else
			vm = vm ? vm : &ks[k];
	}
	for (int w = 0; w < rn->sc->n_workloads; w++) {
		const char *tool = rn->sc->workloads[w].tool;
		const struct run_kernel *side[] = { host, vm };

		if (rn->sc->workloads[w].desc != wl_lookup(""))
			continue;
		for (int s = 0; s < 2; s++) {
			int r = side[s] ? tool_there(rn, side[s], tool, err,
						     errlen) :
					  1;

			if (r == 1)
				continue;
			if (!r)
				snprintf(
					err, errlen,
					"%s: workloads[%d].tool: \"%s\" is not a program %s",
					rn->scenario_path, w, tool,
					s ? "in the guest (its PATH holds slicebench's workloads, rt-tests, trace-cmd and busybox's applets)" :
					    "in build/bin or on PATH (kernel host)");
			return r ? r : SB_EXIT_USAGE;
		}
	}
	return 0;
}
