/* SPDX-License-Identifier: GPL-2.0 */
/* The analyzer's entry point for the harness: one run directory → its delay table. */
#ifndef SB_TABLE_RUN_H
#define SB_TABLE_RUN_H

#include <stddef.h>

#include "analyzer/sbt.h"
#include "common/error.h"

/* More processes than the agent starts (its MAX_PROCS). */
#define TABLE_MAX_WORKLOAD_PIDS 1024

/*
 * What a run's own table covers, into @o: the measured window of
 * @run_dir/window.json (whole trace when absent) and the started
 * workloads' pids of @run_dir/agent.json (into @roots, at most @max; none
 * when absent). 0, or -EINVAL with @e.
 */
int table_run_scope(const char *run_dir, struct sbt_opts *o, int *roots,
		    size_t max, struct sb_error *e);

/*
 * Find trace.dat or perf.data in @run_dir, read the measured window from
 * @run_dir/window.json ({"start_mono_ns", "end_mono_ns"}; whole trace when
 * absent), and write @run_dir/table.txt and @run_dir/table.json atomically.
 * Returns 0, or a -errno with @e: -EINVAL/-EBADMSG for a missing or bad
 * trace or window, as sbt_analyze(); another for what failed on this host.
 */
int table_for_run(const char *run_dir, struct sb_error *e);

#endif
