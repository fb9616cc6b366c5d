/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure parts of source builds, testable without building: the patch
 * queue (series file), the cache key, the fragment check, error lines of a
 * build log.
 */
#ifndef SB_BOOT_KERNEL_BUILD_H
#define SB_BOOT_KERNEL_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "harness/boot/kernel.h"

struct kernel_patches {
	char **path; /* absolute, in series order */
	size_t n;
};

/*
 * Read @series ("" or NULL: no patches): one patch file per line, relative
 * to the series file, '#' comments and blank lines ignored. Returns 0, or
 * with @e: -EINVAL (the series is unreadable, or a patch it names is: file
 * @series, field "patch", the patch as value), -ENOMEM or -EIO.
 */
int kernel_patches_load(const char *series, struct kernel_patches *q,
			struct sb_error *e);
void kernel_patches_free(struct kernel_patches *q);

/*
 * Files a -p1 patch reads or writes ("--- a/PATH" and "+++ b/PATH" lines,
 * /dev/null skipped), as a malloc'd NUL-separated list of @count paths
 * (a file both reads and writes is there twice). Returns 0 or -errno.
 */
int kernel_patch_targets(const char *patch, char **paths, size_t *count);

/*
 * Does every patch of @q apply, in order, to the tree @pristine (kernel
 * @name's)? Tried as a build applies them (patch -p1 --forward) on a
 * scratch copy of the files they touch: nothing built, @pristine never
 * written. 0, or -EINVAL with @e naming the first patch that does not
 * apply; another -errno when it could not be tried.
 */
int kernel_patches_dry_run(const char *name, const char *pristine,
			   const struct kernel_patches *q, struct sb_error *e);

/*
 * Cache key (64 hex digits) of a build: the source tree @pristine, the
 * full .config's or else the fragment's content, each patch's name and
 * content, the compiler version, and the commit (@ki->commit, a full id)
 * when the tree is built at one.
 * Returns 0, or with @e: -EINVAL (the config, fragment or a patch is unreadable,
 * named as the file), -ENOPKG (gcc --version failed) or -ENOMEM.
 */
int kernel_build_key(const struct kernel_info *ki, const char *pristine,
		     const struct kernel_patches *q, char key[65],
		     struct sb_error *e);

/*
 * Check that every option of @fragment ("CONFIG_X=v" or "# CONFIG_X is not
 * set") holds in @config. Returns how many did not (their names go into
 * @missing, space separated), or -errno.
 */
int kernel_fragment_check(const char *fragment, const char *config,
			  char *missing, size_t len);

/*
 * The tree of the source kernel @ki: KSRC=DIR for every source kernel,
 * KSRC=NAME=DIR[,...] for the kernels it names, else the descriptor's
 * tree (@buf may hold it). Defined with the source backend.
 */
const char *kernel_source_tree(const struct kernel_info *ki, char *buf,
			       size_t len);

/*
 * The pristine tree of source kernel @ki into @buf: its tree directory,
 * or its tarball's unpack in the cache (unpacked now when not yet; no
 * build). Returns 0 or -errno with @e. Defined with the source backend.
 */
int kernel_source_pristine(struct kernel_info *ki, char *buf, size_t len,
			   struct sb_error *e);

/* The last error lines of a build log (or its last lines), joined by " | ". */
void kernel_build_log_errors(const char *log, char *out, size_t len);

#endif
