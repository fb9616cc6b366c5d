/* SPDX-License-Identifier: GPL-2.0 */
/* The work of `kernel boot` and `kernel initramfs`: an initramfs around a guest /init, booted under QEMU. */
#ifndef SB_BOOT_KERNEL_BOOT_H
#define SB_BOOT_KERNEL_BOOT_H

#include "harness/boot/kernel_boot_settings.h"

/*
 * `kernel initramfs NAME`: the archive written, its path and size printed
 * as JSON. Returns the command's exit code; errors said on stderr.
 */
int kernel_initramfs_cmd(const char *name, struct kernel_boot_settings *s);

/*
 * `kernel boot NAME`: the initramfs booted under QEMU, the outcome printed
 * as JSON. Returns the command's exit code (0 the guest said done status=ok,
 * 2 bad input before any build or boot, 4 it could not be measured).
 */
int kernel_boot_cmd(const char *name, struct kernel_boot_settings *s);

#endif
