/* SPDX-License-Identifier: GPL-2.0 */
/* Clocks in u64 nanoseconds, sleeps, busy loops, one-second intervals. */
#ifndef WL_CLOCK_H
#define WL_CLOCK_H

#include <stdatomic.h>
#include <stdint.h>

#define WL_NSEC_PER_SEC 1000000000ULL

/* CLOCK_MONOTONIC now. */
uint64_t wl_now_ns(void);
/* CPU time of the calling thread / of the whole process. */
uint64_t wl_thread_cpu_ns(void);
uint64_t wl_process_cpu_ns(void);

/*
 * Sleep until CLOCK_MONOTONIC time @t_ns (TIMER_ABSTIME). Returns 0, or
 * -EINTR when a signal arrived first (the caller checks its stop flag).
 */
int wl_sleep_until_ns(uint64_t t_ns);
/* Relative sleep of @ns; same return values. */
int wl_sleep_ns(uint64_t ns);

/*
 * Busy-loop for @ns of wall time (CLOCK_MONOTONIC), the classic
 * massive_intr "work": time spent preempted counts. Returns the end time.
 */
uint64_t wl_burn_wall_ns(uint64_t ns);
/*
 * Busy-loop until this thread has used @ns more CPU time (checked with
 * CLOCK_THREAD_CPUTIME_ID every few microseconds of spinning), so a
 * preempted task still does the same amount of work.
 */
void wl_burn_cpu_ns(uint64_t ns);
/* Stop busy loops early: checked at every clock read. NULL = never. */
void wl_burn_set_stop(const atomic_int *stop);
/* Non-zero once that flag is raised (for busy loops elsewhere). */
int wl_burn_stopped(void);

/* One-second intervals of a measured window (the "intervals" arrays). */
/* Number of intervals covering @window_ns (at least 1). */
unsigned int wl_intervals_n(uint64_t window_ns);
/* Interval of @t_ns for a window starting at @start_ns, clamped to
 * [0, @n - 1]. */
unsigned int wl_interval_index(uint64_t t_ns, uint64_t start_ns,
			       unsigned int n);

#endif
