// SPDX-License-Identifier: GPL-2.0
/* Ordered events handed to a delivering thread: a queue of batches under one mutex and two condition variables. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/ev_pipe.h"
#include "analyzer/huge_map.h"
#include "analyzer/line_alloc.h"

/*
 * Events are written into a stage of the handing side's own and copied
 * into a free batch a batch at a time: written field by field straight
 * into batches the delivering CPU had just read, they cost the reader a
 * fifth more time than the copy. A batch stays within a core's L2 cache;
 * the batches and the stage share one mapping in whole huge pages (fresh
 * small pages cost a fault each).
 */
#define PIPE_BATCH_BYTES (256u << 10)
#define PIPE_QUEUE 64
#define PIPE_MAP_BYTES                                                       \
	(((PIPE_QUEUE + 1) * PIPE_BATCH_BYTES + HUGE_PAGE - 1) / HUGE_PAGE * \
	 HUGE_PAGE)
#define PIPE_BATCH (PIPE_BATCH_BYTES / sizeof(struct ordered_ev))

struct ev_pipe {
	ev_deliver_fn deliver;
	void *arg;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t filled, emptied;
	struct ordered_ev *map; /* PIPE_QUEUE batches, then the stage */
	size_t len[PIPE_QUEUE]; /* events in each batch handed over */
	unsigned int queue[PIPE_QUEUE]; /* the batches handed, in order */
	uint64_t handed, done; /* batches so far */
	/* Free batches, the last freed on top: reused while still in cache,
	 * and only as many are ever touched (first touches zero a page) as
	 * the queue grew to. */
	unsigned int free[PIPE_QUEUE];
	unsigned int nfree;
	int closing; /* no batch comes after those handed */
	int rc; /* the deliverer's first non-zero result */
	size_t nstage; /* events in the stage (the handing side's own) */
};

static struct ordered_ev *batch(struct ev_pipe *p, unsigned int slot)
{
	return p->map + (size_t)slot * PIPE_BATCH;
}

static struct ordered_ev *stage(struct ev_pipe *p)
{
	return p->map + (size_t)PIPE_QUEUE * PIPE_BATCH;
}

static void *deliver_batches(void *arg)
{
	struct ev_pipe *p = arg;
	int rc = 0;

	pthread_setname_np(pthread_self(), "sb-feed"); /* for perf, top */
	pthread_mutex_lock(&p->lock);
	for (;;) {
		const struct ordered_ev *b;
		unsigned int slot;

		while (p->done == p->handed && !p->closing)
			pthread_cond_wait(&p->filled, &p->lock);
		if (p->done == p->handed)
			break;
		slot = p->queue[p->done % PIPE_QUEUE];
		b = batch(p, slot);
		pthread_mutex_unlock(&p->lock);
		for (size_t i = 0; !rc && i < p->len[slot]; i++)
			rc = p->deliver(p->arg, &b[i]);
		pthread_mutex_lock(&p->lock);
		if (rc && !p->rc)
			p->rc = rc;
		p->free[p->nfree++] = slot;
		p->done++;
		pthread_cond_signal(&p->emptied);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int ev_pipe_start(struct ev_pipe **out, ev_deliver_fn deliver, void *arg)
{
	struct ev_pipe *p = line_alloc(sizeof(*p));
	void *map;
	int e;

	*out = NULL;
	if (!p)
		return -ENOMEM;
	map = huge_map(PIPE_MAP_BYTES);
	if (!map) {
		free(p);
		return -ENOMEM;
	}
	p->map = map;
	for (unsigned int i = 0; i < PIPE_QUEUE; i++)
		p->free[i] = PIPE_QUEUE - 1 - i; /* batch 0 on top */
	p->nfree = PIPE_QUEUE;
	p->deliver = deliver;
	p->arg = arg;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->filled, NULL);
	pthread_cond_init(&p->emptied, NULL);
	e = pthread_create(&p->thread, NULL, deliver_batches, p);
	if (e) {
		pthread_cond_destroy(&p->emptied);
		pthread_cond_destroy(&p->filled);
		pthread_mutex_destroy(&p->lock);
		huge_unmap(map, PIPE_MAP_BYTES);
		free(p);
		return -e;
	}
	*out = p;
	return 0;
}

/* Copy the stage into a free batch (waiting for one) and hand it over;
 * the deliverer's result so far. */
static int hand(struct ev_pipe *p)
{
	unsigned int slot;
	int rc;

	pthread_mutex_lock(&p->lock);
	while (!p->nfree)
		pthread_cond_wait(&p->emptied, &p->lock);
	slot = p->free[--p->nfree];
	pthread_mutex_unlock(&p->lock);
	memcpy(batch(p, slot), stage(p), p->nstage * sizeof(*p->map));
	p->len[slot] = p->nstage;
	pthread_mutex_lock(&p->lock);
	p->queue[p->handed % PIPE_QUEUE] = slot;
	p->handed++;
	pthread_cond_signal(&p->filled);
	rc = p->rc;
	pthread_mutex_unlock(&p->lock);
	p->nstage = 0;
	return rc;
}

struct ordered_ev *ev_pipe_slot(struct ev_pipe *p)
{
	return &stage(p)[p->nstage];
}

int ev_pipe_push(struct ev_pipe *p)
{
	return ++p->nstage == PIPE_BATCH ? hand(p) : 0;
}

int ev_pipe_finish(struct ev_pipe *p)
{
	int rc;

	if (!p)
		return 0;
	if (p->nstage)
		hand(p);
	pthread_mutex_lock(&p->lock);
	p->closing = 1;
	pthread_cond_signal(&p->filled);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	rc = p->rc;
	pthread_cond_destroy(&p->emptied);
	pthread_cond_destroy(&p->filled);
	pthread_mutex_destroy(&p->lock);
	huge_unmap(p->map, PIPE_MAP_BYTES);
	free(p);
	return rc;
}
