/* SPDX-License-Identifier: GPL-2.0 */
/* What `slicebench table` makes of its trace before and after reading it: a regular file, a run's own scope, a window inside the trace. */
#ifndef SB_TABLE_INPUT_H
#define SB_TABLE_INPUT_H

#include "analyzer/sbt.h"
#include "analyzer/sbt_table.h"
#include "analyzer/table_run.h"

/*
 * The trace must be a regular file (read at offsets of its own headers): a
 * directory or a FIFO would fail later with words about the format. 0, or
 * SB_EXIT_USAGE said on stderr with what to give instead.
 */
int table_check_input(const char *path);

/*
 * A trace in a run directory (window.json beside it) gets the run's own
 * window and workloads into @core (the pids into @roots), as the run's
 * table.txt has them (the command asks unless a window or --whole-trace is
 * given). 0, or SB_EXIT_USAGE said on stderr.
 */
int table_run_default_scope(const char *path, struct sbt_opts *core,
			    int roots[TABLE_MAX_WORKLOAD_PIDS]);

/*
 * --since/--until (@w) wholly outside the trace @path read into @t: an
 * empty table would look like a quiet system. 0, or SB_EXIT_USAGE said on
 * stderr with the trace's window.
 */
int table_check_window(const char *path, const struct sbt_opts *w,
		       const struct sbt_table *t);

#endif
