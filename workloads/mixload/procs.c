// SPDX-License-Identifier: GPL-2.0
/* Renderer process lifecycle; nothing outlives the browser (QUIT, SIGKILL, PDEATHSIG). */
#include "workloads/mixload/procs.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workloads/lib/clock.h"
#include "workloads/lib/stop.h"
#include "workloads/mixload/ipc.h"

#define READY_TIMEOUT_NS (30 * WL_NSEC_PER_SEC)
#define QUIT_TIMEOUT_NS (5 * WL_NSEC_PER_SEC)
#define POLL_NS 100000000LL

static int fork_one(struct mix_procs *p, const struct mix_cfg *cfg,
		    unsigned int i, struct sb_error *e)
{
	pid_t self = getpid(), pid;
	int pair[2], r;

	r = mix_ipc_pair(pair);
	if (r)
		return sb_error_set(e, r, NULL, NULL, NULL, "socketpair: %s",
				    strerror(-r));
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		r = -errno;
		close(pair[0]);
		close(pair[1]);
		return sb_error_set(e, r, NULL, NULL, NULL, "fork: %s",
				    strerror(-r));
	}
	if (!pid) {
		for (unsigned int j = 0; j < i; j++)
			close(p->fds[j]);
		close(pair[0]);
		mix_renderer_main(cfg, i, self, pair[1], &p->outs[i]);
	}
	close(pair[1]);
	p->fds[i] = pair[0];
	p->pids[i] = pid;
	return 0;
}

static int wait_ready(struct mix_procs *p, struct sb_error *e)
{
	uint64_t until = wl_now_ns() + READY_TIMEOUT_NS;
	struct mix_msg m;

	for (unsigned int i = 0; i < p->n; i++) {
		int r = 0;

		while (!r && !wl_stop_requested() && wl_now_ns() < until)
			r = mix_ipc_recv(p->fds[i], &m, POLL_NS);
		if (!r && wl_stop_requested())
			return 1;
		if (r == 1 && m.type == MIX_MSG_READY)
			continue;
		if (r == 1)
			r = -EPROTO;
		return sb_error_set(e, r ? r : -ETIMEDOUT, NULL, NULL, NULL,
				    "renderer %u did not start: %s", i,
				    p->outs[i].err[0] ? p->outs[i].err :
				    r == -EPIPE	      ? "it exited" :
				    r		      ? strerror(-r) :
							"timed out");
	}
	return 0;
}

int mix_procs_start(struct mix_procs *p, const struct mix_cfg *cfg,
		    struct sb_error *e)
{
	size_t len;
	int r = 0;

	memset(p, 0, sizeof(*p));
	p->n = (unsigned int)cfg->renderers;
	len = p->n * sizeof(*p->outs);
	p->pids = calloc(p->n, sizeof(*p->pids));
	p->fds = calloc(p->n, sizeof(*p->fds));
	p->outs = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p->outs == MAP_FAILED)
		p->outs = NULL;
	if (!p->pids || !p->fds || !p->outs) {
		mix_procs_free(p);
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	}
	for (unsigned int i = 0; i < p->n; i++) {
		p->fds[i] = -1;
		mix_renderer_out_init(&p->outs[i]);
	}
	for (unsigned int i = 0; !r && i < p->n; i++)
		r = fork_one(p, cfg, i, e);
	return r ? r : wait_ready(p, e);
}

int mix_procs_go(struct mix_procs *p, uint64_t origin)
{
	for (unsigned int i = 0; i < p->n; i++) {
		int r = mix_ipc_send(p->fds[i], MIX_MSG_START, 0, origin);

		if (r)
			return r;
	}
	return 0;
}

/* Reap what has exited; returns how many are still running. */
static unsigned int reap(struct mix_procs *p, unsigned int *bad, int hang)
{
	unsigned int left = 0;

	for (unsigned int i = 0; i < p->n; i++) {
		int status;
		pid_t r;

		if (!p->pids[i])
			continue;
		r = waitpid(p->pids[i], &status, hang ? 0 : WNOHANG);
		if (r == 0) {
			left++;
			continue;
		}
		if (r < 0 && errno == EINTR) {
			left++;
			continue;
		}
		if (r < 0 || !WIFEXITED(status) || WEXITSTATUS(status) ||
		    !p->outs[i].done)
			(*bad)++;
		p->pids[i] = 0;
	}
	return left;
}

unsigned int mix_procs_stop(struct mix_procs *p)
{
	uint64_t until = wl_now_ns() + QUIT_TIMEOUT_NS;
	unsigned int bad = 0, killed = 0, left;

	for (unsigned int i = 0; i < p->n; i++)
		if (p->pids[i])
			mix_ipc_send(p->fds[i], MIX_MSG_QUIT, 0, 0);
	while ((left = reap(p, &bad, 0)) && wl_now_ns() < until)
		wl_sleep_ns(10000000);
	/* too loaded to get to QUIT in time: said, not a failure */
	p->unanswered = left;
	for (unsigned int i = 0; i < p->n; i++)
		if (p->pids[i])
			kill(p->pids[i], SIGKILL);
	while (reap(p, &killed, 1))
		;
	for (unsigned int i = 0; i < p->n; i++) {
		if (p->fds[i] >= 0)
			close(p->fds[i]);
		p->fds[i] = -1;
	}
	return bad;
}

void mix_procs_free(struct mix_procs *p)
{
	if (p->outs)
		munmap(p->outs, p->n * sizeof(*p->outs));
	free(p->pids);
	free(p->fds);
	memset(p, 0, sizeof(*p));
}
