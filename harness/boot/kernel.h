/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernels under test: kernels/<name>/kernel.json descriptors resolved into a
 * bootable image (fetched from the Debian archive, built from source, the
 * running host kernel, or a path to a bzImage), cached outside the repo.
 */
#ifndef SB_KERNEL_H
#define SB_KERNEL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "common/jsonread.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/kernel_info.h"

/* Directory holding the descriptors: $SLICEBENCH_KERNELS or <checkout>/kernels. */
const char *kernel_dir(void);
/* Cache root: $SLICEBENCH_CACHE, else $XDG_CACHE_HOME/slicebench, else ~/.cache/slicebench. */
const char *kernel_cache_dir(void);

/*
 * Names of the available descriptors, sorted, as one malloc'd
 * NUL-separated list of @count names. Returns 0 or -errno.
 */
int kernel_list(char **names, size_t *count);

/* The longest kernel name (kernel_info.name holds it). */
#define KERNEL_NAME_MAX 63

/* 1 if the @len bytes of @name may name a kernel ([A-Za-z0-9_.-], no leading '.' or '-'). */
int kernel_name_ok(const char *name, size_t len);

/*
 * Resolve @name (a descriptor name, "NAME@VERSION" for a Debian-type
 * descriptor pinned to one point release, "host", "NAME=PATH" for an image
 * file named NAME, or a PATH with a '/', named "path") without fetching or
 * building. Returns 0, or -EINVAL (-ENAMETOOLONG) with
 * @e (an unknown kernel: the message lists the available ones).
 */
int kernel_lookup(const char *name, struct kernel_info *ki, struct sb_error *e);

/*
 * Make the image of @ki available: fetch/unpack or build into the cache,
 * reusing a cached copy. Fills image/config/release. Progress goes to
 * stderr. Returns 0, or -errno with @e: -EINVAL, -ENAMETOOLONG for bad
 * input (a missing patch or fragment, a patch that does not apply, a
 * fragment option the build drops); another -errno for the environment
 * (-ENOPKG: no gcc; -ENOENT: no tree or package; -EIO: a step failed).
 */
int kernel_prepare(struct kernel_info *ki, struct sb_error *e);

/* The descriptor format: the reader's table, and its reference docs. */
extern const struct sb_jr_table kernel_descriptor_format;

/*
 * Parse the descriptor @path for kernel @name into @ki (paths relative to
 * the descriptor's directory are made absolute). Unknown keys, unknown types
 * and keys of another type are errors naming the file and the key.
 * Returns 0 or -EINVAL (-ENAMETOOLONG) with @e.
 */
int kernel_parse_descriptor(const char *path, const char *name,
			    struct kernel_info *ki, struct sb_error *e);

/*
 * Release string (uname -r) stored in the setup header of the x86 bzImage
 * @image. Returns 0 or -errno (-EINVAL: not a bzImage).
 */
int kernel_image_release(const char *image, char *buf, size_t len);

/*
 * The scheduler features line a guest of an image with the same SHA-256 as
 * @ki's read (kernel_features_save) into @buf: the cache is keyed by the
 * image's content, not by a kernel's name. Returns 0, or -ENOENT (never
 * read, no image yet).
 */
int kernel_features_cached(const struct kernel_info *ki, char *buf, size_t len);
/*
 * Keep @line (a features file's line read in a guest of @ki, whose image
 * is prepared) in the cache, as <cache>/features/<image sha256>.json.
 * Returns 0 or -errno.
 */
int kernel_features_save(const struct kernel_info *ki, const char *line);

#endif
