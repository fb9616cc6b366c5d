// SPDX-License-Identifier: GPL-2.0
/* Windows of a file read by a thread into a ring of slots, taken in order under one mutex; spans across two windows joined in a buffer. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/huge_map.h"
#include "analyzer/line_alloc.h"
#include "analyzer/read_ahead.h"

/* Windows read ahead of the one in use, and it. The thread, once ahead,
 * sleeps until half of them are free again: woken for each, it cost a
 * context switch per window. */
#define RA_SLOTS 8

struct ra_slot {
	unsigned char *buf;
	uint64_t k; /* the window it holds, once filled */
	size_t len;
	int err; /* 0, or -errno of the read that failed at @err_off */
	uint64_t err_off;
};

/* What the reader and the thread share, under @lock after the start. */
struct ra_ring {
	unsigned char *map; /* the slots' buffers, @map_bytes */
	size_t map_bytes;
	int fd;
	uint64_t start, end;
	size_t step;
	uint64_t nwin; /* windows in the range */
	pthread_t thread;
	int started; /* @thread runs: join it */
	pthread_mutex_t lock;
	pthread_cond_t filled, freed;
	uint64_t nfilled; /* windows 0..nfilled-1 are read */
	uint64_t first; /* windows before it are given back */
	uint64_t wake_at; /* the thread sleeps until @first reaches it */
	int stop;
	struct ra_slot slot[RA_SLOTS];
};

/* The reader's own, on other cache lines than the ring: the window in
 * use, bytes [@at, @at + @len) of the file at @buf (@len 0: none yet),
 * and where a span across two windows is put together. */
struct read_ahead {
	uint64_t at;
	const unsigned char *buf;
	size_t len;
	struct ra_ring *ring;
	unsigned char *joint; /* @max_span bytes */
};

/* Read window @k into @s: whole, or up to the read that failed. */
static void fill(struct ra_ring *ra, struct ra_slot *s, uint64_t k)
{
	uint64_t at = ra->start + k * ra->step;
	uint64_t left = ra->end - at;
	size_t want = left < ra->step ? (size_t)left : ra->step;

	s->k = k;
	s->len = 0;
	s->err = 0;
	while (s->len < want) {
		ssize_t got = pread(ra->fd, s->buf + s->len, want - s->len,
				    (off_t)(at + s->len));

		if (got <= 0) {
			s->err = got ? -errno : -ENODATA;
			s->err_off = at + s->len;
			return;
		}
		s->len += (size_t)got;
	}
}

static void *read_windows(void *arg)
{
	struct ra_ring *ra = arg;

	pthread_setname_np(pthread_self(), "sb-read-ahead"); /* for perf, top */
	pthread_mutex_lock(&ra->lock);
	for (uint64_t k = 0; k < ra->nwin; k++) {
		struct ra_slot *s = &ra->slot[k % RA_SLOTS];

		if (k >= ra->first + RA_SLOTS) /* then fill half in a row */
			ra->wake_at = k + 1 + RA_SLOTS / 2 - RA_SLOTS;
		while (!ra->stop && k >= ra->first + RA_SLOTS)
			pthread_cond_wait(&ra->freed, &ra->lock);
		if (ra->stop)
			break;
		pthread_mutex_unlock(&ra->lock);
		fill(ra, s, k);
		pthread_mutex_lock(&ra->lock);
		ra->nfilled = k + 1;
		pthread_cond_signal(&ra->filled);
		if (s->err)
			break;
	}
	pthread_mutex_unlock(&ra->lock);
	return NULL;
}

