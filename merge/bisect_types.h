/* SPDX-License-Identifier: GPL-2.0 */
/* What the parts of a bisection share: its settings (from the command's options) and its state. */
#ifndef SB_MERGE_BISECT_TYPES_H
#define SB_MERGE_BISECT_TYPES_H

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <jansson.h>

#include "harness/boot/kernel.h"
#include "harness/scenario.h"
#include "merge/bisect.h"
#include "merge/bisect_git.h"
#include "merge/bisect_step.h"
#include "merge/bisect_triage.h"

/* The log in the bisection's directory. */
#define BISECT_LOG_FILE "bisect-log.json"

/* What `slicebench bisect` was asked: its options, parsed and checked. */
struct bisect_settings {
	const char *good, *bad, *scenario, *results, *accel, *kernel;
	const char *features;
	uint64_t max_repeats;
	int triage_only;
};

/* A bisection under way: its series or commits, ends, steps and log. */
struct bisector {
	const struct bisect_settings *o;
	struct kernel_info series, good;
	struct kernel_patches q;
	struct bisect_commits commits; /* a git range: position k's commit */
	char tree[PATH_MAX]; /* a git range: the kernel's tree */
	struct bisect b;
	struct bisect_ctx ctx;
	struct bisect_features feats; /* --features */
	struct scenario *sc; /* loaded for --features: its feature set */
	char good_name[64], log_path[PATH_MAX], self[PATH_MAX];
	struct bisect_log log; /* what the log holds, and is written from */
	const volatile sig_atomic_t *stop; /* Ctrl-C */
	int lock;
};

#endif
