/* SPDX-License-Identifier: GPL-2.0 */
/* A check from its settings: scenario and rules, kernels, plan, run directory and journal, then its rounds. */
#ifndef SB_MERGE_CHECK_H
#define SB_MERGE_CHECK_H

#include "merge/check_types.h"

/*
 * Run the check @o asks for (a new one, or the one to resume) until the
 * gate decides or the cap; the exit code (common/exitcodes.h).
 */
int check_session(const struct check_settings *o);

#endif
