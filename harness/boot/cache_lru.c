// SPDX-License-Identifier: GPL-2.0
/* The files of a cache directory by last use (mtime): what pruning deletes first. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/boot/cache_lru.h"

static int older_first(const void *a, const void *b)
{
	const struct timespec *x = &((const struct cache_entry *)a)->used;
	const struct timespec *y = &((const struct cache_entry *)b)->used;

	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? -1 : 1;
	return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

size_t cache_lru(const char *dir, const char *suffix, struct cache_entry *out,
		 size_t max)
{
	char path[PATH_MAX + NAME_MAX + 2];
	size_t n = 0, sl = strlen(suffix);
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);

	while (d && (de = readdir(d)) && n < max) {
		size_t len = strlen(de->d_name);

		if (len <= sl || strcmp(de->d_name + len - sl, suffix))
			continue;
		snprintf(path, sizeof(path), "%.4000s/%.255s", dir, de->d_name);
		if (stat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		memcpy(out[n].name, de->d_name, len + 1);
		out[n++].used = st.st_mtim;
	}
	if (d)
		closedir(d);
	qsort(out, n, sizeof(out[0]), older_first);
	return n;
}
