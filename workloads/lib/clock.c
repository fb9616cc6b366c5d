// SPDX-License-Identifier: GPL-2.0
/* Clocks, sleeps and busy loops in u64 nanoseconds. */
#include <stdatomic.h>
#include <errno.h>
#include <time.h>

#include "workloads/lib/clock.h"

/* Spins between two CPU-clock reads (a syscall each): a few microseconds. */
#define CPU_CHECK_SPINS 2000

static const atomic_int *burn_stop;

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * WL_NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

uint64_t wl_now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

uint64_t wl_thread_cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

uint64_t wl_process_cpu_ns(void)
{
	return clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

int wl_sleep_until_ns(uint64_t t_ns)
{
	struct timespec ts = { .tv_sec = (time_t)(t_ns / WL_NSEC_PER_SEC),
			       .tv_nsec = (long)(t_ns % WL_NSEC_PER_SEC) };

	return -clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

int wl_sleep_ns(uint64_t ns)
{
	return wl_sleep_until_ns(wl_now_ns() + ns);
}

void wl_burn_set_stop(const atomic_int *stop)
{
	burn_stop = stop;
}

int wl_burn_stopped(void)
{
	return burn_stop && atomic_load(burn_stop);
}

uint64_t wl_burn_wall_ns(uint64_t ns)
{
	uint64_t end = wl_now_ns() + ns, now;

	while ((now = wl_now_ns()) < end && !wl_burn_stopped())
		;
	return now;
}

void wl_burn_cpu_ns(uint64_t ns)
{
	uint64_t end = wl_thread_cpu_ns() + ns;

	while (wl_thread_cpu_ns() < end && !wl_burn_stopped())
		for (unsigned int i = 0; i < CPU_CHECK_SPINS; i++)
			__asm__ __volatile__("" : : "r"(i));
}

unsigned int wl_intervals_n(uint64_t window_ns)
{
	uint64_t n = (window_ns + WL_NSEC_PER_SEC - 1) / WL_NSEC_PER_SEC;

	return n ? (unsigned int)n : 1;
}

unsigned int wl_interval_index(uint64_t t_ns, uint64_t start_ns, unsigned int n)
{
	uint64_t i = t_ns > start_ns ? (t_ns - start_ns) / WL_NSEC_PER_SEC : 0;

	return i < n ? (unsigned int)i : n - 1;
}
