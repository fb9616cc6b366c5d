/* SPDX-License-Identifier: GPL-2.0 */
/* What make perf's gate benchmarks share: a metric's typical level, a synthetic run's values and delays, the worker processes, a gate or a check's look over synthetic runs, the check's levels, a share's error. */
#ifndef CI_PERF_SYNTH_GATE_H
#define CI_PERF_SYNTH_GATE_H

#include <stddef.h>
#include <stdio.h>

#include "ci/gate.h"
#include "ci/rules.h"
#include "ci/stats.h"

/* A typical base level of @r's metric, in its unit. */
double synth_level_of(const struct ci_rule *r);

/* The factor that makes rule @r worse by @frac of its level. */
double synth_worse(const struct ci_rule *r, double frac);

/*
 * Run @run's value @v of rule @r: for a pooled rule, SYNTH_DELAYS delays of
 * one log-normal shape (sigma SYNTH_DELAY_SIGMA, a heavy tail as cyclic's)
 * scaled so that their p99 is @v, or for a pooled share SYNTH_FRAMES
 * frames of which it missed @v %. Exits 4 out of memory.
 */
void synth_put(struct ci_results *res, size_t run, const struct ci_rule *r,
	       double v);

/* Run @i of @from into run @i of @to, every rule's value (and histogram). */
void synth_copy(struct ci_results *to, const struct ci_results *from,
		const struct ci_rules *rules, size_t i);

/*
 * The @i-th (modulo their count) of @rules that gate: a report rule's
 * change exits 0 by design, so none is the changed rule of a trial.
 */
size_t synth_gating(const struct ci_rules *rules, size_t i);

/*
 * Runs 0..@runs-1 of @b and @c stamped as rounds, base then candidate
 * (start times kept in @stamps), so the gate pairs them as it pairs a
 * check's rounds.
 */
void synth_mark_rounds(struct ci_results *b, struct ci_results *c,
		       char (*stamps)[2][24], size_t runs);

/*
 * One gate (or a check's look) over the first @n runs a side of @b and @c
 * at @lv, its verdicts in @res (@rules->n); the decision. Exits 4 on error.
 */
int synth_gate(const struct ci_rules *rules, struct ci_results *b,
	       struct ci_results *c, size_t n, const struct ci_levels *lv,
	       struct ci_rule_result *res);

/*
 * The levels of a check's looks at min_runs..@max runs a side, as `check`
 * spends them (ci/spending.c); free() it. Exits 4 out of memory.
 */
struct ci_levels *synth_check_levels(const struct ci_rules *rules,
				     unsigned int max);

/*
 * @work(@i, out, @arg) for each i in 0..@n-1, each in a child process,
 * @jobs at a time, writing to its own pipe: the pipes' read ends in order
 * (the caller reads and closes each, then reaps with synth_reap), or NULL
 * when a pipe or fork failed. A child's output must fit its pipe (64 kB)
 * as the next child waits for a finished one.
 */
FILE **synth_fork_each(size_t n, unsigned int jobs,
		       void (*work)(size_t i, FILE *out, void *arg), void *arg);
/* Wait for every child, then free @in (of synth_fork_each). */
void synth_reap(FILE **in);

/* The standard error of a share of @k in @n; a floor of 1/@n when nothing was seen. */
double synth_share_se(unsigned int k, unsigned int n);

#endif
