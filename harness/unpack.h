/* SPDX-License-Identifier: GPL-2.0 */
/* Unpacking the results archive a guest sent, refusing anything unsafe. */
#ifndef SB_UNPACK_H
#define SB_UNPACK_H

#include "common/error.h"

/*
 * Extract @dir/results.tar into @dir and remove it. Every entry must be a
 * plain file or a directory with a relative path and no ".." component;
 * otherwise nothing is extracted. Returns 0 or -errno with @e filled:
 * -ENOSPC when the filesystem of @dir is full (an archive cut short by
 * it says no space, not "unreadable").
 */
int results_unpack(const char *dir, struct sb_error *e);

#endif
