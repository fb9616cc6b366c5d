// SPDX-License-Identifier: GPL-2.0
/* Renderer process: a FIFO event loop of script, input and frame tasks; raster on workers. */
#include "workloads/mixload/renderer.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "workloads/lib/clock.h"
#include "workloads/lib/stop.h"
#include "workloads/mixload/events.h"
#include "workloads/mixload/ipc.h"
#include "workloads/mixload/taskq.h"

#define POLL_MAX_NS 100000000LL /* re-check the stop flag this often */

struct raster_pool;

struct raster_worker {
	struct raster_pool *pool;
	pthread_t thread;
	int running;
	int status;
	struct wl_slice_info slice;
	uint64_t cpu_ns;
	struct sb_error err;
};

/* Workers wait for a new generation, each burns its share, the last reports. */
struct raster_pool {
	const struct mix_cfg *cfg;
	pthread_mutex_t lock;
	pthread_cond_t go, done;
	uint64_t gen;
	unsigned int pending;
	int quit;
	struct mix_window win;
	unsigned int n;
	struct raster_worker *w;
};

struct renderer {
	const struct mix_cfg *cfg;
	unsigned int idx;
	int fd;
	struct mix_renderer_out *out;
	uint64_t origin;
	struct mix_window win;
	struct mix_taskq q;
	struct mix_poisson bursts;
	struct mix_rng burst_size, script, handler, frame;
	struct raster_pool pool;
	struct mix_cpu_win cpu;
	struct wl_slice_info slice;
};

void mix_renderer_out_init(struct mix_renderer_out *out)
{
	memset(out, 0, sizeof(*out));
	sb_hist_init(&out->task_delay);
}

static void pool_finish_one(struct raster_pool *p)
{
	if (!--p->pending)
		pthread_cond_signal(&p->done);
}

static void *raster_main(void *arg)
{
	struct raster_worker *w = arg;
	struct raster_pool *p = w->pool;
	struct mix_cpu_win cpu = { 0 };
	uint64_t seen = 0;

	w->status = mix_role_enter(p->cfg, MIX_ROLE_RASTER, &w->slice, &w->err);
	pthread_mutex_lock(&p->lock);
	pool_finish_one(p);
	for (;;) {
		while (p->gen == seen && !p->quit)
			pthread_cond_wait(&p->go, &p->lock);
		if (p->quit)
			break;
		seen = p->gen;
		pthread_mutex_unlock(&p->lock);
		mix_cpu_tick(&cpu, &p->win, wl_now_ns());
		wl_burn_cpu_ns(p->cfg->raster_work_ns);
		pthread_mutex_lock(&p->lock);
		pool_finish_one(p);
	}
	pthread_mutex_unlock(&p->lock);
	w->cpu_ns = mix_cpu_used(&cpu);
	return NULL;
}

/* Start the workers and wait until each has its name and slice. */
static int pool_start(struct raster_pool *p, const struct mix_cfg *cfg,
		      struct sb_error *e)
{
	int r = 0;

	memset(p, 0, sizeof(*p));
	p->cfg = cfg;
	p->n = (unsigned int)cfg->raster_threads;
	p->w = calloc(p->n, sizeof(*p->w));
	if (!p->w)
		return -ENOMEM;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	pthread_mutex_lock(&p->lock);
	for (unsigned int i = 0; i < p->n; i++) {
		p->w[i].pool = p;
		r = -pthread_create(&p->w[i].thread, NULL, raster_main,
				    &p->w[i]);
		if (r) {
			sb_error_set(e, r, NULL, NULL, NULL,
				     "mix-raster: cannot start: %s",
				     strerror(-r));
			break;
		}
		p->w[i].running = 1;
		p->pending++;
	}
	while (p->pending)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
	for (unsigned int i = 0; !r && i < p->n; i++) {
		r = p->w[i].status;
		if (r)
			*e = p->w[i].err;
	}
	return r;
}

