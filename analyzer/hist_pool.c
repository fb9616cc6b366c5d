// SPDX-License-Identifier: GPL-2.0
/* A free list of emptied histograms over huge-page chunks carved in turn. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/hist_pool.h"
#include "analyzer/huge_map.h"

#define HIST_POOL_CHUNK HUGE_PAGE
#define PER_CHUNK (HIST_POOL_CHUNK / sizeof(struct sb_hist))

struct sb_hist *hist_pool_get(struct hist_pool *p)
{
	struct sb_hist *h = p->free;
	void **chunks;

	if (h) { /* emptied when put back; its count held the link */
		p->free = (struct sb_hist *)(uintptr_t)h->count;
		h->count = 0;
		return h;
	}
	if (!p->left) {
		chunks = realloc(p->chunks, (p->nchunks + 1) * sizeof(*chunks));
		if (!chunks)
			return NULL;
		p->chunks = chunks;
		chunks[p->nchunks] = huge_map(HIST_POOL_CHUNK);
		if (!chunks[p->nchunks])
			return NULL;
		p->nchunks++;
		p->left = PER_CHUNK;
	}
	h = (struct sb_hist *)p->chunks[p->nchunks - 1] +
	    (PER_CHUNK - p->left--);
	h->min = UINT64_MAX; /* fresh memory is zero: the rest is empty */
	return h;
}

void hist_pool_put(struct hist_pool *p, struct sb_hist *h)
{
	if (!h)
		return;
	sb_hist_clear(h);
	h->count = (uint64_t)(uintptr_t)p->free;
	p->free = h;
}

void hist_pool_free(struct hist_pool *p)
{
	for (size_t i = 0; i < p->nchunks; i++)
		huge_unmap(p->chunks[i], HIST_POOL_CHUNK);
	free(p->chunks);
	memset(p, 0, sizeof(*p));
}
