/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: a temporary kernels directory of kernel.json descriptors that the lookups read instead of the real one. */
#ifndef SB_TEST_KERNELS_DIR_H
#define SB_TEST_KERNELS_DIR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"

/*
 * Create @root (a mkdtemp() template) and point SLICEBENCH_KERNELS and
 * SLICEBENCH_CACHE at it, so that nothing reaches the real kernels or
 * cache. Returns 0 or -1.
 */
static inline int kernels_dir_make(char *root)
{
	if (!mkdtemp(root))
		return -1;
	setenv("SLICEBENCH_KERNELS", root, 1);
	setenv("SLICEBENCH_CACHE", root, 1);
	return 0;
}

/* Write descriptor @text as @root/@name/kernel.json. */
static inline void kernels_dir_put(const char *root, const char *name,
				   const char *text)
{
	char dir[512], path[600];

	snprintf(dir, sizeof(dir), "%s/%s", root, name);
	assert_int_equal(sb_mkdir_p(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/kernel.json", dir);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
}

#endif
