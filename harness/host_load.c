// SPDX-License-Identifier: GPL-2.0
/* The host's load over one VM run: load average, busy and stolen share of its CPUs, and how much of it the run itself took. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "common/atomicio.h"
#include "harness/host_load.h"

static double cpu_s(int who)
{
	struct rusage u;

	if (getrusage(who, &u))
		return 0;
	return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
	       (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

int host_load_mark(struct host_load_mark *m)
{
	char *text;
	size_t len;
	int r = sb_read_file("/proc/stat", &text, &len);

	if (r)
		return r;
	r = preflight_ticks(text, -1, &m->ticks) ? -EINVAL : 0;
	free(text);
	m->loadavg = -1;
	if (!sb_read_file("/proc/loadavg", &text, &len)) {
		if (sscanf(text, "%lf", &m->loadavg) != 1)
			m->loadavg = -1;
		free(text);
	}
	m->own_s = cpu_s(RUSAGE_SELF) + cpu_s(RUSAGE_CHILDREN);
	return r;
}

static json_t *load_or_null(double v)
{
	return v >= 0 ? json_real(v) : json_null();
}

json_t *host_load_json(const struct host_load_mark *a,
		       const struct host_load_mark *b, double hz)
{
	double total, busy, own;

	if (b->ticks.total <= a->ticks.total || b->ticks.busy < a->ticks.busy ||
	    b->ticks.steal < a->ticks.steal || !(hz > 0))
		return NULL;
	total = (double)(b->ticks.total - a->ticks.total);
	busy = 100 * (double)(b->ticks.busy - a->ticks.busy) / total;
	own = fmin(100 * (b->own_s - a->own_s) * hz / total, busy);
	return json_pack(
		"{s:o,s:o,s:f,s:f,s:f,s:f}", "loadavg_start",
		load_or_null(a->loadavg), "loadavg_end",
		load_or_null(b->loadavg), "busy_pct", busy, "steal_pct",
		100 * (double)(b->ticks.steal - a->ticks.steal) / total,
		"own_pct", fmax(own, 0), "others_pct", busy - fmax(own, 0));
}
