/* SPDX-License-Identifier: GPL-2.0 */
/* Trace readers feeding the core: trace.dat (libtracecmd) and perf.data (perf script). */
#ifndef SB_SBT_READ_H
#define SB_SBT_READ_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"

/*
 * Feed every scheduler event of the trace at @path into @s; the format is
 * told by the file's magic. *@recorder becomes "trace-cmd" or "perf".
 * Returns 0, SB_EXIT_USAGE (unreadable, truncated or corrupt file) or
 * SB_EXIT_ENV (perf missing, out of memory), with a one-line @err.
 */
int sbt_read_trace(struct sbt *s, const char *path, const char **recorder,
		   char *err, size_t errlen);

/* Called first in the child that probes a trace.dat's headers, when the
 * program defines it: the fuzz harness, whose crash handlers would count the
 * child's expected death (libtraceevent on corrupt formats) as its own. */
void sbt_probe_child_hook(void) __attribute__((weak));

/* The format readers behind it, same contract. */
int sbt_read_tracedat(struct sbt *s, const char *path, char *err,
		      size_t errlen);
int sbt_read_perfdata(struct sbt *s, const char *path, char *err,
		      size_t errlen);

#define SBT_MAX_CPUS 4096

struct sbt_tracedat_layout {
	int ncpus; /* -1: not a v6 flyrecord file (left to libtracecmd) */
	uint32_t page_size;
	uint64_t off[SBT_MAX_CPUS], size[SBT_MAX_CPUS]; /* per-CPU pages */
};

/* Walk a v6 trace.dat header with bounds checks and fill @l. Returns 0, or
 * SB_EXIT_USAGE with a one-line @err naming what is cut short. */
int sbt_tracedat_layout(const char *path, struct sbt_tracedat_layout *l,
			char *err, size_t errlen);

/* Parse one line of `perf script -F tid,cpu,time,event,trace --ns` into
 * @ev (strings point into @line, which is modified). Returns 1 for a
 * scheduler event, 0 for a line to skip, -EINVAL for a malformed one. */
int sbt_parse_perf_line(char *line, struct sbt_event *ev);

/* "1234.567890" (trace seconds, up to 9 decimals) into ns. 0 or -EINVAL. */
int sbt_parse_seconds(const char *s, uint64_t *ns);

#endif
