// SPDX-License-Identifier: GPL-2.0
/* The option table every generator shares, and the slice request it makes. */
#include <string.h>

#include "workloads/lib/opts.h"
#include "workloads/lib/slice.h"

void wl_common_init(struct wl_common *c, uint64_t duration_ns)
{
	memset(c, 0, sizeof(*c));
	c->duration_ns = duration_ns;
	c->seed = 1;
	c->node = -1;
}

void wl_common_opts(struct wl_common *c, struct sb_opt *tab)
{
	const struct sb_opt common[WL_COMMON_NOPTS + 1] = {
		SB_OPTION("duration", 'd', SB_OPT_DURATION, &c->duration_ns,
			  NULL, "D", "measured time", 1, WL_MAX_DURATION_NS),
		SB_OPTION("warmup", 'w', SB_OPT_DURATION, &c->warmup_ns, NULL,
			  "D",
			  "run this long first, excluded from every figure", 0,
			  0),
		SB_OPTION("slice", 's', SB_OPT_DURATION, &c->slice_ns,
			  &c->slice_given, "D",
			  "EEVDF slice (absent: keep the inherited one)", 0, 0),
		SB_OPTION("batch", 'b', SB_OPT_FLAG, &c->batch, NULL, NULL,
			  "SCHED_BATCH instead of SCHED_OTHER", 0, 0),
		SB_OPTION("cpus", 'c', SB_OPT_CPULIST, &c->cpus, &c->cpus_given,
			  "LIST", "run on these CPUs (e.g. 0-3,6)", 0, 0),
		SB_OPTION("node", 'n', SB_OPT_INT, &c->node, &c->node_given,
			  "N", "run on NUMA node N and prefer its memory", 0,
			  4095),
		SB_OPTION("json", 'j', SB_OPT_STRING, &c->json_path, NULL,
			  "FILE",
			  "write the JSON document to FILE (- = stdout)", 0, 0),
		SB_OPTION("seed", 0, SB_OPT_INT, &c->seed, NULL, "N",
			  "seed of the random streams (mixload's, cyclic's "
			  "--random-phase; every generator takes it, as the "
			  "harness passes it to all)",
			  0, 0),
		SB_OPTION("quiet", 'q', SB_OPT_FLAG, &c->quiet, NULL, NULL,
			  "no text output", 0, 0),
		SB_OPTION("help", 'h', SB_OPT_FLAG, &c->help, NULL, NULL,
			  "show this help and exit", 0, 0),
		SB_OPTION("check-args", 0, SB_OPT_FLAG, &c->check_args, NULL,
			  NULL,
			  "check the options (exit 2 naming a bad one) and "
			  "exit 0 without running: the harness's check "
			  "before a boot",
			  0, 0),
		{ 0 },
	};

	memcpy(tab, common, sizeof(common));
}

void wl_common_slice_req(const struct wl_common *c, struct wl_slice_req *req)
{
	memset(req, 0, sizeof(*req));
	req->set_slice = c->slice_given;
	req->slice_ns = c->slice_ns;
	req->batch = c->batch;
}

int wl_common_text(const struct wl_common *c)
{
	return !c->quiet && !(c->json_path && !strcmp(c->json_path, "-"));
}
