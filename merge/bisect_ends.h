/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection's ends: the series and its patches, or the git range and its commits; the positions, the good end's name, --features. */
#ifndef SB_MERGE_BISECT_ENDS_H
#define SB_MERGE_BISECT_ENDS_H

#include <stddef.h>

#include "merge/bisect_types.h"

/* "slicebench bisect: " and @fmt of @value on stderr; SB_EXIT_USAGE. */
int bisect_usage_error(const char *fmt, const char *value);

/*
 * The kernel and its patches (or commits) of @s's settings, the ends'
 * positions, the good end's name and the error split. 0, or the exit
 * code said.
 */
int bisect_resolve(struct bisector *s);

/*
 * The series' first @n patches apply in order to its tree, tried before
 * the first build. 0, or the exit code said.
 */
int bisect_patches_apply(struct bisector *s, int n);

/* Patch @path's subject ("Subject: [PATCH] x" gives "x"), or "". */
void bisect_patch_subject(const char *path, char *buf, size_t len);

/* --features: the list, and the scenario's one feature set it flips. */
int bisect_load_features(struct bisector *s);

#endif
