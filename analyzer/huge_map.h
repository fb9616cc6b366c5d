/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Anonymous memory in whole, aligned huge pages where the system gives
 * them. A fresh small page costs a fault each, and in a guest whose host
 * backs its memory on first touch that fault is dear, dearer per byte
 * than a huge page's (docs/performance.md): the analyzer's memory that
 * grows with the trace comes from here.
 */
#ifndef SB_HUGE_MAP_H
#define SB_HUGE_MAP_H

#include <stddef.h>

#define HUGE_PAGE (2u << 20)

/* @bytes (a multiple of HUGE_PAGE) of zeroed memory aligned to HUGE_PAGE,
 * advised to be backed by huge pages (a hint: refused is fine); NULL when
 * out of memory. */
void *huge_map(size_t bytes);
void huge_unmap(void *p, size_t bytes);

#endif
