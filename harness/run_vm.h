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

/* Boot @k with @r's feature set; results land in @dir. */
void run_vm(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *dir, struct run_outcome *out);

#endif
