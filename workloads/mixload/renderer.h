/* SPDX-License-Identifier: GPL-2.0 */
/* A renderer process: mix-rmain event loop (script, input, frames) and mix-raster workers. */
#ifndef MIX_RENDERER_H
#define MIX_RENDERER_H

#include <stdint.h>
#include <sys/types.h>

#include "common/hist.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/role.h"

/* What a renderer leaves in memory shared with the browser. */
struct mix_renderer_out {
	struct sb_hist task_delay; /* mix-rmain queueing delay, in window */
	uint64_t tasks; /* tasks run that were posted in the window */
	uint64_t frames; /* frames answered */
	struct mix_role_stat rmain, raster;
	int done; /* the fields above are complete */
	int status; /* 0, or -errno with @err */
	char err[192];
};

/* Prepare @out before the fork. */
void mix_renderer_out_init(struct mix_renderer_out *out);

/*
 * The body of renderer @idx in a child forked from the browser @parent:
 * talks over @fd, reports into @out, and exits the process (0 ok, 3 error).
 * Dies with the browser (PR_SET_PDEATHSIG).
 */
void mix_renderer_main(const struct mix_cfg *cfg, unsigned int idx,
		       pid_t parent, int fd, struct mix_renderer_out *out)
	__attribute__((noreturn));

#endif
