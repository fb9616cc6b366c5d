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

/* Where the runs of a kernel happen. */
enum kernel_run {
	RUN_IN_VM, /* a QEMU guest booting the kernel's image */
	RUN_ON_HOST, /* no VM: the running kernel */
};

/* The kind of a kernel: how it is found and made ready (kernel_backends.h). */
struct kernel_backend;

struct kernel_info {
	char name[64]; /* descriptor name, or the NAME of NAME=PATH */
	const struct kernel_backend *backend; /* its kind: debian, source, ... */
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
	char config[PATH_MAX]; /* source: a full .config, or "" (fragment) */
	char fragment[PATH_MAX]; /* source: config fragment, or "" (config) */
	char series[PATH_MAX]; /* source: patches/series, or "" for none */
	char commit[64]; /* source: a commit of the git tree, or "" (as is) */
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

/* 1 if the @len bytes of @name may name a kernel ([A-Za-z0-9_.-], no leading '.'). */
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

/* The kind of @ki as descriptors spell it: "debian", "source", "host", "path". */
const char *kernel_type_name(const struct kernel_info *ki);
/* Where the runs of @ki happen. */
enum kernel_run kernel_run_of(const struct kernel_info *ki);
/*
 * The first program that making @ki ready needs and PATH lacks, or NULL
 * (none, or @ki is ready: its image is in the cache).
 */
const char *kernel_missing_tool(const struct kernel_info *ki);
/*
 * Build @ki, a kernel with a patch queue or at a commit of a git tree, in
 * place (a bisection's step; a commit is checked out in a clone of the
 * tree the cache owns):
 * in the one work tree of its source and config, the applied patches its
 * queue does not start with are reverted and the missing ones applied, so
 * make rebuilds only what they touch; the image is then cached by @ki's
 * own key, where kernel_prepare finds it. @secs gets the build's seconds,
 * -1 when the cache had it. Returns 0, -EOPNOTSUPP (a kind that does not
 * build so), or -errno with @e, as kernel_prepare.
 */
int kernel_build_in_place(struct kernel_info *ki, int64_t *secs,
			  struct sb_error *e);
/* 1 if @ki has a patch queue that kernel_build_in_place can step through. */
int kernel_has_series(const struct kernel_info *ki);

#endif
