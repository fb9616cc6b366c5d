// SPDX-License-Identifier: GPL-2.0
/* Browser threads: UI loop (input + IO tasks), IO completions, compositor frames. */
#include "workloads/mixload/browser.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/array.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/stop.h"
#include "workloads/mixload/events.h"
#include "workloads/mixload/ipc.h"

#define WAIT_MAX_NS 100000000ull /* re-check the stop flag this often */
#define IO_BYTES 512

int mix_browser_init(struct mix_browser *b, const struct mix_cfg *cfg,
		     const int *fds, unsigned int n_fds, uint64_t origin)
{
	pthread_condattr_t ca;
	int r;

	memset(b, 0, sizeof(*b));
	b->cfg = cfg;
	b->fds = fds;
	b->n_fds = n_fds;
	b->origin = origin;
	b->win.start_ns = wl_common_measure(&cfg->c, origin);
	b->win.end_ns = b->win.start_ns + cfg->c.duration_ns;
	r = mix_frames_init(&b->frames, b->win,
			    WL_NSEC_PER_SEC / (uint64_t)cfg->fps);
	if (r)
		return r;
	pthread_mutex_init(&b->lock, NULL);
	pthread_mutex_init(&b->in_lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&b->cond, &ca);
	pthread_condattr_destroy(&ca);
	mix_taskq_init(&b->ui_q);
	mix_taskq_init(&b->presented);
	sb_hist_init(&b->ui_delay);
	return 0;
}

void mix_browser_free(struct mix_browser *b)
{
	mix_frames_free(&b->frames);
	mix_taskq_free(&b->ui_q);
	mix_taskq_free(&b->presented);
	pthread_cond_destroy(&b->cond);
	pthread_mutex_destroy(&b->lock);
	pthread_mutex_destroy(&b->in_lock);
}

/* Record the first failure ("@who: @why") and stop the run. */
static void fail(struct mix_browser *b, const char *who, const char *why)
{
	pthread_mutex_lock(&b->lock);
	if (!b->failed) {
		sb_error_set(&b->err, -EIO, NULL, NULL, NULL, "%s: %s", who,
			     why);
		b->failed = 1;
	}
	pthread_cond_broadcast(&b->cond);
	pthread_mutex_unlock(&b->lock);
	wl_stop_request();
}

/* fail() for renderer @i. */
static void fail_renderer(struct mix_browser *b, const char *who,
			  unsigned int i, const char *why)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "renderer %u: %s", i, why);
	fail(b, who, msg);
}

static int stopping(struct mix_browser *b, uint64_t now)
{
	return wl_stop_requested() || now >= b->win.end_ns;
}

static void post_ui(struct mix_browser *b, const struct mix_task *t)
{
	int r;

	pthread_mutex_lock(&b->lock);
	r = mix_taskq_push(&b->ui_q, t);
	pthread_cond_signal(&b->cond);
	pthread_mutex_unlock(&b->lock);
	if (r)
		fail(b, "mix-io", strerror(-r));
}

/* mix-io: blocking pipe round trips at Poisson times, each posting a UI task. */
static void *io_main(void *arg)
{
	struct mix_browser *b = arg;
	struct wl_slice_info slice;
	struct mix_cpu_win cpu = { 0 };
	struct mix_poisson arrivals;
	char buf[IO_BYTES] = { 0 };
	struct sb_error e;
	uint64_t next;
	int p[2] = { -1, -1 };

	if (mix_role_enter(b->cfg, MIX_ROLE_IO, &slice, &e)) {
		fail(b, mix_role_comm(MIX_ROLE_IO), e.msg);
		return NULL;
	}
	if (pipe(p)) {
		fail(b, "mix-io: pipe", strerror(errno));
		return NULL;
	}
	mix_poisson_init(&arrivals, (uint64_t)b->cfg->c.seed, MIX_STREAM_IO,
			 1e9 / (double)b->cfg->io_interval_ns);
	next = b->origin + mix_poisson_next(&arrivals);
	while (next < b->win.end_ns && !wl_stop_requested()) {
		struct mix_task t = { .kind = MIX_TASK_IO,
				      .cost_ns = b->cfg->io_work_ns };

		if (wl_sleep_until_ns(next))
			continue;
		mix_cpu_tick(&cpu, &b->win, wl_now_ns());
		if (write(p[1], buf, sizeof(buf)) != sizeof(buf) ||
		    read(p[0], buf, sizeof(buf)) != sizeof(buf)) {
			fail(b, "mix-io", "pipe round trip failed");
			break;
		}
		t.post_ns = wl_now_ns();
		post_ui(b, &t);
		next = b->origin + mix_poisson_next(&arrivals);
	}
	close(p[0]);
	close(p[1]);
	mix_role_add(&b->roles[MIX_ROLE_IO], &slice, mix_cpu_used(&cpu));
	return NULL;
}

