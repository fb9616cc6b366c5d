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

#include "common/error.h"
#include "common/jsonread.h"

enum kernel_type {
	KERNEL_DEBIAN, /* a Debian linux-image package */
	KERNEL_SOURCE, /* built from source with a fragment + patch queue */
	KERNEL_HOST, /* no VM: the running kernel */
	KERNEL_PATH, /* KERNEL=/path/to/bzImage, booted as is */
};

struct kernel_info {
	char name[64]; /* descriptor name, or "path" */
	enum kernel_type type;
	char description[256];
	char image[PATH_MAX]; /* bootable image; "" for host */
	char modules_dir[PATH_MAX]; /* .../lib/modules/<release>, or "" */
	char config_path[PATH_MAX]; /* kernel .config, or "" */
	char config_sha256[65]; /* of config_path, or "" */
	char release[128]; /* uname -r of the image, or "" if unknown */
	char source[512]; /* package name+version, tree+patch hash, or path */
	char machine[16]; /* QEMU machine type: "pc" or "microvm" */
	int custom_slices; /* 1: kernel >= 6.12 (EEVDF slices), 0: not */
	/* Where it comes from, as the descriptor says (paths made absolute): */
	char descriptor[PATH_MAX]; /* kernels/<name>/kernel.json, or "" */
	char package[128]; /* debian: package name pattern (a glob) */
	char version[64]; /* debian: "NAME@6.12.107" pins that point release */
	char tree[PATH_MAX]; /* source: tarball or tree; KSRC overrides */
	char fragment[PATH_MAX]; /* source: config fragment */
	char series[PATH_MAX]; /* source: patches/series, or "" for none */
	char build_log[PATH_MAX]; /* source: log of the last build, or "" */
};

/* Directory holding the descriptors: $SLICEBENCH_KERNELS or <checkout>/kernels. */
const char *kernel_dir(void);
/* Cache root: $SLICEBENCH_CACHE, else $XDG_CACHE_HOME/slicebench, else ~/.cache/slicebench. */
const char *kernel_cache_dir(void);

/*
 * Names of the available descriptors, sorted, as one malloc'd
 * NUL-separated list of @count names. Returns 0 or -errno.
 */
int kernel_list(char **names, size_t *count);

/*
 * Resolve @name (a descriptor name, "NAME@VERSION" for a Debian-type
 * descriptor pinned to one point release, "host", or a path to an image)
 * without fetching or building. Returns 0, or -EINVAL (-ENAMETOOLONG) with
 * @e (an unknown kernel: the message lists the available ones).
 */
int kernel_lookup(const char *name, struct kernel_info *ki, struct sb_error *e);

/*
 * The point releases apt offers for Debian-type @ki, newest first, as
 * "6.12.118 6.12.117 ..." into @buf. Returns 0 or -EIO (apt-cache failed).
 */
int kernel_debian_versions(const struct kernel_info *ki, char *buf, size_t len);

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
 * The scheduler features line a guest of @ki read (kernel_features_save)
 * into @buf, when @ki's image is still the one it was read from (same
 * SHA-256). Returns 0, or -ENOENT (never read, another image, no image yet).
 */
int kernel_features_cached(const struct kernel_info *ki, char *buf, size_t len);
/*
 * Keep @line (a features file's line read in a guest of @ki, whose image
 * is prepared) in the cache. Returns 0 or -errno.
 */
int kernel_features_save(const struct kernel_info *ki, const char *line);

/* Name of @t as descriptors spell it: "debian", "source", "host", "path". */
const char *kernel_type_name(enum kernel_type t);

#endif
