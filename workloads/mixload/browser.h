/* SPDX-License-Identifier: GPL-2.0 */
/* The browser process: mix-ui event loop, mix-io completions, mix-comp frames. */
#ifndef MIX_BROWSER_H
#define MIX_BROWSER_H

#include <pthread.h>
#include <stdint.h>

#include "common/hist.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/frames.h"
#include "workloads/mixload/role.h"
#include "workloads/mixload/taskq.h"

struct mix_browser {
	const struct mix_cfg *cfg;
	const int *fds; /* one socket per renderer */
	unsigned int n_fds;
	uint64_t origin; /* first vsync; warm-up starts here */
	struct mix_window win;

	pthread_mutex_t lock; /* the UI loop's queue */
	pthread_cond_t cond;
	struct mix_taskq ui_q;

	pthread_mutex_t in_lock; /* inputs handled, not yet in a frame */
	struct mix_taskq presented;

	struct mix_frames frames; /* written by mix-comp only */
	/* frames the renderers had not answered when the window ended and
	 * their deadline passed: counted as missed (mix-comp only) */
	uint64_t stalled_frames;
	struct sb_hist ui_delay; /* written by mix-ui only */
	uint64_t ui_tasks, inputs_handled;
	struct mix_role_stat roles[MIX_ROLE_COMP + 1]; /* ui, io, comp */

	int failed; /* first failure, under @lock */
	struct sb_error err; /* its message */
};

/* Returns 0 or -errno (-EINVAL: empty window). */
int mix_browser_init(struct mix_browser *b, const struct mix_cfg *cfg,
		     const int *fds, unsigned int n_fds, uint64_t origin);
void mix_browser_free(struct mix_browser *b);

/*
 * Run the browser: the calling thread becomes mix-ui, mix-io and mix-comp
 * are started, all run until the window ends or a stop is requested.
 * Returns 0, or -errno with b->err set (b->failed).
 */
int mix_browser_run(struct mix_browser *b);

#endif
