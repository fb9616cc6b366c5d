/* SPDX-License-Identifier: GPL-2.0 */
/* The files `kernel boot` and `kernel initramfs` write: checked up front, "-" staged through a temp file. */
#ifndef SB_BOOT_KERNEL_BOOT_OUT_H
#define SB_BOOT_KERNEL_BOOT_OUT_H

#include <limits.h>

#include "harness/boot/kernel_boot_settings.h"

/* The outputs of `boot` and `initramfs` a program writes by path. */
struct kernel_boot_staged {
	char results[PATH_MAX], console[PATH_MAX], initrd[PATH_MAX];
};

/*
 * The outputs checked before any build or boot: at most one on standard
 * output (it has it alone), none named twice, none --init, --scenario or
 * kernel @name's image, each writable. 0 or exit 2, said as `kernel @cmd`.
 */
int kernel_boot_outputs_ok(const char *cmd, const char *name,
			   const struct kernel_boot_settings *s);

/*
 * Each of @s's outputs named "-" (kernel_boot_outputs_ok(): at most one)
 * into a temp file of @st. Returns 0 or an exit code, said.
 */
int kernel_boot_stage(const char *cmd, struct kernel_boot_settings *s,
		      struct kernel_boot_staged *st);

/* The staged output (if any) to standard output; @code unless that fails. */
int kernel_boot_unstage(const char *cmd, const struct kernel_boot_staged *st,
			int code);

#endif
