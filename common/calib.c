// SPDX-License-Identifier: GPL-2.0
/* A fixed calibration loop timed in the guest and on the host: how fast the guest runs. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "common/calib.h"

#define BUF_WORDS (1u << 17) /* 1 MB: beyond L1/L2, and the guest's soft TLB */
#define SYSCALL_EVERY 256u
#define ROUND_TRIPS 50u /* of one byte between two threads over pipes */
/*
 * The loop is timed in CHUNKS pieces (each ROUND_TRIPS round trips or
 * SB_CALIB_ITERATIONS / CHUNKS iterations), each piece many times, and
 * the fastest time of each kind counts: short pieces are seldom
 * interrupted, so the figure holds on a busy host.
 */
#define CHUNKS 10u

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Computation in fixed proportions: integer work (xorshift64), scattered
 * loads and stores over 1 MB, and a system call (getppid) every 256
 * iterations. Under TCG this runs at about 2/3 of host speed.
 */
static uint64_t loop(uint64_t *buf, uint64_t x)
{
	for (unsigned int i = 0; i < SB_CALIB_ITERATIONS / CHUNKS; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[x & (BUF_WORDS - 1)] += x;
		if (!(i % SYSCALL_EVERY))
			x += (uint64_t)syscall(SYS_getppid);
	}
	return x;
}

struct pipes {
	int to[2], back[2];
};

static void *echo(void *arg)
{
	struct pipes *p = arg;
	char c;

	while (read(p->to[0], &c, 1) == 1 && write(p->back[1], &c, 1) == 1)
		;
	return NULL;
}

/*
 * Wakeups and context switches, what a scheduler benchmark is made of and
 * what emulation slows down most: ROUND_TRIPS byte round trips to a thread,
 * both on the caller's CPU (across vCPUs the time would depend on where
 * the scheduler put them).
 */
static int ping_pong(void)
{
	struct pipes p;
	pthread_t t;
	cpu_set_t saved, one;
	char c = 'x';
	int ok, started;

	if (sched_getaffinity(0, sizeof(saved), &saved))
		return -1;
	CPU_ZERO(&one); /* both threads on one CPU: no cross-CPU wakeups */
	CPU_SET(sched_getcpu() < 0 ? 0 : sched_getcpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one) || pipe(p.to)) {
		sched_setaffinity(0, sizeof(saved), &saved);
		return -1;
	}
	if (pipe(p.back)) {
		close(p.to[0]);
		close(p.to[1]);
		sched_setaffinity(0, sizeof(saved), &saved);
		return -1;
	}
	started = !pthread_create(&t, NULL, echo, &p);
	ok = started;
	for (unsigned int i = 0; ok && i < ROUND_TRIPS; i++)
		ok = write(p.to[1], &c, 1) == 1 && read(p.back[0], &c, 1) == 1;
	close(p.to[1]); /* the echo thread's read ends */
	if (started)
		pthread_join(t, NULL);
	close(p.to[0]);
	close(p.back[0]);
	close(p.back[1]);
	sched_setaffinity(0, sizeof(saved), &saved);
	return ok ? 0 : -1;
}

/* The fastest of @n runs of @fn, in ns. */
static uint64_t fastest(unsigned int n, int (*fn)(void *), void *arg)
{
	uint64_t best = UINT64_MAX;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t t0 = now_ns();

		if (fn(arg))
			return 0;
		t0 = now_ns() - t0;
		best = t0 < best ? t0 : best;
	}
	return best;
}

struct work {
	uint64_t *buf;
	uint64_t x;
};

static int compute_chunk(void *arg)
{
	struct work *w = arg;

	w->x = loop(w->buf, w->x + 1);
	return 0;
}

static int ping_pong_chunk(void *arg)
{
	(void)arg;
	return ping_pong();
}

uint64_t sb_calib_loop_ns(unsigned int tries)
{
	static volatile uint64_t sink;
	struct work w = { calloc(BUF_WORDS, sizeof(uint64_t)), sink };
	uint64_t a, b;

	if (!w.buf)
		return 0;
	a = fastest(tries * CHUNKS, compute_chunk, &w);
	b = fastest(tries * CHUNKS, ping_pong_chunk, NULL);
	sink = w.x;
	free(w.buf);
	return a && b ? CHUNKS * (a + b) : 0;
}
