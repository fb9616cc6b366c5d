/* SPDX-License-Identifier: GPL-2.0 */
/* The checks of a scenario against its kernels before any boot. */
#ifndef SB_TOOLS_CHECK_H
#define SB_TOOLS_CHECK_H

#include "common/error.h"
#include "harness/run_types.h"

/*
 * What can be checked before any boot, for every kernel of @ks: CPU lists
 * against the guest's (or host's) CPUs, guest.memory_mb against the
 * host's memory, feature names against the kernel's own list (else the
 * documented one), and every workload tool outside the registry is a
 * program where the runs start it (the guest's PATH, or build/bin and
 * PATH on the host). 0, else -EINVAL with @e naming the scenario, field
 * and value, or a -errno of the guest's archive plan (initramfs_build()).
 */
int run_check_before_boot(const struct runner *rn, const struct run_kernel *ks,
			  int nk, struct sb_error *e);

#endif
