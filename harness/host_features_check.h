/* SPDX-License-Identifier: GPL-2.0 */
/* Whether host mode can run a scenario with the features the host has. */
#ifndef SB_HOST_FEATURES_CHECK_H
#define SB_HOST_FEATURES_CHECK_H

#include "common/error.h"
#include "harness/run_types.h"

/*
 * Host mode (a kernel of @ks is the host) with features that cannot be set
 * while the scenario needs them set (two sets, or one unlike the host's
 * now), unless rn->features_as_is: -EACCES with @e naming the features
 * file, the feature and why; else 0.
 */
int run_check_host_features(const struct runner *rn,
			    const struct run_kernel *ks, int nk,
			    struct sb_error *e);

#endif
