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
 * @k's image and initramfs, once a command (run_vm calls it): 0, or -1
 * with k->error set. Runs at once call it before their fork, so every
 * child boots the initramfs of the command's start.
 */
int run_vm_prepare(const struct runner *rn, struct run_kernel *k);

/*
 * Boot @k with @r's feature set; its results.tar lands in @dir, @out->vm
 * and @out->failure say how QEMU went (run_vm_collect takes the rest).
 */
void run_vm(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *dir, struct run_outcome *out);

/*
 * Do @k's runs under @rn keep what they measure whatever else the host
 * runs (a sealed accelerator: virtual time)? 1 or 0; prepares @k's image
 * (kernel_prepare; not its initramfs, which check's guest scenario may
 * still change) and asks vm_choose_accel, whose KVM probe (a boot of the
 * image alone) is cached, so it is done before the runs, not by each.
 */
int run_vm_sealed(const struct runner *rn, struct run_kernel *k);

/*
 * After run_vm: the results unpacked into @dir, @k's features kept, and
 * @out->agent and the guest's own failure read (needs nothing of the
 * runner).
 */
void run_vm_collect(const struct run_kernel *k, const char *dir,
		    struct run_outcome *out);

#endif
