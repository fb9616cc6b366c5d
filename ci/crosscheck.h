/* SPDX-License-Identifier: GPL-2.0 */
/* Three ways to see one delay: the trace's sum delay against the kernel's schedstat run_delay, sched_wakeup-based waits, and cyclic's own latency. */
#ifndef CI_CROSSCHECK_H
#define CI_CROSSCHECK_H

#include <stddef.h>
#include <stdio.h>

#include "ci/columns.h"

#define CI_XCHECK_MAX 32
/* Two figures of one delay further apart than this are warned about. */
#define CI_XCHECK_LIMIT_PCT 10.0
/*
 * Waits from sched_waking exceed those from sched_wakeup by the wakeup path
 * (try_to_wake_up up to the enqueue): about a microsecond natively, 22 us
 * a wait in the default scenario's virtual-time guest, 30-35 us under
 * plain TCG (docs/host-mode.md). A mean gap past this is no wakeup path.
 */
#define CI_XCHECK_WAKEUP_PATH_US 200.0

/* One workload group's delay, summed over a column's runs; NAN: unknown. */
struct ci_xcheck {
	char group[64];
	double trace_ms; /* the table's sum delay (waits as the table counts) */
	double wakeup_ms; /* the same from sched_wakeup (tables from waking) */
	double waits; /* the waits the trace's sum delay counts */
	double schedstat_ms; /* run_delay over the window, the same tasks */
	unsigned int tasks; /* the group's tasks (pids), over the runs */
	unsigned int sampled; /* of them, sampled at or after the window's end */
	double own_ms; /* the workload's own wakeup latency (cyclic) */
};

/*
 * The workload groups (table.json "workload": true) of @col's runs with
 * their figures: schedstat.json's run_delay at the window end less that
 * at its start (from zero for a task born later) for the group's pids,
 * and a cyclic workload's latency (avg x count) for the group whose tasks
 * are all its. A figure one run lacks is unknown for the column. Returns
 * the count, at most @max.
 */
size_t ci_xcheck_of(const struct ci_column *col, struct ci_xcheck *out,
		    size_t max);

/* |@a / @b - 1| in % into *@pct; 1 when above @limit_pct, 0 when within
 * or when either is not a positive number (nothing to compare). */
int ci_xcheck_differ(double a, double b, double limit_pct, double *pct);

/*
 * One "cross-check: GROUP: ..." line per group with the figures, their
 * ratios and the wakeup path a wait (waking less wakeup over the waits),
 * then a "WARNING: cross-check: ..." line, with both figures, for: trace
 * and schedstat further apart than CI_XCHECK_LIMIT_PCT (compared only when
 * every task was sampled at the window's end, else the line says how many
 * were); waits from sched_wakeup past those from sched_waking by more than
 * that (a wakeup comes after its waking); a wakeup path longer than
 * CI_XCHECK_WAKEUP_PATH_US a wait.
 */
void ci_xcheck_print(FILE *f, const struct ci_xcheck *x, size_t n);

#endif
