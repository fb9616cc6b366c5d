/* SPDX-License-Identifier: GPL-2.0 */
/* Growable arrays: room for more elements, doubling the allocation (inline: the
 * programs that list their sources one by one need no other file). */
#ifndef SB_ARRAY_H
#define SB_ARRAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * Room for @need elements of @size bytes in @v, allocated for *@cap of
 * them: @v itself when they fit, else @v reallocated for twice as many
 * (at least 16), doubled until @need fit, with *@cap set to that. NULL
 * when out of memory, the size overflows or @size is 0; @v and *@cap are
 * then as they were (the caller still owns @v).
 */
static inline void *sb_array_grow(void *v, size_t *cap, size_t need,
				  size_t size)
{
	size_t n = *cap;
	void *nv;

	if (need <= n)
		return v;
	do {
		if (n > SIZE_MAX / 2)
			return NULL;
		n = n < 8 ? 16 : 2 * n;
	} while (n < need);
	if (!size || n > SIZE_MAX / size)
		return NULL;
	nv = realloc(v, n * size);
	if (!nv)
		return NULL;
	*cap = n;
	return nv;
}

#endif
