// SPDX-License-Identifier: GPL-2.0
/*
 * spin_example: the smallest generator, the example of adding one: it burns
 * CPU in fixed units of work under its slice and reports units per second.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/exitcodes.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/place.h"
#include "workloads/lib/slice.h"
#include "workloads/lib/stop.h"
#include "workloads/lib/workunit.h"
#include "workloads/registry/registry.h"

#define PROG "spin_example"

static const struct sbw_metric metrics[] = {
	{ "spin_units_per_s", "units_per_s", 1, "units/s", SBW_BETTER_HIGHER,
	  "spin_example work units completed per second", 0 },
};

const struct sbw_workload sbw_spin_example = {
	.name = PROG,
	.help = "CPU burner in fixed units of work (count = instances)",
	.kind = SBW_GENERATOR,
	.json_opt = "--json",
	.output = SBW_OUT_JSON,
	SBW_METRICS(metrics),
};

#ifndef SBW_DESCRIPTOR_ONLY

struct sp_opts {
	int64_t iters; /* xorshift steps per unit of work */
	struct wl_common common;
};

static const struct sb_field own_rows[] = {
	{ .key = "iters",
	  .short_name = 'i',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct sp_opts, iters),
	  .metavar = "N",
	  .doc = "xorshift steps per unit of work",
	  .min = 1,
	  .max = 1000000000 },
	{ 0 },
};

/* The options into @o; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse(struct sp_opts *o, int argc, char **argv)
{
	const struct sb_cli cli = {
		.usage = "Usage: " PROG " [OPTIONS]\n"
			 "Burns CPU in fixed units of work; reports units/s.",
		.epilogue = WL_HELP_EPILOGUE,
		.tables = { { own_rows, o }, WL_COMMON_TABLE(&o->common) },
		.prog = PROG,
	};

	o->iters = 100000;
	wl_common_init(&o->common, 5 * WL_NSEC_PER_SEC);
	return sb_cli_parse_command(&cli, argc, argv);
}

/* Units started inside the window [measure, end) and what they cost. */
struct sp_count {
	uint64_t units, window_ns, cpu_ns;
};

static void spin(const struct sp_opts *o, struct sp_count *n)
{
	struct wl_times times;
	uint64_t measure, end, t, cpu0 = 0;
	const struct wl_work_unit unit = { .iterations = (uint64_t)o->iters };

	wl_common_times(&o->common, 0, &times);
	measure = times.measure;
	end = times.end;
	wl_sleep_until_ns(times.start);
	while (!wl_stop_requested() && (t = wl_now_ns()) < end) {
		if (t >= measure && !n->units++)
			cpu0 = wl_process_cpu_ns();
		wl_work_unit_do(&unit);
	}
	t = wl_now_ns();
	n->window_ns = t > measure ? (t < end ? t : end) - measure : 0;
	n->cpu_ns = n->units ? wl_process_cpu_ns() - cpu0 : 0;
}

static int report(const struct sp_opts *o, const struct sp_count *n,
		  json_t *doc, const struct wl_slice_info *slice)
{
	double per_s = n->window_ns ?
			       (double)n->units * 1e9 / (double)n->window_ns :
			       0;
	json_t *res = json_pack("{s:I, s:f, s:I, s:I}", "units",
				(json_int_t)n->units, "units_per_s", per_s,
				"iters_per_unit", (json_int_t)o->iters,
				"cpu_ns", (json_int_t)n->cpu_ns);
	const char *path = o->common.json_path;
	struct sb_error e;
	int ret;

	if (!res) {
		fprintf(stderr, "%s: out of memory\n", PROG);
		return SB_EXIT_UNMEASURED;
	}
	if (wl_common_text(&o->common))
		printf("%" PRIu64 " units, %.1f units/s\n", n->units, per_s);
	if (!path) {
		json_decref(res);
		return SB_EXIT_OK;
	}
	wl_doc_finish(doc, slice, n->window_ns, o->common.warmup_ns, res,
		      wl_stop_status());
	ret = wl_doc_save(doc, &sbw_spin_example, path, &e);
	return ret ? sb_error_report(PROG, sb_env_errno(ret), &e) : SB_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct sp_opts o = { 0 };
	struct sp_count n = { 0 };
	struct wl_slice_info slice;
	struct wl_slice_req req;
	struct sb_error e;
	json_t *doc;
	int ret;

	ret = wl_doc_start(parse(&o, argc, argv), &o.common, PROG, argc, argv,
			   &doc);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	wl_common_slice_req(&o.common, &req);
	ret = wl_common_place(&o.common, &e) ?:
		      wl_slice_apply(0, &req, &slice, &e);
	if (!ret && (ret = wl_stop_install()))
		sb_error_set(&e, ret, NULL, NULL, NULL, "sigaction: %s",
			     strerror(-ret));
	if (ret) {
		json_decref(doc);
		return sb_error_report(PROG, ret, &e);
	}
	spin(&o, &n);
	ret = report(&o, &n, doc, &slice);
	json_decref(doc);
	return ret;
}

#endif /* SBW_DESCRIPTOR_ONLY */