int read_ahead_start(struct read_ahead **out, int fd, uint64_t start,
		     uint64_t end, size_t step, size_t max_span)
{
	struct read_ahead *c = line_alloc(sizeof(*c));
	struct ra_ring *ra = line_alloc(sizeof(*ra));
	int e = 0;

	*out = NULL;
	if (!c || !ra) {
		free(c);
		free(ra);
		return -ENOMEM;
	}
	c->ring = ra;
	c->joint = malloc(max_span);
	/* one huge page holds the slots: fresh small pages fault each */
	ra->map_bytes =
		(RA_SLOTS * step + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	ra->map = huge_map(ra->map_bytes);
	if (!ra->map || !c->joint)
		e = -ENOMEM;
	for (int i = 0; ra->map && i < RA_SLOTS; i++)
		ra->slot[i].buf = ra->map + (size_t)i * step;
	ra->fd = fd;
	ra->start = start;
	ra->end = end;
	ra->step = step;
	ra->nwin = end > start ? (end - start + step - 1) / step : 0;
	posix_fadvise(fd, (off_t)start, (off_t)(end - start),
		      POSIX_FADV_SEQUENTIAL);
	pthread_mutex_init(&ra->lock, NULL);
	pthread_cond_init(&ra->filled, NULL);
	pthread_cond_init(&ra->freed, NULL);
	if (!e)
		e = -pthread_create(&ra->thread, NULL, read_windows, ra);
	ra->started = !e;
	if (e) {
		read_ahead_stop(c);
		return e;
	}
	*out = c;
	return 0;
}

/* Wait until window @k is read (maybe only in part: then the thread
 * stopped there), or a read before it failed; is it read? */
static int wait_filled(struct ra_ring *ra, uint64_t k)
{
	while (ra->nfilled <= k &&
	       !(ra->nfilled && ra->slot[(ra->nfilled - 1) % RA_SLOTS].err))
		pthread_cond_wait(&ra->filled, &ra->lock);
	return ra->nfilled > k;
}

/* Move to the window holding @off (waiting for it), giving back those
 * before; a span that goes on into the next window is copied, from both,
 * into @c->joint. */
static const unsigned char *take(struct read_ahead *c, uint64_t off, size_t n,
				 size_t *avail, int *err, uint64_t *err_off)
{
	struct ra_ring *ra = c->ring;
	uint64_t k = (off - ra->start) / ra->step;
	struct ra_slot *s = &ra->slot[k % RA_SLOTS], *t;
	size_t in = (size_t)(off - ra->start - k * ra->step), head;

	pthread_mutex_lock(&ra->lock);
	ra->first = k;
	if (k >= ra->wake_at)
		pthread_cond_signal(&ra->freed);
	if (!wait_filled(ra, k))
		goto failed;
	c->at = off - in;
	c->buf = s->buf;
	c->len = s->len;
	if (in + n <= s->len) {
		pthread_mutex_unlock(&ra->lock);
		*avail = s->len - in;
		return s->buf + in;
	}
	if (s->len < ra->step || !wait_filled(ra, k + 1))
		goto failed;
	t = &ra->slot[(k + 1) % RA_SLOTS];
	head = s->len - in;
	if (n - head > t->len)
		goto failed;
	pthread_mutex_unlock(&ra->lock);
	memcpy(c->joint, s->buf + in, head);
	memcpy(c->joint + head, t->buf, n - head);
	*avail = n;
	return c->joint;
failed: /* a read failed, here or before, and the thread stopped */
	t = &ra->slot[(ra->nfilled - 1) % RA_SLOTS];
	*err = t->err;
	*err_off = t->err_off;
	pthread_mutex_unlock(&ra->lock);
	return NULL;
}

const unsigned char *read_ahead_at(struct read_ahead *c, uint64_t off, size_t n,
				   size_t *avail, int *err, uint64_t *err_off)
{
	uint64_t in = off - c->at;

	if (c->len && in + n <= c->len) {
		*avail = c->len - in;
		return c->buf + in;
	}
	return take(c, off, n, avail, err, err_off);
}

void read_ahead_stop(struct read_ahead *c)
{
	struct ra_ring *ra = c ? c->ring : NULL;

	if (!ra)
		return;
	if (ra->started) {
		pthread_mutex_lock(&ra->lock);
		ra->stop = 1;
		pthread_cond_signal(&ra->freed);
		pthread_mutex_unlock(&ra->lock);
		pthread_join(ra->thread, NULL);
	}
	pthread_cond_destroy(&ra->freed);
	pthread_cond_destroy(&ra->filled);
	pthread_mutex_destroy(&ra->lock);
	huge_unmap(ra->map, ra->map_bytes);
	free(ra);
	free(c->joint);
	free(c);
}