/*
 * Wait for every renderer's FRAME_DONE of @seq, due by @deadline. Returns
 * 0, 1 when the run is stopping, 2 when the window has ended and the frame
 * is past its deadline (renderers too loaded to answer: a stalled frame,
 * counted as missed, never a failure), or -1 after fail().
 */
static int wait_frame(struct mix_browser *b, uint64_t seq, uint64_t deadline,
		      char *got)
{
	unsigned int left = b->n_fds;
	struct mix_msg m;

	memset(got, 0, b->n_fds);
	while (left) {
		uint64_t now = wl_now_ns();
		int progress = 0;

		if (wl_stop_requested())
			return 1;
		if (now >= b->win.end_ns && now > deadline)
			return 2;
		for (unsigned int i = 0; i < b->n_fds; i++) {
			int r;

			if (got[i])
				continue;
			r = mix_ipc_recv(b->fds[i], &m, 0);
			if (r == -EPIPE && wl_stop_requested())
				return 1;
			if (r < 0) {
				fail_renderer(b, "mix-comp", i,
					      r == -EPIPE ? "exited" :
							    strerror(-r));
				return -1;
			}
			if (r == 1 && m.type == MIX_MSG_FRAME_DONE &&
			    m.seq == seq) {
				got[i] = 1;
				left--;
				progress = 1;
			}
		}
		if (left && !progress) {
			struct pollfd pf[MIX_RENDERERS_MAX];
			unsigned int n = 0;

			for (unsigned int i = 0; i < b->n_fds; i++)
				if (!got[i])
					pf[n++] = (struct pollfd){
						.fd = b->fds[i],
						.events = POLLIN
					};
			poll(pf, n, (int)(WAIT_MAX_NS / 1000000));
		}
	}
	return 0;
}

/* Inputs handled so far, moved into @arr (grown as needed). */
static size_t take_presented(struct mix_browser *b, uint64_t **arr, size_t *cap)
{
	struct mix_task t;
	size_t n = 0;
	uint64_t *a;

	pthread_mutex_lock(&b->in_lock);
	a = sb_array_grow(*arr, cap, b->presented.n, sizeof(*a));
	if (!a) /* out of memory: what fits, the rest waits for the next frame */
		a = *arr;
	*arr = a;
	while (a && n < *cap && mix_taskq_pop(&b->presented, &t))
		a[n++] = t.arg;
	pthread_mutex_unlock(&b->in_lock);
	return n;
}

/* mix-comp: a frame per vsync: renderers, then compositing, then accounting. */
static void *comp_main(void *arg)
{
	struct mix_browser *b = arg;
	const uint64_t interval = b->frames.interval_ns;
	uint64_t vsync = b->origin, seq = 0, skipped = 0, *arr = NULL;
	struct wl_slice_info slice;
	struct mix_cpu_win cpu = { 0 };
	char got[MIX_RENDERERS_MAX];
	struct sb_error e;
	size_t cap = 0;

	if (mix_role_enter(b->cfg, MIX_ROLE_COMP, &slice, &e)) {
		fail(b, mix_role_comm(MIX_ROLE_COMP), e.msg);
		return NULL;
	}
	while (vsync < b->win.end_ns && !wl_stop_requested()) {
		uint64_t done;
		size_t n;
		int r;

		if (wl_sleep_until_ns(vsync))
			continue;
		mix_cpu_tick(&cpu, &b->win, wl_now_ns());
		for (unsigned int i = 0; i < b->n_fds; i++)
			if (mix_ipc_send(b->fds[i], MIX_MSG_BEGIN_FRAME, seq,
					 vsync) &&
			    !wl_stop_requested())
				fail_renderer(b, "mix-comp", i, "gone");
		r = wait_frame(b, seq, vsync + interval, got);
		if (r == 2) /* no compositing of a frame never rendered */
			b->stalled_frames++;
		else if (r)
			break;
		else
			wl_burn_cpu_ns(b->cfg->comp_work_ns);
		done = wl_now_ns();
		n = take_presented(b, &arr, &cap);
		mix_frames_record(&b->frames, vsync, done, skipped, arr, n);
		vsync = mix_next_vsync(b->origin, interval, vsync, done,
				       &skipped);
		seq++;
	}
	free(arr);
	mix_role_add(&b->roles[MIX_ROLE_COMP], &slice, mix_cpu_used(&cpu));
	return NULL;
}

