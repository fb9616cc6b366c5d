/* SPDX-License-Identifier: GPL-2.0 */
/* A program's answer (capture_run) kept in the kernel cache, keyed on its arguments and the files it reads. */
#ifndef SB_BOOT_CAPTURE_CACHE_H
#define SB_BOOT_CAPTURE_CACHE_H

#include <stdint.h>

#include "common/sha256.h"

/*
 * The files an answer depends on: @hash by their content (SHA-256),
 * @stat by size, mtime and inode (a directory by every entry's). Each a
 * NULL-terminated list, or NULL. A missing file is part of the key too.
 */
struct capture_key {
	const char *const *hash;
	const char *const *stat;
};

/*
 * capture_run(@argv, @with_stderr, @timeout_ns, @out), answered from
 * kernel_cache_dir()/answers when a run with the same arguments and @key
 * kept its exit code and output there; otherwise run, and keep an exit code
 * of 0..255 with its output (written atomically; a cache that cannot be
 * written is only slower). Returns what capture_run returns.
 */
int capture_run_cached(const char *const *argv, int with_stderr,
		       int64_t timeout_ns, const struct capture_key *key,
		       char **out);

/*
 * sb_sha256_file(@path), remembered in kernel_cache_dir()/answers under the
 * file's path, size, mtime, ctime and inode: a file rewritten has a new
 * ctime, so a new entry. Returns 0 or -errno.
 */
int capture_sha256_file(const char *path, char hex[SB_SHA256_HEX]);

#endif
