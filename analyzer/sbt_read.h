/* SPDX-License-Identifier: GPL-2.0 */
/* Trace readers feeding the core: trace.dat (libtracecmd, own page reader) and perf.data (own reader, libtraceevent formats). */
#ifndef SB_SBT_READ_H
#define SB_SBT_READ_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"
#include "common/error.h"

/*
 * Feed every scheduler event of the trace at @path into @s; the format is
 * told by the file's magic. *@recorder becomes "trace-cmd" or "perf".
 * Returns 0, or with @e naming the file: -EINVAL (cannot be opened or not
 * a trace), -EBADMSG (truncated, corrupt or of a kind refused), or another
 * -errno (out of memory, an I/O error, no child for a probe).
 */
int sbt_read_trace(struct sbt *s, const char *path, const char **recorder,
		   struct sb_error *e);

/* Run @fn(@arg) in a child (stderr to /dev/null): 0 when it returned 0, 1
 * when it failed or died (under ASan a crash is an exit code, not a
 * signal), -errno when no child could run. For parses that libtraceevent
 * may crash on: it trusts the event formats a file carries. */
int sbt_survives(int (*fn)(void *arg), void *arg);

/* The format readers behind it, same contract. */
int sbt_read_tracedat(struct sbt *s, const char *path, struct sb_error *e);
int sbt_read_perfdata(struct sbt *s, const char *path, struct sb_error *e);

#define SBT_MAX_CPUS 4096

struct sbt_tracedat_layout {
	int ncpus; /* -1: not a v6 flyrecord file (left to libtracecmd) */
	uint32_t page_size;
	uint64_t off[SBT_MAX_CPUS], size[SBT_MAX_CPUS]; /* per-CPU pages */
};

/* Walk a v6 trace.dat header with bounds checks and fill @l. Returns 0,
 * -EINVAL (cannot be opened) or -EBADMSG with @e naming what is cut short. */
int sbt_tracedat_layout(const char *path, struct sbt_tracedat_layout *l,
			struct sb_error *e);

/* "1234.567890" (trace seconds, up to 9 decimals) into ns. 0 or -EINVAL. */
int sbt_parse_seconds(const char *s, uint64_t *ns);

#endif
