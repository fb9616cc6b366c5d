// SPDX-License-Identifier: GPL-2.0
/* A unit of fixed CPU work (a set number of steps), to count work done rather than time passed. */
#include "workloads/lib/clock.h"
#include "workloads/lib/workunit.h"

#define TIMING_TRIALS 5
#define TIMING_MIN_TRIAL_NS 1000000ULL /* each timed trial: at least 1 ms */

static volatile uint64_t sink;

/* xorshift64: each step depends on the last, nothing to hoist or vectorise. */
static uint64_t mix(uint64_t iterations, uint64_t x)
{
	for (uint64_t i = 0; i < iterations; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

void wl_work_unit_do(const struct wl_work_unit *u)
{
	sink = mix(u->iterations, sink | 1);
}

/* Thread CPU time of @iterations steps. */
static uint64_t timed(uint64_t iterations)
{
	uint64_t t0 = wl_thread_cpu_ns();

	sink = mix(iterations, sink | 1);
	return wl_thread_cpu_ns() - t0;
}

void wl_work_unit_fixed(struct wl_work_unit *u, uint64_t iterations)
{
	uint64_t n = 1024, best = 0;

	u->iterations = iterations ? iterations : 1;
	while (timed(n) < TIMING_MIN_TRIAL_NS && n < (1ULL << 40))
		n *= 2;
	for (int i = 0; i < TIMING_TRIALS; i++) {
		uint64_t t = timed(n);

		if (!best || t < best)
			best = t;
	}
	/* cost of one unit = iterations * (best / n), rounded to nearest */
	u->cpu_ns =
		(uint64_t)((double)u->iterations * (double)best / (double)n +
			   0.5);
}

uint64_t wl_work_wall_ns(const struct wl_work_unit *u, uint64_t ns,
			 uint64_t *units)
{
	uint64_t end = wl_now_ns() + ns, now;

	while ((now = wl_now_ns()) < end && !wl_burn_stopped()) {
		wl_work_unit_do(u);
		(*units)++;
	}
	return now;
}
