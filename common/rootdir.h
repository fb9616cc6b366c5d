/* SPDX-License-Identifier: GPL-2.0 */
/* Where the slicebench checkout is, so tools work from any directory. */
#ifndef SB_ROOTDIR_H
#define SB_ROOTDIR_H

#include <stddef.h>

/*
 * $SLICEBENCH_ROOT when set; else the nearest directory above the running
 * executable (build/bin/x, build/asan/bin/x) holding harness/guest/init;
 * else ".".
 */
const char *sb_root_dir(void);

/* The running executable's path (/proc/self/exe), "" when unreadable. */
const char *sb_self_exe(void);

/* @rel under sb_root_dir() into @buf. Returns 0 or -ENAMETOOLONG. */
int sb_root_path(char *buf, size_t len, const char *rel);

#endif
