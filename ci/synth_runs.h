/* SPDX-License-Identifier: GPL-2.0 */
/* Results held in memory, one value per rule and run: the gate's unit tests and error-rate benchmark. */
#ifndef CI_SYNTH_RUNS_H
#define CI_SYNTH_RUNS_H

#include <stddef.h>

#include "ci/results.h"
#include "ci/rules.h"

/* @runs empty runs in @r, of rounds (repeats) 1..@runs. Returns 0 or -ENOMEM. */
int ci_synth_alloc(struct ci_results *r, size_t runs);
/* Set (or replace) run @run's value of @rule's metric and group. */
int ci_synth_put(struct ci_results *r, size_t run, const struct ci_rule *rule,
		 double v);
void ci_synth_free(struct ci_results *r);

#endif
