/* SPDX-License-Identifier: GPL-2.0 */
/* The name nearest a mistyped one, for "did you mean" (edit distance). */
#ifndef SB_CLOSEST_H
#define SB_CLOSEST_H

#include <stddef.h>

/* Insertions, deletions, substitutions and swaps of neighbours from @a to @b. */
size_t sb_edit_distance(const char *a, const char *b);

/*
 * Of the @n names packed in @names (each ended by a NUL), the one nearest
 * @name when it is near enough to be a slip (at most a third of its
 * length, at least 1, edits away), else NULL.
 */
const char *sb_closest(const char *name, const char *names, size_t n);

#endif
