// SPDX-License-Identifier: GPL-2.0
/* Kernels built from source (phase 2): not landed yet. */
#include <stdio.h>

#include "common/exitcodes.h"
#include "harness/boot/kernel_backends.h"

int kernel_build_source(struct kernel_info *ki, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "kernel %s: source builds are not implemented yet", ki->name);
	return SB_EXIT_ENV;
}
