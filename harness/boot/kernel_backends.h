/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kinds of kernel under test, one ops table each: how a kernel is
 * found and made ready, where its runs happen, what making it ready
 * needs, and how the `kernel` subcommands treat it. Nothing outside the
 * backends asks a kernel's kind; it asks its backend.
 */
#ifndef SB_BOOT_KERNEL_BACKENDS_H
#define SB_BOOT_KERNEL_BACKENDS_H

#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "harness/boot/kernel_info.h"

struct kernel_backend {
	const char *name; /* as descriptors spell the type */
	/* The descriptor keys of this kind beyond description and
	 * custom_slices, space separated ("" for none). */
	const char *keys;
	enum kernel_run run; /* where its runs happen */
	/* The programs prepare runs when the image is not ready yet, for the
	 * checks before a run; NULL-terminated, or NULL for none. */
	const char *const *tools;
	/* What `kernel list` says of a kernel whose image is not ready. */
	const char *not_ready;
	int builds; /* `kernel build` applies: prepare compiles the image */
	/* Fill image/config/release from what is already there (the cache,
	 * the running kernel); 0, or -errno when nothing is. NULL: nothing to
	 * find (an image file, read when looked up). */
	int (*find)(struct kernel_info *ki);
	/* Make the image available (fetch, unpack, build) and fill
	 * image/config/release; 0 or -errno with @e (as kernel_prepare). */
	int (*prepare)(struct kernel_info *ki, struct sb_error *e);
	/* Checks, before a run, of what the kind boots as it is (an image
	 * file named by the user): 0, or -EINVAL with @e naming where it was
	 * named, the key and the value. NULL: nothing to check. */
	int (*verify)(const struct kernel_info *ki, struct sb_error *e);
	/* A patch queue's step built in one work tree (kernel_build_in_place),
	 * or NULL: the kind has no patch queue. */
	int (*build_in_place)(struct kernel_info *ki, int64_t *secs,
			      struct sb_error *e);
	/* Checks across a parsed descriptor's keys (file @path), or NULL;
	 * 0 or -EINVAL with @e naming the file and the key. */
	int (*check)(const struct kernel_info *ki, const char *path,
		     struct sb_error *e);
	/* The point releases on offer, newest first, as "6.12.118 6.12.117"
	 * into @buf; 0 or -errno. Non-NULL: NAME@VERSION pins one of them. */
	int (*versions)(const struct kernel_info *ki, char *buf, size_t len);
};

/* A bzImage of one's own (PATH, NAME=PATH or a descriptor), booted as is. */
extern const struct kernel_backend kernel_path_backend;

/* The backend a descriptor's "type" names, or NULL. */
const struct kernel_backend *kernel_backend_named(const char *name);
/* The types a descriptor may have, as "debian, source, host". */
const char *kernel_backend_types(void);
/* 1 if @key is one of @b's descriptor keys. */
int kernel_backend_has_key(const struct kernel_backend *b, const char *key);
/* The kinds having descriptor key @key, as "debian, source", into @buf. */
const char *kernel_backend_kinds_with(const char *key, char *buf, size_t len);

/* Record @config (path) and its sha256 in @ki (kernel_cache.c). Returns 0 or -errno. */
int kernel_set_config(struct kernel_info *ki, const char *config);

/* The kind of @ki as descriptors spell it: "debian", "source", "host", "path". */
const char *kernel_type_name(const struct kernel_info *ki);
/* Where the runs of @ki happen. */
enum kernel_run kernel_run_of(const struct kernel_info *ki);
/* @ki's backend's verify (0 when it has none). */
int kernel_verify(const struct kernel_info *ki, struct sb_error *e);
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
/*
 * 1 if @ki's kind builds from a source tree in place, step by step
 * (kernel_build_in_place: a patch queue's steps, a git tree's commits).
 */
int kernel_steps_in_place(const struct kernel_info *ki);
/* 1 if @ki has a patch queue that kernel_build_in_place can step through. */
int kernel_has_series(const struct kernel_info *ki);

#endif
