/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The accelerators a run happens under, one row each (accel.c): what QEMU
 * is given for it and what it means for the guest's clock. The harness
 * boots with a row, ci/ reads a manifest's accelerator through the same
 * row; nothing compares an accelerator's name but the lookup.
 */
#ifndef SB_ACCEL_H
#define SB_ACCEL_H

struct sb_accel {
	const char *name; /* as --accel, guest.accel and manifests spell it */
	const char *what; /* for notes: "TCG in virtual time" */
	/* QEMU's -accel and -cpu values; NULL: QEMU never boots with this
	 * name (auto chooses another row, none is the host itself). */
	const char *qemu_accel, *qemu_cpu;
	int requestable; /* a request may name it (--accel, guest.accel) */
	int probes; /* chooses: KVM after a probe boot, else fallback */
	int fallback; /* what probes runs without KVM (guest.without_kvm) */
	int instr_clock; /* the guest's clock counts instructions (-icount) */
	/* No host time or randomness reaches the guest: its RTC from a fixed
	 * date in guest time, RDRAND from the seed, virtio kicks served at
	 * once, one vCPU; a seed gives one run. */
	int sealed;
	int restores; /* runs may restore a snapshot instead of booting */
	int host; /* no guest: host mode's "none" */
};

/* What a request may name, as messages and docs list them (the rows with
 * requestable, in order; tests/unit/test_common.c checks it). */
#define SB_ACCELS "auto, kvm, tcg, icount, virtual"

/* The row named @name (NULL-safe), or NULL. */
const struct sb_accel *sb_accel_named(const char *name);
/* The row a request may name @name, or NULL (not one of SB_ACCELS). */
const struct sb_accel *sb_accel_requested(const char *name);
/* Does the row named @name have @field set? (0 for no such row, NULL) */
#define sb_accel_is(name, field) \
	(sb_accel_named(name) && sb_accel_named(name)->field)
/* The rows, @n of them, in order (tests, lists). */
const struct sb_accel *sb_accel_rows(int *n);

#endif
