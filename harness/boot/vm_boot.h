/* SPDX-License-Identifier: GPL-2.0 */
/* Internal to harness/boot: one QEMU boot with a given accelerator. */
#ifndef SB_BOOT_VM_BOOT_H
#define SB_BOOT_VM_BOOT_H

#include "harness/boot/vm.h"

#define QEMU VM_QEMU

/* QEMU's argv for one boot, its strings in one arena. */
struct vm_args {
	const char *v[128];
	int n;
	char store[16384];
	size_t used;
	int overflow;
};

/*
 * Fill @a for booting @req with @accel ("kvm", "tcg", "icount"), the serial
 * console going to @console. Returns 0 or -E2BIG.
 */
int vm_build_args(struct vm_args *a, const struct vm_request *req,
		  const char *accel, const char *console);

/*
 * Boot @req with @accel ("kvm", "tcg", "icount"), watch the console and
 * classify into @res (accel fields untouched). Returns 0 when QEMU ran, or
 * a -errno of the host (never one sb_exit_code() reads as bad input) with
 * res->detail set.
 */
int vm_boot(const struct vm_request *req, const char *accel,
	    struct vm_result *res);

/* "7.2.22", from qemu-system-x86_64 --version (cached), or "" if unknown. */
const char *vm_qemu_version(void);

#endif
