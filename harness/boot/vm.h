/* SPDX-License-Identifier: GPL-2.0 */
/*
 * QEMU launcher: accelerator choice (a KVM probe boot, else TCG), guest
 * shape, console to a log file, results out over a virtio-serial port named
 * "results", a hard timeout, and kernel-panic detection on the console.
 */
#ifndef SB_VM_H
#define SB_VM_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "common/cpulist.h"
#include "harness/boot/kernel.h"

struct vm_numa_node {
	char cpus[32]; /* "0-1" */
	int memory_mb;
};

/* A week: far above any run (durations are at most a day each). */
#define VM_TIMEOUT_MAX_NS (7ULL * 24 * 3600 * 1000000000ULL)

struct vm_request {
	const struct kernel_info *kernel;
	const char *initrd;
	const char *accel; /* one of VM_ACCELS */
	int icount_shift; /* for "icount" and "virtual" */
	uint64_t seed; /* for "virtual": the guest's RDRAND/RDSEED stream */
	const char *without_kvm; /* what "auto" runs without KVM: "tcg" (NULL)
				  * or "virtual" */
	int cpus;
	int memory_mb;
	const struct vm_numa_node *numa; /* NULL or numa_nodes entries */
	int numa_nodes;
	const char *append; /* extra kernel command line, e.g. sb.featureset=X */
	const char *console_log; /* path for the serial console */
	const char *results_out; /* host file receiving the results port */
	uint64_t timeout_ns; /* hard limit for the whole boot-run-poweroff:
			      * 1..VM_TIMEOUT_MAX_NS, else vm_run refuses */
	const char *pid_file; /* NULL, or where QEMU's pid is kept while it
			       * runs (sb_pid_file_running) */
};

enum vm_status {
	VM_OK, /* guest powered off and printed "SLICEBENCH: done" */
	VM_TIMEOUT, /* killed after timeout_ns */
	VM_PANIC, /* "Kernel panic" on the console */
	VM_GUEST_FAILED, /* guest reported failure or stopped without "done" */
	VM_QEMU_FAILED, /* QEMU did not start or exited with an error */
};

struct vm_result {
	enum vm_status status;
	char accel[16]; /* used: "kvm", "tcg", "icount" or "virtual" */
	char accel_note[256]; /* why (e.g. "KVM probe failed: ...") */
	char qemu_version[64];
	int cpus; /* vCPUs booted ("virtual" boots one) */
	char detail[512]; /* panic line, guest error line, qemu error */
	uint64_t wall_ns; /* QEMU start to exit */
	uint64_t boot_to_user_ns; /* QEMU start to the guest init's first line, 0 if unseen */
};

const char *vm_status_name(enum vm_status s);

/*
 * The accelerators a request may name. "virtual" is "icount" with no host
 * time or host randomness reaching the guest (guest time from executed
 * instructions only, the RTC from a fixed date, RDRAND from the seed,
 * virtio kicks served at once), on one vCPU: one seed, one run.
 */
/* QEMU's program name, as in its command line. */
#define VM_QEMU "qemu-system-x86_64"

#define VM_ACCELS "auto, kvm, tcg, icount, virtual"

/* Is @name one of VM_ACCELS? (Inline: the guest agent checks scenarios.) */
static inline int vm_accel_known(const char *name)
{
	static const char *const names[] = { "auto", "kvm", "tcg", "icount",
					     "virtual" };

	for (size_t i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

/*
 * A NUMA node's CPUs as QEMU's -numa node,cpus= takes them: one CPU or one
 * range of the CPU-list grammar ("0", "2-3"; no "3-2", no lists).
 */
static inline int vm_numa_cpus_valid(const char *s)
{
	cpu_set_t set;

	return strspn(s, "0123456789-") == strlen(s) &&
	       !sb_cpulist_parse(s, &set);
}

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
