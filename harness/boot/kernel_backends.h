/* SPDX-License-Identifier: GPL-2.0 */
/* The ways a kernel under test is found and made ready, one ops table per kernel type. */
#ifndef SB_BOOT_KERNEL_BACKENDS_H
#define SB_BOOT_KERNEL_BACKENDS_H

#include <stddef.h>

#include "harness/boot/kernel.h"

struct kernel_backend {
	enum kernel_type type;
	const char *name; /* as descriptors spell the type */
	int descriptor; /* may a kernels/<name>/kernel.json have this type? */
	/* Fill image/config/release from what is already there (the cache,
	 * the running kernel); 0, or -errno when nothing is. NULL: nothing to
	 * find (an image file, read when looked up). */
	int (*find)(struct kernel_info *ki);
	/* Make the image available (fetch, unpack, build) and fill
	 * image/config/release; 0 or -errno with @e (as kernel_prepare). */
	int (*prepare)(struct kernel_info *ki, struct sb_error *e);
};

/* kernel_debian.c: apt-cache, apt-get download, dpkg-deb -x into the cache. */
extern const struct kernel_backend kernel_debian_backend;
/* kernel_source.c: unpack, configure, patch and build into the cache. */
extern const struct kernel_backend kernel_source_backend;

/* The backend of @t (kernel_backends.c). */
const struct kernel_backend *kernel_backend_of(enum kernel_type t);
/* The backend a descriptor's "type" names, or NULL. */
const struct kernel_backend *kernel_backend_named(const char *name);

/* Record @config (path) and its sha256 in @ki (kernel_cache.c). Returns 0 or -errno. */
int kernel_set_config(struct kernel_info *ki, const char *config);

#endif
