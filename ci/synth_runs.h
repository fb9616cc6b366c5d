/* SPDX-License-Identifier: GPL-2.0 */
/* Results held in memory, one value per rule and run (and delay histograms or counts for pooled rules): the gate's unit tests and error-rate benchmark. */
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
/*
 * Set run @run's delay histogram of @rule's group (table.json's
 * delay_hist_ns, bucketed as common/hist.h buckets) from @n delays in ms,
 * and its value of @rule: the run's p99, read as a pooled rule reads it.
 */
int ci_synth_put_delays(struct ci_results *r, size_t run,
			const struct ci_rule *rule, const double *ms, size_t n);
/* Run @j's histogram and value of pooled @rule in @from into run @i of @to. */
int ci_synth_copy_delays(struct ci_results *to, size_t i,
			 const struct ci_results *from, size_t j,
			 const struct ci_rule *rule);
/*
 * Set run @run's document of @rule's group to the counts its metric's
 * share is of (struct ci_metric's counts: @missed of @all, at the
 * descriptor's paths, keys of its "result"), and its value of @rule:
 * the run's own share. 0, -EINVAL (the metric has no counts), -ENOMEM.
 */
int ci_synth_put_counts(struct ci_results *r, size_t run,
			const struct ci_rule *rule, double missed, double all);
void ci_synth_free(struct ci_results *r);

#endif
