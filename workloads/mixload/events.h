/* SPDX-License-Identifier: GPL-2.0 */
/* Poisson arrival streams (input events, script bursts, IO completions). */
#ifndef MIX_EVENTS_H
#define MIX_EVENTS_H

#include <stdint.h>

#include "workloads/mixload/rng.h"

#define MIX_NEVER UINT64_MAX

/* Random streams of one seed: one per kind of draw, per renderer. */
enum mix_stream {
	MIX_STREAM_INPUT = 1, /* input arrivals (the checksummed schedule) */
	MIX_STREAM_IO, /* IO completion arrivals */
	MIX_STREAM_BURST, /* + 16 * renderer: script burst arrivals */
	MIX_STREAM_BURST_SIZE, /* + 16 * renderer: tasks per burst */
	MIX_STREAM_SCRIPT, /* + 16 * renderer: script task costs */
	MIX_STREAM_HANDLER, /* + 16 * renderer: input handler costs */
	MIX_STREAM_FRAME, /* + 16 * renderer: per-frame script costs */
};
#define MIX_STREAM_RENDERER(s, idx) ((uint64_t)(s) + 16 * (uint64_t)(idx))

struct mix_poisson {
	struct mix_rng rng;
	double mean_ns; /* mean gap; 0 = no arrivals */
	double t_ns; /* the last arrival, from the origin */
};

/* @rate_per_s arrivals per second on average; 0 gives none ever. */
void mix_poisson_init(struct mix_poisson *p, uint64_t seed, uint64_t stream,
		      double rate_per_s);
/* Offset from the origin of the next arrival, or MIX_NEVER. */
uint64_t mix_poisson_next(struct mix_poisson *p);

/*
 * FNV-1a over the offsets of every arrival of that stream before
 * @horizon_ns; *@n gets their number. Two runs with one seed agree.
 */
uint64_t mix_schedule_checksum(uint64_t seed, uint64_t stream,
			       double rate_per_s, uint64_t horizon_ns,
			       uint64_t *n);

#endif
