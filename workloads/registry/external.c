// SPDX-License-Identifier: GPL-2.0
/* Descriptors of the programs the guest runs that are not built here: rt-tests, stress-ng. */
#include <stdio.h>

#include "common/jsonpath.h"
#include "workloads/toolout/hackbench.h"
#include "workloads/toolout/stressng.h"
#include "workloads/registry/registry.h"

/* cyclictest --json: per-thread cycles, min/avg/max in microseconds. */
static void sum_cyclictest(const char *path, char *buf, size_t len)
{
	json_t *doc = json_load_file(path, 0, NULL), *t;
	double cycles = 0, avg = 0, max = 0, min = -1;
	const char *key;
	int n = 0;

	json_object_foreach(json_object_get(doc, "thread"), key, t) {
		double c = sb_json_number(t, "cycles");

		cycles += c;
		avg += sb_json_number(t, "avg") * c;
		if (sb_json_number(t, "max") > max)
			max = sb_json_number(t, "max");
		if (min < 0 || sb_json_number(t, "min") < min)
			min = sb_json_number(t, "min");
		n++;
	}
	if (n)
		snprintf(buf, len,
			 "%d threads, %g cycles, latency min %g us avg %.1f us "
			 "max %g us",
			 n, cycles, min, cycles ? avg / cycles : 0, max);
	json_decref(doc);
}

const struct sbw_workload sbw_cyclictest = {
	.name = "cyclictest",
	.help = "rt-tests cyclictest via slicectl (count = threads)",
	.kind = SBW_TOOL,
	.external = 1,
	.count_opt = "--threads=",
	.duration_opt = "--duration=",
	.fixed_args = { "-q" },
	.json_opt = "--json=",
	.output = SBW_OUT_JSON,
	.summary = sum_cyclictest,
};

static const struct sbw_metric hackbench_metrics[] = {
	{ "time_s", "time_s", 1, "s", SBW_BETTER_LOWER,
	  "hackbench run time (its \"Time:\" line; several instances: the "
	  "slowest)",
	  0 },
};

const struct sbw_workload sbw_hackbench = {
	.name = "hackbench",
	.help = "rt-tests hackbench via slicectl (count = instances)",
	.kind = SBW_TOOL,
	.external = 1,
	.output = SBW_OUT_PARSED,
	.raw_ext = "out",
	.read_raw = hb_read_files,
	SBW_METRICS(hackbench_metrics),
};

static const struct sbw_metric stress_ng_metrics[] = {
	{ "pipe_ops_per_s", "stressors.pipe.bogo_ops_per_s_real", 1, "ops/s",
	  SBW_BETTER_HIGHER,
	  "stress-ng pipe stressor bogo-ops per second of wall-clock time", 0 },
	{ "pipe_ops_per_cpu_s", "stressors.pipe.bogo_ops_per_s_usr_sys", 1,
	  "ops/s", SBW_BETTER_HIGHER,
	  "stress-ng pipe stressor bogo-ops per second of its CPU time", 0 },
	{ "switch_ops_per_s", "stressors.switch.bogo_ops_per_s_real", 1,
	  "ops/s", SBW_BETTER_HIGHER,
	  "stress-ng switch stressor bogo-ops per second of wall-clock time",
	  0 },
};

const struct sbw_workload sbw_stress_ng = {
	.name = "stress-ng",
	.help = "stress-ng via slicectl, stressors in args (count = instances)",
	.kind = SBW_TOOL,
	.external = 1,
	.duration_opt = "--timeout",
	.fixed_args = { "--metrics-brief" },
	.output = SBW_OUT_PARSED,
	.raw_opt = "--yaml",
	.raw_ext = "yaml",
	.read_raw = sng_read_files,
	SBW_METRICS(stress_ng_metrics),
};
