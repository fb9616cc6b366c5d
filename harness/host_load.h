/* SPDX-License-Identifier: GPL-2.0 */
/* The host's load over one VM run: load average, busy and stolen share of its CPUs, and how much of it the run itself took. */
#ifndef SB_HOST_LOAD_H
#define SB_HOST_LOAD_H

#include <jansson.h>

#include "harness/preflight.h"

/* What is read at each end of a run. */
struct host_load_mark {
	struct preflight_ticks ticks; /* the /proc/stat "cpu " line */
	double loadavg; /* 1 minute; -1 unknown */
	double own_s; /* CPU seconds of this process and its waited children */
};

/* This host now into @m. Returns 0, or -errno when /proc/stat is unreadable. */
int host_load_mark(struct host_load_mark *m);

/*
 * The "host_load" object of a run's manifest between @a (its start) and @b
 * (its end), with @hz ticks a second: {"loadavg_start", "loadavg_end",
 * "busy_pct", "steal_pct", "own_pct", "others_pct"}, shares of all the
 * host's CPUs' time; "others_pct" is the busy share less this run's own
 * (QEMU, the tool). NULL when no tick passed between the two.
 */
json_t *host_load_json(const struct host_load_mark *a,
		       const struct host_load_mark *b, double hz);

#endif
