/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workload registry: one descriptor per tool saying how a scenario
 * workload (count, duration, warmup, slice, cpus, output) becomes an argv,
 * and one list naming them all. Tools not in the list run generically.
 */
#ifndef SB_WORKLOAD_H
#define SB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "harness/scenario.h"

#define WL_MAX_ARGV (SC_MAX_ARGS + 24)

enum wl_output {
	WL_OUT_JSON, /* the tool writes <name>.json itself (json_opt) */
	WL_OUT_STDOUT, /* stdout is captured into <name>.txt */
};

struct wl_tool {
	const char *name; /* the scenario's "tool"; NULL for the generic entry */
	const char *help;
	int native; /* a slicebench generator: takes the common options */
	const char *count_opt; /* option taking count; NULL: count = instances */
	const char *duration_opt; /* for non-native tools: option + seconds */
	const char *fixed_args[4]; /* always passed before the user's args */
	const char *json_opt; /* with WL_OUT_JSON: "--json" or "--json=" */
	enum wl_output output;
	/* One line of figures from the output file @path into @buf. */
	void (*summary)(const char *path, char *buf, size_t len);
};

/* The descriptor for @tool: a registered one, else the generic one. */
const struct wl_tool *wl_lookup(const char *tool);
/* The registered descriptors, NULL-terminated (for --help). */
const struct wl_tool *const *wl_registry(void);

/* One process to start for workload @w. */
struct wl_proc {
	const char *argv[WL_MAX_ARGV + 1];
	char out_path[4096]; /* stdout goes here (WL_OUT_STDOUT) or NULL */
	char err_path[4096]; /* stderr */
	int capture_stdout;
	char bufs[8][4096]; /* storage for formatted arguments */
	int n_bufs;
};

/* File name (in workloads/) of instance @i's output: <name>.json, <name>.txt
 * or <name>.<i>.txt when a tool runs as several instances. */
const char *wl_output_name(const struct sc_workload *w, int i, char *buf,
			   size_t len);

/* Number of processes workload @w starts (count, for instance tools). */
int wl_instances(const struct sc_workload *w);

/* What every workload of one run shares. */
struct wl_run {
	uint64_t warmup_ns, duration_ns;
	uint64_t seed; /* the repeat's seed (scenario_seed) */
};

/*
 * Build the argv of instance @i of @w writing into @dir (the run's
 * workloads/ directory), for the run @run. Native tools get its seed as
 * --seed. Returns 0 or -E2BIG.
 */
int wl_build(const struct sc_workload *w, int i, const char *dir,
	     const struct wl_run *run, struct wl_proc *p);

#endif
