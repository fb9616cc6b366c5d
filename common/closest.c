// SPDX-License-Identifier: GPL-2.0
/* The name nearest a mistyped one, for "did you mean" (edit distance). */
#include <stdlib.h>
#include <string.h>

#include "common/closest.h"

/* Names longer than this are no slips to count (and keep the rows small). */
#define CLOSEST_MAX 64

static size_t min3(size_t a, size_t b, size_t c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

size_t sb_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[3][CLOSEST_MAX + 1]; /* rows i-2, i-1, i of the table */

	if (la > CLOSEST_MAX || lb > CLOSEST_MAX)
		return la > lb ? la : lb;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t *prev2 = d[(i + 1) % 3], *prev = d[(i + 2) % 3],
		       *cur = d[i % 3];

		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];

			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
				      prev[j - 1] + cost);
			/* "debain": two letters swapped is one slip */
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
	}
	return d[la % 3][lb];
}

const char *sb_closest(const char *name, const char *names, size_t n)
{
	size_t len = strlen(name), most = len / 3 ? len / 3 : 1,
	       best = most + 1;
	const char *pick = NULL;

	for (size_t i = 0; i < n; i++, names += strlen(names) + 1) {
		size_t dist = sb_edit_distance(name, names);

		if (dist < best) {
			best = dist;
			pick = names;
		}
	}
	return pick;
}
