/* SPDX-License-Identifier: GPL-2.0 */
/* A boot with its accelerator chosen: a KVM probe boot, else TCG (vm_accel.c). */
#ifndef SB_VM_ACCEL_H
#define SB_VM_ACCEL_H

#include "harness/boot/vm.h"
#include "harness/boot/vm_request.h"

/*
 * Decide the accelerator for @req->accel ("auto" probes KVM with a real
 * boot of @req->kernel once, caching the answer per host and QEMU version
 * under kernel_cache_dir()). Fills res->accel and res->accel_note.
 * Returns 0, or -EINVAL (an unknown accelerator) with res->detail set.
 */
int vm_choose_accel(const struct vm_request *req, struct vm_result *res);

/*
 * Boot, wait, classify. Chooses the accelerator itself (vm_choose_accel(),
 * answered from the cache after the first probe) and resets @res first.
 * A "virtual" guest has one vCPU whatever @req->cpus says (res->cpus).
 * Returns 0 when QEMU could be run at all (see res->status for the
 * outcome), or a -errno with res->detail saying why (-EINVAL: the request
 * is wrong: no image, an unknown accelerator, NUMA under virtual time).
 */
int vm_run(const struct vm_request *req, struct vm_result *res);

#endif
