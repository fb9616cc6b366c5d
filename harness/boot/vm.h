/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One QEMU boot (vm.c): console to a log file, results out over a
 * virtio-serial port named "results", a hard timeout, and kernel-panic
 * detection on the console; its outcome.
 */
#ifndef SB_VM_H
#define SB_VM_H

#include <stdint.h>

#include "harness/boot/vm_request.h"

enum vm_status {
	VM_OK, /* guest powered off and printed "SLICEBENCH: done" */
	VM_TIMEOUT, /* killed after timeout_ns */
	VM_PANIC, /* "Kernel panic" on the console */
	VM_GUEST_FAILED, /* guest reported failure or stopped without "done" */
	VM_QEMU_FAILED, /* QEMU did not start or exited with an error */
};

/*
 * The agent's console lines (after "SLICEBENCH: ") that begin and end its
 * workloads: the host times the window's cost between them.
 */
#define VM_LINE_WORKLOADS_START "workloads: starting"
#define VM_LINE_WORKLOADS_END "workloads: ended"

struct vm_result {
	enum vm_status status;
	char accel[16]; /* used: "kvm", "tcg", "icount" or "virtual" */
	char accel_note[256]; /* why (e.g. "KVM probe failed: ...") */
	char qemu_version[64];
	int cpus; /* vCPUs booted ("virtual" boots one) */
	char detail[512]; /* panic line, guest error line, qemu error */
	uint64_t wall_ns; /* QEMU start to exit */
	uint64_t boot_to_user_ns; /* QEMU start to the guest init's first line
				   * (restored: the agent's), 0 if unseen */
	/* host time from the agent starting the workloads to their end (its
	 * console lines), 0 if unseen: what the window costs the host */
	uint64_t workloads_host_ns;
	char start[16]; /* "boot", or "restore" (from a snapshot) */
	char start_note[512]; /* the snapshot, or why the guest booted */
	char snapshot[20]; /* restored: the snapshot's key (its file name,
			    * 16 hex digits); else "" */
};

const char *vm_status_name(enum vm_status s);

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
