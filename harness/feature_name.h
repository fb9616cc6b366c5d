/* SPDX-License-Identifier: GPL-2.0 */
/* The syntax of a scheduler feature name: one rule for scenarios, check's --cand-features and bisect's --features. */
#ifndef SB_FEATURE_NAME_H
#define SB_FEATURE_NAME_H

#include <string.h>

#define FEATURE_NAME_WHY "is not a feature name ([A-Z_]+, NO_ to clear)"

/*
 * NULL when @f names a feature (X) or its clearing (NO_X): [A-Z_]+ whose
 * name X, after one NO_, is not empty and does not start with NO_ again
 * (the kernel's file has no NO_NO_X; "NO_" alone names nothing). Else why.
 */
static inline const char *feature_name_why(const char *f)
{
	size_t n = strlen(f);
	const char *x = strncmp(f, "NO_", 3) ? f : f + 3;

	if (!n || strspn(f, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != n || !*x ||
	    !strncmp(x, "NO_", 3))
		return FEATURE_NAME_WHY;
	return NULL;
}

#endif
