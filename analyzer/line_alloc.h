/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Zeroed memory on cache lines of its own, for data one thread writes
 * while another runs: the reader's and the feeding thread's. Two of them
 * on one line make each write a transfer between the cores; the feeding
 * thread's queue of histogram adds, calloc'd beside the reader's state,
 * made the analyzer much slower on a large perf.data (docs/performance.md).
 */
#ifndef SB_LINE_ALLOC_H
#define SB_LINE_ALLOC_H

#include <stdlib.h>
#include <string.h>

/* Two lines: the adjacent-line prefetcher moves them in pairs. */
#define LINE_SHARE 128

/* @bytes of zeroed memory alone on its lines (aligned and padded to
 * LINE_SHARE); free() it. NULL when out of memory. */
static inline void *line_alloc(size_t bytes)
{
	size_t n = (bytes + LINE_SHARE - 1) / LINE_SHARE * LINE_SHARE;
	void *p = aligned_alloc(LINE_SHARE, n ? n : LINE_SHARE);

	if (p)
		memset(p, 0, n);
	return p;
}

#endif
