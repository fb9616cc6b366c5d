// SPDX-License-Identifier: GPL-2.0
/*
 * The accelerator table: a new accelerator is one row here, and the code
 * booting it, choosing it and reading it back asks the row's fields.
 */
#include "common/accel.h"
#include "common/byname.h"

/* One host thread for all vCPUs (vm_args.c says why). */
#define TCG "tcg,thread=single"

static const struct sb_accel rows[] = {
	{ .name = "auto",
	  .what = "KVM if a probe boot works, else TCG",
	  .requestable = 1,
	  .probes = 1 },
	{ .name = "kvm",
	  .what = "KVM",
	  .qemu_accel = "kvm",
	  .qemu_cpu = "host",
	  .requestable = 1 },
	{ .name = "tcg",
	  .what = "TCG",
	  .qemu_accel = TCG,
	  .qemu_cpu = "max",
	  .requestable = 1,
	  .fallback = 1,
	  .restores = 1 },
	{ .name = "icount",
	  .what = "TCG in fixed-rate virtual time",
	  .qemu_accel = TCG,
	  .qemu_cpu = "max",
	  .requestable = 1,
	  .fallback = 1,
	  .instr_clock = 1,
	  .restores = 1 },
	{ .name = "virtual",
	  .what = "TCG in virtual time",
	  .qemu_accel = TCG,
	  .qemu_cpu = "max",
	  .requestable = 1,
	  .fallback = 1,
	  .instr_clock = 1,
	  .sealed = 1,
	  .restores = 1 },
	{ .name = "none", .what = "the host, no guest", .host = 1 },
};

#define N_ROWS ((int)(sizeof(rows) / sizeof(rows[0])))

const struct sb_accel *sb_accel_named(const char *name)
{
	long i = sb_index_named(rows, N_ROWS, name, name);

	return i < 0 ? NULL : &rows[i];
}

const struct sb_accel *sb_accel_requested(const char *name)
{
	const struct sb_accel *a = sb_accel_named(name);

	return a && a->requestable ? a : NULL;
}

const struct sb_accel *sb_accel_rows(int *n)
{
	*n = N_ROWS;
	return rows;
}