/* One frame's raster: every worker burns once; returns when all are done. */
static void pool_raster(struct raster_pool *p)
{
	pthread_mutex_lock(&p->lock);
	p->gen++;
	p->pending = p->n;
	pthread_cond_broadcast(&p->go);
	while (p->pending)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

static void pool_stop(struct raster_pool *p, struct mix_role_stat *stat)
{
	if (!p->w)
		return;
	pthread_mutex_lock(&p->lock);
	p->quit = 1;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->lock);
	for (unsigned int i = 0; i < p->n; i++) {
		if (!p->w[i].running)
			continue;
		pthread_join(p->w[i].thread, NULL);
		mix_role_add(stat, &p->w[i].slice, p->w[i].cpu_ns);
	}
	free(p->w);
	p->w = NULL;
}

static uint64_t script_cost(const struct mix_cfg *cfg, struct mix_rng *rng)
{
	return mix_draw_ns(mix_rng_pareto(rng, (double)cfg->script_work_ns,
					  MIX_SCRIPT_ALPHA),
			   cfg->script_cap_ns);
}

static uint64_t next_burst(struct renderer *r)
{
	uint64_t off = mix_poisson_next(&r->bursts);

	return off == MIX_NEVER ? MIX_NEVER : r->origin + off;
}

static int post(struct renderer *r, enum mix_task_kind kind, uint64_t post_ns,
		uint64_t arg, uint64_t cost)
{
	struct mix_task t = {
		.kind = kind, .post_ns = post_ns, .arg = arg, .cost_ns = cost
	};

	return mix_taskq_push(&r->q, &t);
}

/* Handle one message. Returns 0, 1 on QUIT, or -errno. */
static int on_message(struct renderer *r, const struct mix_msg *m)
{
	uint64_t now = wl_now_ns();

	switch (m->type) {
	case MIX_MSG_BEGIN_FRAME:
		return post(r, MIX_TASK_FRAME, now, m->seq, 0);
	case MIX_MSG_INPUT:
		return post(r, MIX_TASK_INPUT, now, m->t_ns,
			    script_cost(r->cfg, &r->handler));
	case MIX_MSG_QUIT:
		return 1;
	default:
		return -EPROTO;
	}
}

static int run_task(struct renderer *r, const struct mix_task *t)
{
	uint64_t start = wl_now_ns(), cost;

	if (mix_in_window(&r->win, t->post_ns)) {
		sb_hist_add(&r->out->task_delay, start - t->post_ns);
		r->out->tasks++;
	}
	if (t->kind != MIX_TASK_FRAME) {
		wl_burn_cpu_ns(t->cost_ns);
		return 0;
	}
	cost = mix_draw_ns(mix_rng_lognormal(&r->frame,
					     (double)r->cfg->frame_work_ns,
					     MIX_FRAME_SIGMA),
			   1000000000ull / (uint64_t)r->cfg->fps);
	wl_burn_cpu_ns(cost);
	pool_raster(&r->pool);
	r->out->frames++;
	return mix_ipc_send(r->fd, MIX_MSG_FRAME_DONE, t->arg, wl_now_ns());
}

/* The event loop until QUIT, the browser's end, or a stop signal. */
static int loop(struct renderer *r)
{
	uint64_t burst = next_burst(r);
	struct mix_msg m = { 0 };
	struct mix_task t;
	int ret = 0;

	while (!ret && !wl_stop_requested()) {
		uint64_t now = wl_now_ns();
		int64_t wait;

		mix_cpu_tick(&r->cpu, &r->win, now);
		while (!ret && burst <= now) {
			uint64_t k = mix_rng_geometric(&r->burst_size,
						       MIX_BURST_MEAN);

			for (uint64_t i = 0; !ret && i < k; i++)
				ret = post(r, MIX_TASK_SCRIPT, burst, 0,
					   script_cost(r->cfg, &r->script));
			burst = next_burst(r);
		}
		wait = POLL_MAX_NS;
		if (r->q.n)
			wait = 0;
		else if (burst - now < (uint64_t)POLL_MAX_NS)
			wait = (int64_t)(burst - now);
		while (!ret && (ret = mix_ipc_recv(r->fd, &m, wait)) == 1) {
			ret = on_message(r, &m);
			wait = 0;
		}
		if (ret)
			break;
		if (mix_taskq_pop(&r->q, &t))
			ret = run_task(r, &t);
	}
	/* QUIT, or the browser is gone: both end the run normally. */
	return ret == 1 || ret == -EPIPE ? 0 : ret;
}

