// SPDX-License-Identifier: GPL-2.0
/* Decoded events into time order: sorted runs in an array, merged with a heap at each flush. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "analyzer/ev_order.h"

/* The room is mapped in whole huge pages (2 MiB): a mapping of another
 * size is not aligned to them and falls back to small pages. */
#define EV_ORDER_FIRST_BYTES (4u << 20)

/* Does run @a deliver before run @b (time, then file order)? */
static int before(const struct ev_run *a, const struct ev_run *b)
{
	return a->ts < b->ts || (a->ts == b->ts && a->next < b->next);
}

static void sift_down(struct ev_order *o, size_t i)
{
	struct ev_run *h = o->heap;

	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct ev_run t;

		if (l < o->nheap && before(&h[l], &h[m]))
			m = l;
		if (l + 1 < o->nheap && before(&h[l + 1], &h[m]))
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* The run being added to, if any, joins the heap. */
static int close_open(struct ev_order *o)
{
	size_t i;

	if (o->open_start == o->n)
		return 0;
	if (o->nheap == o->heap_cap) {
		size_t cap = o->heap_cap ? o->heap_cap * 2 : 64;
		struct ev_run *h = realloc(o->heap, cap * sizeof(*h));

		if (!h)
			return -ENOMEM;
		o->heap = h;
		o->heap_cap = cap;
	}
	i = o->nheap++;
	o->heap[i] = (struct ev_run){ o->evs[o->open_start].ts, o->open_start,
				      o->n };
	while (i && before(&o->heap[i], &o->heap[(i - 1) / 2])) {
		struct ev_run t = o->heap[i];

		o->heap[i] = o->heap[(i - 1) / 2];
		o->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	o->open_start = o->n;
	return 0;
}

static int by_next(const void *a, const void *b)
{
	const struct ev_run *x = a, *y = b;

	return (x->next > y->next) - (x->next < y->next);
}

/* Drop the delivered events: the runs' remainders move to the front in
 * file order, and the heap is built again. */
static void compact(struct ev_order *o)
{
	size_t to = 0;

	qsort(o->heap, o->nheap, sizeof(*o->heap), by_next);
	for (size_t i = 0; i < o->nheap; i++) {
		struct ev_run *run = &o->heap[i];
		size_t n = run->end - run->next;

		memmove(o->evs + to, o->evs + run->next, n * sizeof(*o->evs));
		run->next = to;
		run->end = to + n;
		to += n;
	}
	memmove(o->evs + to, o->evs + o->open_start,
		(o->n - o->open_start) * sizeof(*o->evs));
	o->n = to + (o->n - o->open_start);
	o->open_start = to;
	o->delivered = 0;
	for (size_t i = o->nheap / 2; i-- > 0;)
		sift_down(o, i);
}

/* Double the room for events. It is mapped, in huge pages where the
 * system gives them: the events are written once each, and a fault per
 * small page cost a fifth of the reader's time. */
static int grow(struct ev_order *o)
{
	size_t bytes = o->bytes ? o->bytes * 2 : EV_ORDER_FIRST_BYTES;
	void *p = o->evs ? mremap(o->evs, o->bytes, bytes, MREMAP_MAYMOVE) :
			   mmap(NULL, bytes, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return -ENOMEM;
	madvise(p, bytes, MADV_HUGEPAGE); /* a hint: refused is fine */
	o->evs = p;
	o->bytes = bytes;
	o->cap = bytes / sizeof(*o->evs);
	return 0;
}

struct ordered_ev *ev_order_next(struct ev_order *o)
{
	if (o->n < o->cap)
		return &o->evs[o->n];
	if (o->delivered && o->delivered >= o->cap / 4) { /* reuse room */
		compact(o);
		return &o->evs[o->n];
	}
	return grow(o) ? NULL : &o->evs[o->n];
}

int ev_order_add(struct ev_order *o)
{
	uint64_t ts = o->evs[o->n].ts;

	if (o->open_start < o->n && ts < o->open_last && close_open(o))
		return -ENOMEM;
	o->n++;
	o->open_last = ts;
	return 0;
}

int ev_order_flush(struct ev_order *o, uint64_t limit,
		   int (*deliver)(void *arg, const struct ordered_ev *e),
		   void *arg)
{
	int r = close_open(o);

	while (!r && o->nheap && o->heap[0].ts <= limit) {
		struct ev_run *top = &o->heap[0];

		r = deliver(arg, &o->evs[top->next]);
		o->delivered++;
		if (++top->next == top->end)
			*top = o->heap[--o->nheap];
		else
			top->ts = o->evs[top->next].ts;
		sift_down(o, 0);
	}
	return r;
}

void ev_order_free(struct ev_order *o)
{
	if (o->evs)
		munmap(o->evs, o->bytes);
	free(o->heap);
	memset(o, 0, sizeof(*o));
}
