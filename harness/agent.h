/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The agent: one run of a scenario on the running kernel. Sets the feature
 * set, starts the recorder, starts every workload together, writes the
 * measured window, samples schedstat, stops, and collects into @out_dir.
 * Shared by sbguest (in the guest) and host mode (in-process).
 */
#ifndef SB_AGENT_H
#define SB_AGENT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "harness/recorder.h"
#include "harness/scenario.h"

#define AGENT_FEATURES_PATH "/sys/kernel/debug/sched/features"

struct agent_opts {
	const struct scenario *sc;
	const struct sc_feature_set *fs;
	uint64_t seed; /* the repeat's seed, for the workloads' --seed */
	int set_features; /* 0: leave them as they are (host mode) */
	enum agent_recorder recorder;
	/* the control arm: neither the recorder nor schedstat sampling, so
	 * that only the workloads' own figures are left to compare */
	int untraced;
	const char *out_dir;
	const char *features_path; /* AGENT_FEATURES_PATH */
	const char *path_prefix; /* prepended to PATH for the tools, or NULL */
	const volatile sig_atomic_t *stop; /* non-zero: abort (Ctrl-C), or NULL */
	void (*log)(const char *msg); /* progress lines, or NULL */
};

/*
 * Run once. Always writes @out_dir/agent.json ({"status": "ok"|"failed",
 * "failure", "features", "recorder", "window", "workloads", "untraced",
 * ...}).
 * Returns 0 when the run is good, else -EIO (-ENOMEM) with @e saying why
 * (as agent.json's "failure" does).
 */
int agent_run(const struct agent_opts *o, struct sb_error *e);

#endif
