// SPDX-License-Identifier: GPL-2.0
/* Frame deadline and input-to-frame latency bookkeeping (see frames.h). */
#include "workloads/mixload/frames.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int mix_frames_init(struct mix_frames *f, struct mix_window win,
		    uint64_t interval_ns)
{
	memset(f, 0, sizeof(*f));
	if (win.end_ns <= win.start_ns || !interval_ns)
		return -EINVAL;
	f->win = win;
	f->interval_ns = interval_ns;
	sb_hist_init(&f->frame_time);
	sb_hist_init(&f->input_latency);
	f->iv_n = (win.end_ns - win.start_ns + MIX_INTERVAL_NS - 1) /
		  MIX_INTERVAL_NS;
	f->iv = calloc(f->iv_n, sizeof(*f->iv));
	f->series = calloc(MIX_SERIES_MAX, sizeof(*f->series));
	if (!f->iv || !f->series) {
		mix_frames_free(f);
		return -ENOMEM;
	}
	for (size_t i = 0; i < f->iv_n; i++)
		sb_hist_init(&f->iv[i].input);
	return 0;
}

void mix_frames_free(struct mix_frames *f)
{
	free(f->iv);
	free(f->series);
	f->iv = NULL;
	f->series = NULL;
	f->iv_n = 0;
	f->series_n = 0;
}

uint64_t mix_next_vsync(uint64_t origin, uint64_t interval, uint64_t vsync,
			uint64_t done, uint64_t *skipped)
{
	uint64_t next = vsync + interval;

	*skipped = 0;
	if (done > next) {
		uint64_t k = (done - origin + interval - 1) / interval;
		uint64_t late = origin + k * interval;

		*skipped = (late - next) / interval;
		next = late;
	}
	return next;
}

int mix_frames_record(struct mix_frames *f, uint64_t vsync, uint64_t done,
		      uint64_t skipped, const uint64_t *arrivals, size_t n)
{
	uint64_t frame_ns = done > vsync ? done - vsync : 0;
	int missed = frame_ns > f->interval_ns;
	struct mix_interval *iv;

	if (!mix_in_window(&f->win, vsync))
		return missed;
	iv = &f->iv[(vsync - f->win.start_ns) / MIX_INTERVAL_NS];
	f->frames++;
	f->misses += missed;
	f->skipped += skipped;
	f->last_vsync_ns = vsync;
	iv->frames++;
	iv->misses += missed;
	sb_hist_add(&f->frame_time, frame_ns);
	if (f->series_n < MIX_SERIES_MAX) {
		struct mix_frame_point *p = &f->series[f->series_n++];

		p->t_ns = vsync - f->win.start_ns;
		p->frame_ns = frame_ns;
		p->missed = missed;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t lat = done > arrivals[i] ? done - arrivals[i] : 0;

		if (arrivals[i] < f->win.start_ns)
			continue;
		sb_hist_add(&f->input_latency, lat);
		sb_hist_add(&iv->input, lat);
	}
	return missed;
}

size_t mix_frames_intervals_used(const struct mix_frames *f)
{
	if (!f->frames)
		return 0;
	return (f->last_vsync_ns - f->win.start_ns) / MIX_INTERVAL_NS + 1;
}
