/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms for the analyzer's distributions (one per busy task, one per
 * open per-second cell), carved from huge pages and reused once put back.
 * A histogram spans five small pages; taken one by one from malloc, their
 * first touches (a page fault each) were a large share of the analyzer's
 * time (docs/performance.md, "Figures behind the code").
 */
#ifndef SB_HIST_POOL_H
#define SB_HIST_POOL_H

#include <stddef.h>

#include "common/hist.h"

struct hist_pool {
	void **chunks; /* huge_map()ed, HIST_POOL_CHUNK bytes each */
	size_t nchunks;
	size_t left; /* histograms never taken at the end of the last chunk */
	struct sb_hist *free; /* put back (emptied), linked by their count */
};

/* An empty histogram, NULL when out of memory. */
struct sb_hist *hist_pool_get(struct hist_pool *p);
/* Give @h (from @p; NULL is fine) back for reuse. */
void hist_pool_put(struct hist_pool *p, struct sb_hist *h);
/* Unmap every histogram of @p, taken or not. */
void hist_pool_free(struct hist_pool *p);

#endif
