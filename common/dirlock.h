/* SPDX-License-Identifier: GPL-2.0 */
/* One writer per directory: an exclusive flock on the directory itself, and the pid of whoever holds it. */
#ifndef SB_DIRLOCK_H
#define SB_DIRLOCK_H

#include <sys/types.h>

#include "common/error.h"

/* What a directory locked by another slicebench (pid %d) is, and what to do. */
#define SB_DIR_BUSY_FMT                                                     \
	"another slicebench run (pid %d) is using this results directory: " \
	"wait for it to end, or give another --results"

/*
 * Lock @dir (an existing directory) for this process, without waiting:
 * *fd is the open lock (close-on-exec; sb_dir_unlock drops it). Returns
 * 0, -EBUSY with @e naming @dir and the holder's pid, or another -errno.
 * Nothing is written into @dir, so a full disk does not stop the lock.
 */
int sb_dir_lock(const char *dir, int *fd, struct sb_error *e);
/* Drop a lock of sb_dir_lock (@fd < 0: none). */
void sb_dir_unlock(int fd);
/* The pid holding a flock on @dir per /proc/locks, or 0 when none is found. */
pid_t sb_dir_lock_holder(const char *dir);

#endif
