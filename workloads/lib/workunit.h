/* SPDX-License-Identifier: GPL-2.0 */
/* A unit of fixed CPU work (a set number of steps), to count work done rather than time passed. */
#ifndef WL_WORKUNIT_H
#define WL_WORKUNIT_H

#include <stdint.h>

/*
 * Steps in one unit unless the caller is given another count: about 20 us
 * of CPU time in the 2-vCPU TCG guests measured (per-run calibrations there
 * gave 11,988-12,301 steps for 20 us, and once 7,101). Fixed, not timed:
 * a unit sized by the speed of the moment makes a figure of that moment,
 * so every run compared must do units of the same size.
 */
#define WL_WORK_UNIT_ITERATIONS 12000

/* One unit: @iterations of a dependent integer mixing chain. */
struct wl_work_unit {
	uint64_t iterations;
	uint64_t cpu_ns; /* what one unit cost here, thread CPU time */
};

/*
 * A unit of @iterations steps (at least one), and what it costs on this
 * thread: the fastest of several timed trials (CPU time, so being preempted
 * while timing does not inflate it). The cost is a figure of this run's
 * speed only; the unit's size never depends on it.
 */
void wl_work_unit_fixed(struct wl_work_unit *u, uint64_t iterations);

/* Do one unit of work. */
void wl_work_unit_do(const struct wl_work_unit *u);

/*
 * Busy for @ns of wall time (CLOCK_MONOTONIC) in whole units, the clock read
 * between units, so the phase ends at most one unit late; stops early like
 * wl_burn_wall_ns(). Adds the units completed to @units; returns the end time.
 */
uint64_t wl_work_wall_ns(const struct wl_work_unit *u, uint64_t ns,
			 uint64_t *units);

#endif
