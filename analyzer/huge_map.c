// SPDX-License-Identifier: GPL-2.0
/* Anonymous mappings aligned to huge pages: map more, trim the ends. */
#include <stdint.h>
#include <sys/mman.h>

#include "analyzer/huge_map.h"

void *huge_map(size_t bytes)
{
	size_t extra = HUGE_PAGE;
	char *p = mmap(NULL, bytes + extra, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) &
		     ~(uintptr_t)(HUGE_PAGE - 1));
	if (a > p)
		munmap(p, (size_t)(a - p));
	if (p + bytes + extra > a + bytes)
		munmap(a + bytes, (size_t)(p + bytes + extra - (a + bytes)));
	madvise(a, bytes, MADV_HUGEPAGE);
	return a;
}

void huge_unmap(void *p, size_t bytes)
{
	if (p)
		munmap(p, bytes);
}
