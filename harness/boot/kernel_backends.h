/* SPDX-License-Identifier: GPL-2.0 */
/* The ways kernel_prepare() makes an image: Debian packages, source builds. */
#ifndef SB_BOOT_KERNEL_BACKENDS_H
#define SB_BOOT_KERNEL_BACKENDS_H

#include <stddef.h>

#include "harness/boot/kernel.h"

/* apt-cache → apt-get download → dpkg-deb -x into the cache (kernel_debian.c). */
int kernel_fetch_debian(struct kernel_info *ki, char *err, size_t errlen);
/* Fill image/config/release from a cached Debian unpack, if there is one. */
int kernel_find_debian(struct kernel_info *ki);

/* Unpack, configure, patch and build into the cache (kernel_source.c). */
int kernel_build_source(struct kernel_info *ki, char *err, size_t errlen);
/* Fill image/config/release from a finished cached build, if there is one. */
int kernel_find_source(struct kernel_info *ki);

/* Record @config (path) and its sha256 in @ki. Returns 0 or -errno. */
int kernel_set_config(struct kernel_info *ki, const char *config);

#endif
