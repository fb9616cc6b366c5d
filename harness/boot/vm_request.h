/* SPDX-License-Identifier: GPL-2.0 */
/* What a QEMU boot is asked for: kernel, initrd, accelerator, guest shape, files, time limit. */
#ifndef SB_VM_REQUEST_H
#define SB_VM_REQUEST_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/accel.h"
#include "common/cpulist.h"
#include "common/field.h"

struct kernel_info;

struct vm_numa_node {
	char cpus[32]; /* "0-1" */
	int memory_mb;
};

/* A week: far above any run (durations are at most a day each). */
#define VM_TIMEOUT_MAX_NS (7ULL * 24 * 3600 * 1000000000ULL)

/*
 * The guest's shape, set by `kernel boot`'s options and a scenario's
 * guest object alike: one range each (tests/integration/cli_config_ranges.sh
 * holds them equal).
 */
#define VM_CPUS_MAX 64
#define VM_MEMORY_MB_MIN 128
#define VM_MEMORY_MB_MAX (1 << 20)
#define VM_ICOUNT_SHIFT_MAX 10

struct vm_request {
	const struct kernel_info *kernel;
	const char *initrd;
	const char *accel; /* one of SB_ACCELS (common/accel.h) */
	int icount_shift; /* for accelerators with an instruction clock */
	uint64_t seed; /* for a sealed one: the guest's RDRAND/RDSEED stream */
	const char *without_kvm; /* what "auto" runs without KVM: a fallback
				  * row (NULL: "tcg") */
	int cpus;
	int memory_mb;
	const struct vm_numa_node *numa; /* NULL or numa_nodes entries */
	int numa_nodes;
	const char *append; /* extra kernel command line, e.g. sb.featureset=X */
	const char *console_log; /* path for the serial console */
	const char *results_out; /* host file receiving the results port */
	uint64_t timeout_ns; /* hard limit for the whole boot-run-poweroff:
			      * 1..VM_TIMEOUT_MAX_NS, else vm_run refuses;
			      * under "virtual" in guest time (vm_limit.h) */
	const char *pid_file; /* NULL, or where QEMU's pid is kept while it
			       * runs (sb_pid_file_running) */
	/* Restore instead of boot (vm_run, where the accelerator allows):
	 * NULL, or the run's values for the guest agent, given in fw_cfg file
	 * opt/sb/params to a guest restored from a snapshot booted with
	 * @snapshot_append instead of @append (vm_snapshot.c). */
	const char *params;
	const char *snapshot_append;
	/* For vm_boot (set by vm_snapshot.c): save the guest's state into
	 * this file once it says "ready", or restore it from this file. */
	const char *snapshot_save;
	const char *snapshot_load;
	/* With either: the guest's RAM as this file (with NUMA nodes, node
	 * N's as "<file>.N"), written through by the save (share=on) and
	 * mapped copy-on-write by a restore, which so reads only what the
	 * guest touches and leaves the file as it was. */
	const char *snapshot_ram;
	const char *qmp_socket; /* set by vm_boot with either */
};

/* QEMU's program name, as in its command line. */
#define VM_QEMU "qemu-system-x86_64"

/* The accelerators a request may name, as messages list them (rows of
 * common/accel.c). */
#define VM_ACCELS SB_ACCELS

/* A command line's accelerator (a row's parse_arg): one of SB_ACCELS. */
static inline int vm_accel_arg(void *dest, const char *value, const char **why)
{
	*why = "is not one of " SB_ACCELS;
	if (!sb_accel_requested(value))
		return -EINVAL;
	*(const char **)dest = value;
	return 0;
}

/* The --accel row of a command that boots guests: the const char *
 * @member of @type, with @doc. */
#define VM_ACCEL_ROW(st, member, doc_)                                     \
	{                                                                  \
		.key = "accel", .type = SB_F_CALL,                         \
		.offset = offsetof(st, member), .parse_arg = vm_accel_arg, \
		.metavar = "A", .doc = (doc_)                              \
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

#endif
