/* SPDX-License-Identifier: GPL-2.0 */
/* One run in a VM: the guest's initramfs, the boot, the results out of it. */
#ifndef SB_RUN_VM_H
#define SB_RUN_VM_H

#include <stddef.h>

#include "harness/boot/initramfs.h"
#include "harness/plan.h"
#include "harness/run_types.h"

/*
 * The initramfs of @k's runs as run_vm builds it (no out_path); @init holds
 * the guest init's path and must outlive the request.
 */
struct initramfs_request run_initramfs_request(const struct runner *rn,
					       const struct run_kernel *k,
					       char *init, size_t len);

/*
 * Boot @k with @r's feature set; its results.tar lands in @dir, @out->vm
 * and @out->failure say how QEMU went (run_vm_collect takes the rest).
 */
void run_vm(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *dir, struct run_outcome *out);

/*
 * After run_vm: the results unpacked into @dir, @k's features kept, and
 * @out->agent and the guest's own failure read (needs nothing of the
 * runner: a child may do it while the next guest runs).
 */
void run_vm_collect(const struct run_kernel *k, const char *dir,
		    struct run_outcome *out);

#endif
