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
#include "harness/preflight.h"
#include "harness/recorder.h"
#include "harness/scenario.h"

#define AGENT_FEATURES_PATH "/sys/kernel/debug/sched/features"

/*
 * The machine before a run: the preflight and the guest's speed
 * (calibration). Taken at the run's start, or once before a snapshot whose
 * runs would all measure the same: under virtual time a restored guest's
 * idle CPU and its loop's speed are the snapshot's, by construction.
 */
struct agent_prep {
	struct preflight pf;
	uint64_t calib_loop_ns;
	const char *taken; /* "run" or "snapshot" (agent.json's calibration) */
};

/* Take @p for a run of @sc now; @taken says when, as above. */
void agent_prepare(const struct scenario *sc, const char *taken,
		   struct agent_prep *p);

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
	const struct agent_prep *prep; /* taken before, or NULL: at the start */
	int armed; /* recorder_arm() ran before (a guest before its snapshot) */
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
