/* SPDX-License-Identifier: GPL-2.0 */
/* manifest.json: what a finished run was (kernel, features, host, times, status). */
#ifndef SB_MANIFEST_H
#define SB_MANIFEST_H

#include <stdint.h>
#include <jansson.h>

#include "harness/boot/kernel.h"
#include "harness/plan.h"
#include "harness/run_types.h"

/*
 * The host's time of the calibration loop (common/calib.h), timed once per
 * process and set of allowed CPUs, then kept. It is the host's speed
 * undisturbed (the fastest of many short timings, chosen to hold on a busy
 * host), which no run changes; timing it for every run added only the
 * timing's own spread to each run's guest_speed. Keyed on the allowed
 * CPUs because the loop runs on the caller's CPU (--jobs pins). The
 * runner calls it before it forks a run's end, so that children inherit
 * the figure.
 */
uint64_t manifest_host_loop_ns(void);

/* manifest.json of a finished run (status complete when no failure). */
json_t *manifest_build(const struct runner *rn, const struct kernel_info *ki,
		       const struct plan_run *r, const char *dir,
		       const struct run_outcome *out, const char *start_time,
		       const char *end_time);

#endif
