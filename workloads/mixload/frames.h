/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Frame accounting over the measured window: frame time and deadline misses
 * against a vsync grid, input-to-frame latency, a bounded frame series and
 * per-second intervals. Pure bookkeeping on timestamps, no clocks.
 */
#ifndef MIX_FRAMES_H
#define MIX_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "common/hist.h"

#define MIX_SERIES_MAX 10000
#define MIX_INTERVAL_NS 1000000000ull

/* The measured window [start_ns, end_ns) in CLOCK_MONOTONIC ns. */
struct mix_window {
	uint64_t start_ns;
	uint64_t end_ns;
};

static inline int mix_in_window(const struct mix_window *w, uint64_t t)
{
	return t >= w->start_ns && t < w->end_ns;
}

struct mix_frame_point {
	uint64_t t_ns; /* vsync, from the start of the window */
	uint64_t frame_ns; /* vsync to frame completion */
	int missed;
};

struct mix_interval {
	uint64_t frames;
	uint64_t misses;
	struct sb_hist input;
};

struct mix_frames {
	struct mix_window win;
	uint64_t interval_ns; /* vsync period */
	uint64_t frames, misses, skipped;
	uint64_t last_vsync_ns; /* of the last frame recorded in the window */
	struct sb_hist frame_time, input_latency;
	struct mix_frame_point *series;
	size_t series_n;
	struct mix_interval *iv;
	size_t iv_n;
};

/* Returns 0 or -ENOMEM / -EINVAL (empty window, zero period). */
int mix_frames_init(struct mix_frames *f, struct mix_window win,
		    uint64_t interval_ns);
void mix_frames_free(struct mix_frames *f);

/*
 * The vsync to begin the next frame at, on the grid origin + k * interval,
 * after a frame begun at @vsync completed at @done: the next vsync when on
 * time, else the first vsync at or after @done. *@skipped gets the number
 * of vsyncs passed over.
 */
uint64_t mix_next_vsync(uint64_t origin, uint64_t interval, uint64_t vsync,
			uint64_t done, uint64_t *skipped);

/*
 * Record a frame begun at @vsync and completed at @done, which presents the
 * inputs that arrived at @arrivals[0..n) (handled before @done). Frames with
 * a vsync outside the window, and inputs that arrived before the window
 * (warm-up), are not counted. @skipped vsyncs passed over before this frame
 * are added when it counts. Returns 1 if the frame missed its deadline
 * (done > vsync + interval), else 0.
 */
int mix_frames_record(struct mix_frames *f, uint64_t vsync, uint64_t done,
		      uint64_t skipped, const uint64_t *arrivals, size_t n);

/* Intervals up to the one of the last recorded frame (0 when none). */
size_t mix_frames_intervals_used(const struct mix_frames *f);

#endif
