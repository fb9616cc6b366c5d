/* SPDX-License-Identifier: GPL-2.0 */
/* The settings of `kernel boot` and `kernel initramfs`, apart from the functions, so that the outputs' checks need not include kernel_boot.h. */
#ifndef SB_BOOT_KERNEL_BOOT_SETTINGS_H
#define SB_BOOT_KERNEL_BOOT_SETTINGS_H

#include <stdint.h>

/* What `kernel boot|initramfs NAME` was given; NULL: not given. */
struct kernel_boot_settings {
	const char *init, *scenario, *results_out, *console, *initrd_out;
	const char *accel, *append, *bin_dir, *numa;
	uint64_t timeout_ns;
	int64_t cpus, memory_mb, icount_shift;
	int with_perf, require_agent;
	/* NAME and the options, for the output's envelope */
	int argc;
	char **argv;
};

#endif
