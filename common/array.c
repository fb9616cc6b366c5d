// SPDX-License-Identifier: GPL-2.0
/* Growable arrays: the one place that doubles an allocation and checks its size. */
#include <stdint.h>
#include <stdlib.h>

#include "common/array.h"

void *sb_array_grow(void *v, size_t *cap, size_t need, size_t size)
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
