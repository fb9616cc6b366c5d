/* SPDX-License-Identifier: GPL-2.0 */
/* A thread taking on a role: its comm name, its slice, its CPU time in the window. */
#ifndef MIX_ROLE_H
#define MIX_ROLE_H

#include <stdint.h>

#include "workloads/lib/slice.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/frames.h"

/* Per role: threads, their CPU time in the window, the slice they got. */
struct mix_role_stat {
	uint64_t threads;
	uint64_t cpu_ns;
	struct wl_slice_info slice; /* of the first thread of the role */
};

/* Warn once per role whose slice the kernel will clamp. */
void mix_role_warn_clamps(const struct mix_cfg *cfg);

/*
 * Name the calling thread after @r and apply the role's slice (the clamp is
 * applied here, silently: mix_role_warn_clamps() warned already).
 * Returns 0 or -errno with @e filled.
 */
int mix_role_enter(const struct mix_cfg *cfg, enum mix_role r,
		   struct wl_slice_info *info, struct sb_error *e);

/* CPU time of the calling thread from the start of the window on. */
struct mix_cpu_win {
	uint64_t start_ns;
	int started;
};

/* Call often: takes the start snapshot once @now is inside @win. */
void mix_cpu_tick(struct mix_cpu_win *c, const struct mix_window *win,
		  uint64_t now);
/* CPU time used since the snapshot (0 when the window never started). */
uint64_t mix_cpu_used(const struct mix_cpu_win *c);

/* Add one thread with @info and @cpu_ns to @s. */
void mix_role_add(struct mix_role_stat *s, const struct wl_slice_info *info,
		  uint64_t cpu_ns);
/* Add the threads of @src to @dst. */
void mix_role_merge(struct mix_role_stat *dst, const struct mix_role_stat *src);

#endif
