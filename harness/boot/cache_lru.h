/* SPDX-License-Identifier: GPL-2.0 */
/* The files of a cache directory by last use (mtime): what pruning deletes first. */
#ifndef SB_CACHE_LRU_H
#define SB_CACHE_LRU_H

#include <limits.h>
#include <stddef.h>
#include <time.h>

struct cache_entry {
	char name[NAME_MAX + 1];
	struct timespec used; /* its mtime: the last use */
};

/*
 * The files of @dir whose names end in @suffix, at most @max of them, into
 * @out, the least recently used first. Returns how many.
 */
size_t cache_lru(const char *dir, const char *suffix, struct cache_entry *out,
		 size_t max);

#endif
