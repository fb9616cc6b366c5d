// SPDX-License-Identifier: GPL-2.0
/* The option table every generator shares, and the slice request it makes. */
#include <string.h>

#include "workloads/lib/clock.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/slice.h"

void wl_common_init(struct wl_common *c, uint64_t duration_ns)
{
	memset(c, 0, sizeof(*c));
	c->duration_ns = duration_ns;
	c->seed = 1;
	c->node = -1;
}

const struct sb_field wl_common_rows[] = {
	{ .key = "duration",
	  .short_name = 'd',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct wl_common, duration_ns),
	  .metavar = "D",
	  .doc = "measured time",
	  .min = 1,
	  .max = WL_MAX_DURATION_NS },
	{ .key = "warmup",
	  .short_name = 'w',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct wl_common, warmup_ns),
	  .metavar = "D",
	  .doc = "run this long first, excluded from every figure",
	  .max = WL_MAX_DURATION_NS },
	{ .key = "start-at",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct wl_common, start_at_ns),
	  .metavar = "NS",
	  .doc = "start the warm-up at this CLOCK_MONOTONIC time (ns), "
		 "or as soon as ready if later, the window keeping its "
		 "place (the harness gives every generator of a run its "
		 "own start)",
	  .max = INT64_MAX },
	{ .key = "slice",
	  .short_name = 's',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct wl_common, slice_ns),
	  .given = SB_GIVEN(struct wl_common, slice_given),
	  .metavar = "D",
	  .doc = "EEVDF slice (absent: keep the inherited one)",
	  .max = WL_MAX_DURATION_NS },
	{ .key = "batch",
	  .short_name = 'b',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct wl_common, batch),
	  .doc = "SCHED_BATCH instead of SCHED_OTHER" },
	{ .key = "cpus",
	  .short_name = 'c',
	  .type = SB_F_CPUSET,
	  .offset = offsetof(struct wl_common, cpus),
	  .given = SB_GIVEN(struct wl_common, cpus_given),
	  .metavar = "LIST",
	  .doc = "run on these CPUs (e.g. 0-3,6)" },
	{ .key = "node",
	  .short_name = 'n',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct wl_common, node),
	  .given = SB_GIVEN(struct wl_common, node_given),
	  .metavar = "N",
	  .doc = "run on NUMA node N and prefer its memory",
	  .max = 4095 },
	{ .key = "json",
	  .short_name = 'j',
	  .type = SB_F_ARG,
	  .offset = offsetof(struct wl_common, json_path),
	  .metavar = "FILE",
	  .doc = "write the JSON document to FILE (- = stdout)" },
	{ .key = "seed",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct wl_common, seed),
	  .metavar = "N",
	  .doc = "seed of the random streams (mixload's, cyclic's "
		 "--random-phase; every generator takes it, as the "
		 "harness passes it to all)" },
	{ .key = "quiet",
	  .short_name = 'q',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct wl_common, quiet),
	  .doc = "no text output" },
	SB_F_HELP_ROW(struct wl_common, help),
	{ .key = "check-args",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct wl_common, check_args),
	  .doc = "check the options (exit 2 naming a bad one) and "
		 "exit 0 without running: the harness's check "
		 "before a boot" },
	{ 0 },
};

void wl_common_slice_req(const struct wl_common *c, struct wl_slice_req *req)
{
	memset(req, 0, sizeof(*req));
	req->set_slice = c->slice_given;
	req->slice_ns = c->slice_ns;
	req->batch = c->batch;
}

uint64_t wl_common_measure(const struct wl_common *c, uint64_t start)
{
	uint64_t at = c->start_at_ns ? (uint64_t)c->start_at_ns : start;

	return at + c->warmup_ns > start ? at + c->warmup_ns : start;
}

void wl_common_times(const struct wl_common *c, uint64_t margin_ns,
		     struct wl_times *t)
{
	uint64_t ready = wl_now_ns() + margin_ns;

	t->start = ready > (uint64_t)c->start_at_ns ? ready :
						      (uint64_t)c->start_at_ns;
	t->measure = wl_common_measure(c, t->start);
	t->end = t->measure + c->duration_ns;
}

int wl_common_text(const struct wl_common *c)
{
	return !c->quiet && !(c->json_path && !strcmp(c->json_path, "-"));
}
