/* SPDX-License-Identifier: GPL-2.0 */
/* QEMU's command line for one boot (vm_args.c). */
#ifndef SB_VM_ARGS_H
#define SB_VM_ARGS_H

#include <stddef.h>

struct vm_request;

/*
 * The kernel command line's fixed start (the request's append follows).
 * no_timer_check: a starved TCG vCPU can fail the IO-APIC timer check.
 * cryptomgr.notests=1: a distribution kernel's crypto self-tests
 * (cryptomgr_test) ran on through the snapshot into the window, 4.2 s of a
 * 22 s run's CPU beside the workloads (docs/performance.md).
 */
#define VM_BASE_APPEND \
	"console=ttyS0 quiet panic=-1 no_timer_check cryptomgr.notests=1"

/* QEMU's argv for one boot, its strings in one arena. */
struct vm_args {
	const char *v[128];
	int n;
	char store[16384];
	size_t used;
	int overflow;
};

/*
 * Fill @a for booting @req with @accel (a row of common/accel.h QEMU boots
 * with), the serial console going to @console. Returns 0, -EINVAL (no
 * such row) or -E2BIG.
 */
int vm_build_args(struct vm_args *a, const struct vm_request *req,
		  const char *accel, const char *console);

#endif
