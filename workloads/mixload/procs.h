/* SPDX-License-Identifier: GPL-2.0 */
/* The renderer processes: fork with a socket each, start them together, reap them. */
#ifndef MIX_PROCS_H
#define MIX_PROCS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/error.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/renderer.h"

struct mix_procs {
	unsigned int n;
	pid_t *pids; /* 0: not running */
	int *fds; /* the browser's ends */
	struct mix_renderer_out *outs; /* shared memory, n entries */
	/* renderers still running QUIT_TIMEOUT_NS after QUIT, then killed:
	 * their own figures are lost (mix_procs_stop) */
	unsigned int unanswered;
};

/*
 * Fork cfg->renderers renderers and wait until all are READY.
 * Returns 0, 1 when a stop came first, or -errno with @e filled. On failure
 * the caller still calls mix_procs_stop().
 */
int mix_procs_start(struct mix_procs *p, const struct mix_cfg *cfg,
		    struct sb_error *e);

/* Send START with the run's origin to every renderer. Returns 0 or -errno. */
int mix_procs_go(struct mix_procs *p, uint64_t origin);

/*
 * Ask every renderer to QUIT, wait up to a few seconds, then SIGKILL and
 * reap whatever is left (counted in @p->unanswered: an overloaded renderer
 * is not a failed one); close the sockets. Returns the number of renderers
 * that exited before without finishing cleanly (their out->done unset or
 * a non-zero exit).
 */
unsigned int mix_procs_stop(struct mix_procs *p);

/* Unmap the shared outputs. */
void mix_procs_free(struct mix_procs *p);

#endif
