// SPDX-License-Identifier: GPL-2.0
/* Role entry for threads: comm name, slice with the clamp mirrored, CPU window. */
#include "workloads/mixload/role.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "workloads/lib/clock.h"

void mix_role_warn_clamps(const struct mix_cfg *cfg)
{
	char note[128];
	int clamped;

	for (int r = 0; r < MIX_ROLES; r++) {
		uint64_t got = sb_slice_clamp(cfg->slice_ns[r], &clamped);

		if (clamped)
			fprintf(stderr, "mixload: warning: slice of %s: %s\n",
				mix_role_comm(r),
				sb_slice_clamp_note(cfg->slice_ns[r], got, note,
						    sizeof(note)));
	}
}

int mix_role_enter(const struct mix_cfg *cfg, enum mix_role r,
		   struct wl_slice_info *info, struct sb_error *e)
{
	struct wl_slice_req req = { .set_slice = 1, .batch = cfg->c.batch };
	int clamped, ret;

	if (prctl(PR_SET_NAME, mix_role_comm(r), 0, 0, 0)) {
		ret = -errno;
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "%s: cannot set the thread name: %s",
				    mix_role_comm(r), strerror(-ret));
	}
	req.slice_ns = sb_slice_clamp(cfg->slice_ns[r], &clamped);
	ret = wl_slice_apply(0, &req, info, e);
	if (ret)
		return ret;
	info->requested_ns = cfg->slice_ns[r];
	info->clamped = clamped;
	return 0;
}

void mix_cpu_tick(struct mix_cpu_win *c, const struct mix_window *win,
		  uint64_t now)
{
	if (!c->started && now >= win->start_ns) {
		c->start_ns = wl_thread_cpu_ns();
		c->started = 1;
	}
}

uint64_t mix_cpu_used(const struct mix_cpu_win *c)
{
	return c->started ? wl_thread_cpu_ns() - c->start_ns : 0;
}

void mix_role_add(struct mix_role_stat *s, const struct wl_slice_info *info,
		  uint64_t cpu_ns)
{
	if (!s->threads)
		s->slice = *info;
	s->threads++;
	s->cpu_ns += cpu_ns;
}

void mix_role_merge(struct mix_role_stat *dst, const struct mix_role_stat *src)
{
	if (!src->threads)
		return;
	if (!dst->threads)
		dst->slice = src->slice;
	dst->threads += src->threads;
	dst->cpu_ns += src->cpu_ns;
}