/* Run one UI task: input handling forwards to a renderer and awaits a frame. */
static void ui_run(struct mix_browser *b, const struct mix_task *t)
{
	uint64_t start = wl_now_ns();
	int r;

	if (mix_in_window(&b->win, t->post_ns)) {
		sb_hist_add(&b->ui_delay, start - t->post_ns);
		b->ui_tasks++;
	}
	wl_burn_cpu_ns(t->cost_ns);
	if (t->kind != MIX_TASK_INPUT)
		return;
	if (mix_ipc_send(b->fds[b->inputs_handled % b->n_fds], MIX_MSG_INPUT,
			 b->inputs_handled, t->arg) &&
	    !wl_stop_requested())
		fail_renderer(b, "mix-ui",
			      (unsigned int)(b->inputs_handled % b->n_fds),
			      "gone");
	b->inputs_handled++;
	pthread_mutex_lock(&b->in_lock);
	r = mix_taskq_push(&b->presented, t);
	pthread_mutex_unlock(&b->in_lock);
	if (r)
		fail(b, "mix-ui", strerror(-r));
}

/* mix-ui: inputs arrive on their Poisson schedule; IO tasks are posted. */
static void ui_loop(struct mix_browser *b, struct mix_cpu_win *cpu)
{
	struct mix_poisson arrivals;
	uint64_t next, off;
	struct mix_task t;
	int r = 0;

	mix_poisson_init(&arrivals, (uint64_t)b->cfg->c.seed, MIX_STREAM_INPUT,
			 (double)b->cfg->input_rate);
	off = mix_poisson_next(&arrivals);
	next = off == MIX_NEVER ? MIX_NEVER : b->origin + off;
	wl_sleep_until_ns(b->origin);
	for (;;) {
		uint64_t now = wl_now_ns();
		int have;

		if (stopping(b, now))
			break;
		mix_cpu_tick(cpu, &b->win, now);
		pthread_mutex_lock(&b->lock);
		while (next <= now) {
			struct mix_task in = { .kind = MIX_TASK_INPUT,
					       .post_ns = next,
					       .arg = next,
					       .cost_ns = b->cfg->ui_work_ns };

			if (!r)
				r = mix_taskq_push(&b->ui_q, &in);
			off = mix_poisson_next(&arrivals);
			next = off == MIX_NEVER ? MIX_NEVER : b->origin + off;
		}
		have = mix_taskq_pop(&b->ui_q, &t);
		if (!have) {
			uint64_t wake = next < b->win.end_ns ? next :
							       b->win.end_ns;
			struct timespec ts;

			if (wake > now + WAIT_MAX_NS)
				wake = now + WAIT_MAX_NS;
			ts.tv_sec = (time_t)(wake / WL_NSEC_PER_SEC);
			ts.tv_nsec = (long)(wake % WL_NSEC_PER_SEC);
			pthread_cond_timedwait(&b->cond, &b->lock, &ts);
		}
		pthread_mutex_unlock(&b->lock);
		if (r) {
			fail(b, "mix-ui", strerror(-r));
			break;
		}
		if (have)
			ui_run(b, &t);
	}
}

int mix_browser_run(struct mix_browser *b)
{
	struct wl_slice_info slice;
	struct mix_cpu_win cpu = { 0 };
	pthread_t io, comp;
	int r, have_io = 0, have_comp = 0;

	r = mix_role_enter(b->cfg, MIX_ROLE_UI, &slice, &b->err);
	if (r) {
		b->failed = 1;
		return r;
	}
	r = -pthread_create(&io, NULL, io_main, b);
	have_io = !r;
	if (!r)
		r = -pthread_create(&comp, NULL, comp_main, b);
	have_comp = have_io && !r;
	if (r)
		fail(b, "cannot start a browser thread", strerror(-r));
	else
		ui_loop(b, &cpu);
	mix_role_add(&b->roles[MIX_ROLE_UI], &slice, mix_cpu_used(&cpu));
	if (have_io)
		pthread_join(io, NULL);
	if (have_comp)
		pthread_join(comp, NULL);
	return b->failed ? -EIO : 0;
}
