/* SPDX-License-Identifier: GPL-2.0 */
/* Scheduler features: write a feature set, read it back, check it took. */
#ifndef SB_FEATURES_H
#define SB_FEATURES_H

#include <stddef.h>

#include "harness/scenario.h"

/* Read the features file into @buf (one line, trailing newline dropped). */
int features_read(const char *path, char *buf, size_t len);

/* Is @feature ("X" or "NO_X") active in the space-separated list @line? */
int features_has(const char *line, const char *feature);

/*
 * Write each feature of @fs to @path, then read back into @read_back and
 * check every one took. Returns 0 or -errno with @err naming the feature.
 */
int features_apply(const char *path, const struct sc_feature_set *fs,
		   char *read_back, size_t len, char *err, size_t errlen);

/* Can @path be opened for writing (a host without lockdown, as root)? */
int features_writable(const char *path);

/* Write back every feature of @line (an earlier features_read). Returns 0 or -errno. */
int features_restore(const char *path, const char *line);

#endif
