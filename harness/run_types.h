/* SPDX-License-Identifier: GPL-2.0 */
/* What every part of a run shares: the runner, a kernel of the matrix, a run's outcome. */
#ifndef SB_RUN_TYPES_H
#define SB_RUN_TYPES_H

#include <limits.h>
#include <signal.h>
#include <jansson.h>

#include "common/agent_file.h"
#include "harness/boot/kernel.h"
#include "harness/scenario.h"

/* The one feature set of --features-as-is runs: nothing was set. */
#define RUN_AS_FOUND_SET "as-found"

struct runner {
	const struct scenario *sc;
	const char *scenario_path;
	char sha256[65];
	char accel[16]; /* auto|kvm|tcg|icount */
	char bin_dir[PATH_MAX]; /* build/bin: sbguest, workloads */
	char src_dir[PATH_MAX]; /* the repository: harness/guest/init */
	const volatile sig_atomic_t *stop;
	int features_as_is; /* host mode: features as found, never set */
	/* check's --cand-features, or NULL: sets[1] was made from it, for
	 * the second kernel */
	const char *cand_features;
	size_t at_once; /* runs at once (run_at_once); 0 until decided */
};

/* A kernel of the matrix, prepared (image, initramfs) on first use. */
struct run_kernel {
	struct kernel_info ki;
	int image_ready; /* kernel_prepare: 0 not yet, 1 done, -1 failed */
	int prepared; /* 0 not yet, 1 ready, -1 failed (see error) */
	char initrd[PATH_MAX];
	char error[600];
};

struct run_outcome {
	char failure[1024]; /* "" when the run is complete */
	json_t *vm; /* the manifest's "vm" section, or null for the host */
	char accel[16], qemu_version[64]; /* the VM's; "" for the host */
	int has_agent; /* agent.json was read into agent */
	struct sb_agent_report agent;
	char note[300]; /* said in the manifest and on screen, or "" */
};

#endif
