/* SPDX-License-Identifier: GPL-2.0 */
/* Growable arrays: room for more elements, doubling the allocation. */
#ifndef SB_ARRAY_H
#define SB_ARRAY_H

#include <stddef.h>

/*
 * Room for @need elements of @size bytes in @v, allocated for *@cap of
 * them: @v itself when they fit, else @v reallocated for twice as many
 * (at least 16), doubled until @need fit, with *@cap set to that. NULL
 * when out of memory, the size overflows or @size is 0; @v and *@cap are
 * then as they were (the caller still owns @v).
 */
void *sb_array_grow(void *v, size_t *cap, size_t need, size_t size);

#endif
