/* SPDX-License-Identifier: GPL-2.0 */
/* Adding a kernel of one's own: kernels/<name>/kernel.json from options. */
#ifndef SB_BOOT_KERNEL_ADD_H
#define SB_BOOT_KERNEL_ADD_H

#include <stddef.h>

#include "common/error.h"

/* What `slicebench kernel add` was given; NULL: not given. */
struct kernel_add {
	const char *bzimage; /* an image booted as is (type path) */
	const char *tree; /* a source tree or tarball (type source) */
	const char *series, *config, *fragment; /* with tree */
	const char *description;
};

/* Why @name may not be a new kernel's (a directory the project keeps), or NULL. */
const char *kernel_name_reserved(const char *name);

/*
 * Write the descriptor of kernel @name (into @path, @len bytes): paths made
 * absolute, read back by kernel_parse_descriptor before it takes its place,
 * never replacing one. With tree and neither config nor fragment, the
 * shipped kernels/common/config.fragment. Returns 0, or with @e: -EEXIST
 * (the descriptor exists), -EINVAL (bad or reserved name or option, a descriptor the
 * reader refuses), another -errno (cannot write).
 */
int kernel_add(const char *name, const struct kernel_add *a, char *path,
	       size_t len, struct sb_error *e);

#endif