/* Name, slice, workers, READY, wait for START. Returns 0, 1 (stopped), -errno. */
static int setup(struct renderer *r, struct sb_error *e)
{
	struct mix_msg m = { 0 };
	int ret;

	ret = mix_role_enter(r->cfg, MIX_ROLE_RMAIN, &r->slice, e);
	if (ret)
		return ret;
	ret = pool_start(&r->pool, r->cfg, e);
	if (ret)
		return ret;
	ret = mix_ipc_send(r->fd, MIX_MSG_READY, r->idx, 0);
	while (!ret && !wl_stop_requested())
		ret = mix_ipc_recv(r->fd, &m, POLL_MAX_NS);
	if (ret == 0 || ret == -EPIPE)
		return 1; /* stopped before the start: nothing to run */
	if (ret < 0)
		return ret;
	if (m.type != MIX_MSG_START)
		return -EPROTO;
	r->origin = m.t_ns;
	r->win.start_ns = wl_common_measure(&r->cfg->c, r->origin);
	r->win.end_ns = r->win.start_ns + r->cfg->c.duration_ns;
	r->pool.win = r->win;
	wl_sleep_until_ns(r->origin);
	return 0;
}

static void seed(struct renderer *r)
{
	uint64_t s = (uint64_t)r->cfg->c.seed;
	unsigned int i = r->idx;

	mix_poisson_init(&r->bursts, s,
			 MIX_STREAM_RENDERER(MIX_STREAM_BURST, i),
			 (double)r->cfg->script_rate / MIX_BURST_MEAN);
	mix_rng_seed(&r->burst_size, s,
		     MIX_STREAM_RENDERER(MIX_STREAM_BURST_SIZE, i));
	mix_rng_seed(&r->script, s, MIX_STREAM_RENDERER(MIX_STREAM_SCRIPT, i));
	mix_rng_seed(&r->handler, s,
		     MIX_STREAM_RENDERER(MIX_STREAM_HANDLER, i));
	mix_rng_seed(&r->frame, s, MIX_STREAM_RENDERER(MIX_STREAM_FRAME, i));
}

void mix_renderer_main(const struct mix_cfg *cfg, unsigned int idx,
		       pid_t parent, int fd, struct mix_renderer_out *out)
{
	struct renderer r = { .cfg = cfg, .idx = idx, .fd = fd, .out = out };
	struct sb_error e = { 0 }; /* msg stays "" for bare -errno failures */
	int ret;

	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (getppid() != parent)
		_exit(3);
	wl_burn_set_stop(wl_stop_flag());
	mix_taskq_init(&r.q);
	seed(&r);
	ret = setup(&r, &e);
	if (!ret)
		ret = loop(&r);
	else if (ret == 1)
		ret = 0;
	if (ret < 0 && e.msg[0])
		snprintf(out->err, sizeof(out->err), "%.*s",
			 (int)sizeof(out->err) - 1, e.msg);
	else if (ret < 0)
		snprintf(out->err, sizeof(out->err), "renderer %u: %s", idx,
			 strerror(-ret));
	pool_stop(&r.pool, &out->raster);
	mix_role_add(&out->rmain, &r.slice, mix_cpu_used(&r.cpu));
	mix_taskq_free(&r.q);
	out->status = ret;
	out->done = 1;
	_exit(ret ? 3 : 0);
}
