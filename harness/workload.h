/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A scenario workload (count, duration, warmup, slice, cpus, output) as the
 * argv of each process it starts, from its descriptor in the workload list.
 */
#ifndef SB_WORKLOAD_H
#define SB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "harness/scenario.h"
#include "workloads/registry/registry.h"

#define WL_MAX_ARGV (SC_MAX_ARGS + 24)

/*
 * One line of figures from @d's output file @path into @buf: its own
 * summary, else the document's "metrics" section ("name value unit, ...").
 * Left unchanged when the file holds none.
 */
void wl_summary(const struct sbw_workload *d, const char *path, char *buf,
		size_t len);

/* One process to start for workload @w. */
struct wl_proc {
	const char *argv[WL_MAX_ARGV + 1];
	char out_path[4096]; /* output file (stdout with SBW_OUT_STDOUT) */
	char err_path[4096]; /* stderr */
	int capture_stdout;
	char bufs[8][4096]; /* storage for formatted arguments */
	int n_bufs;
};

/* File name (in workloads/) of instance @i's output: <name>.json or
 * <name>.txt, <name>.<i>.json or <name>.<i>.txt when a tool runs as
 * several instances; a parsed tool's one document: <name>.json. */
const char *wl_output_name(const struct sc_workload *w, int i, char *buf,
			   size_t len);

/*
 * A parsed tool's (SBW_OUT_PARSED) own output of instance @i:
 * <name>.<raw_ext>, or <name>.<i>.<raw_ext> for several instances.
 */
const char *wl_raw_name(const struct sc_workload *w, int i, char *buf,
			size_t len);

/*
 * For a parsed tool's workload @w whose instances have ended: read their
 * own outputs in @dir (the run's workloads/) and write the document
 * <name>.json there ({"schema", "tool", "status", "outputs", "result",
 * "metrics"}). Other workloads: nothing to do. Returns 0, or -errno with
 * @e naming the tool and the file that could not be read or parsed, as
 * "workloads/<file>".
 */
int wl_write_parsed(const struct sc_workload *w, const char *dir,
		    struct sb_error *e);

/* Number of processes workload @w starts (count, for instance tools). */
int wl_instances(const struct sc_workload *w);

/* What every workload of one run shares. */
struct wl_run {
	uint64_t warmup_ns, duration_ns;
	uint64_t seed; /* the repeat's seed (scenario_seed) */
	/* CLOCK_MONOTONIC ns the warm-up starts at (the run's window less
	 * the warm-up), for native tools' --start-at; 0: none */
	uint64_t start_at_ns;
};

/*
 * Build the argv of instance @i of @w writing into @dir (the run's
 * workloads/ directory), for the run @run. Native tools get its seed as
 * --seed, and its start as --start-at. Returns 0 or -E2BIG.
 */
int wl_build(const struct sc_workload *w, int i, const char *dir,
	     const struct wl_run *run, struct wl_proc *p);

#endif
