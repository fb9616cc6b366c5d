/* SPDX-License-Identifier: GPL-2.0 */
/* A unit of fixed CPU work, calibrated once, to count work done rather than time passed. */
#ifndef WL_WORKUNIT_H
#define WL_WORKUNIT_H

#include <stdint.h>

/* One unit: @iterations of a dependent integer mixing chain. */
struct wl_work_unit {
	uint64_t iterations;
	uint64_t cpu_ns; /* what one unit cost when calibrated, thread CPU time */
};

/*
 * Size a unit to take about @target_ns of this thread's CPU time: the
 * fastest of several timed trials (CPU time, so being preempted while
 * calibrating does not inflate it). Fills @u; at least one iteration.
 */
void wl_work_unit_calibrate(struct wl_work_unit *u, uint64_t target_ns);

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
