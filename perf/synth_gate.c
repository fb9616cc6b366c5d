// SPDX-License-Identifier: GPL-2.0
/* What make perf's gate benchmarks share: a metric's typical level, a synthetic run's values and delays, the worker processes, a gate or a check's look over synthetic runs, the check's levels, a share's error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "perf/synth_gate.h"
#include "ci/spending.h"
#include "ci/synth_runs.h"
#include "common/exitcodes.h"

double synth_level_of(const struct ci_rule *r)
{
	static const struct {
		const char *metric;
		double mu;
	} levels[] = {
		{ "avg_delay_ms", 0.1 },
		{ "delay_p99_ms", 0.5 },
		{ "max_delay_ms", 2 },
		{ "latency_p99_us", 300 },
		{ "deadline_miss_pct", 5 },
		{ "input_latency_p99_us", 3000 },
		{ "work_units_per_s", 150000 },
		{ "runtime_ms", 5000 },
		{ "time_s", 1.5 },
		{ "pipe_ops_per_s", 100000 },
	};

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (!strcmp(ci_metric_at(r->metric)->name, levels[i].metric))
			return levels[i].mu;
	return 1;
}

double synth_worse(const struct ci_rule *r, double frac)
{
	return r->dir == CI_DIR_HIGHER ? 1 - frac : 1 + frac;
}

/* A pooled rule's delays a run: about a default cyclic run's (7,760) / 4. */
#define SYNTH_DELAYS 2000
#define SYNTH_DELAY_SIGMA 1.0
/* A pooled share's frames a run: about a default mixload run's (373-398). */
#define SYNTH_FRAMES 390
/* The standard normal's 0.99 quantile: the p99 of the delays is @v. */
#define Z99 2.326348

static void oom(void)
{
	fprintf(stderr, "synthetic gate: out of memory\n");
	exit(SB_EXIT_UNMEASURED);
}

/*
 * A run's delays have one shape, the log-normal's quantiles at (i + 0.5) /
 * n, scaled by the run's value: its spread is then the run's noise alone,
 * as every other rule's, so a cell's CoV means the same for all rules. (A
 * real run's p99 also varies with the delays it happened to draw; the
 * spread measured from real runs, which sizing reads, holds that part.)
 */
static const double *delay_shape(void)
{
	static double z[SYNTH_DELAYS];
	static int ready;

	for (size_t i = 0; !ready && i < SYNTH_DELAYS; i++)
		z[i] = exp(
			SYNTH_DELAY_SIGMA *
			(ci_t_quantile((i + 0.5) / SYNTH_DELAYS, 1e9) - Z99));
	ready = 1;
	return z;
}

void synth_put(struct ci_results *res, size_t run, const struct ci_rule *r,
	       double v)
{
	const double *shape = delay_shape();
	double ms[SYNTH_DELAYS];

	const struct ci_metric *m = ci_metric_at(r->metric);

	if (!r->pooled) {
		if (ci_synth_put(res, run, r, v))
			oom();
		return;
	}
	if (m->counts) { /* its share @v of SYNTH_FRAMES */
		if (ci_synth_put_counts(res, run, r,
					v * SYNTH_FRAMES / (100 * m->scale),
					SYNTH_FRAMES))
			oom();
		return;
	}
	for (size_t i = 0; i < SYNTH_DELAYS; i++)
		ms[i] = v * shape[i];
	if (ci_synth_put_delays(res, run, r, ms, SYNTH_DELAYS))
		oom();
}

void synth_copy(struct ci_results *to, const struct ci_results *from,
		const struct ci_rules *rules, size_t i)
{
	for (size_t k = 0; k < rules->n; k++) {
		const struct ci_rule *r = &rules->v[k];
		const struct ci_value *v =
			ci_values_get(&from->runs[i].vals, r->metric, r->group);

		if (r->pooled && !ci_metric_at(r->metric)->counts) {
			if (ci_synth_copy_delays(to, i, from, i, r))
				oom();
		} else if (v) {
			synth_put(to, i, r, v->v);
		}
	}
}

size_t synth_gating(const struct ci_rules *rules, size_t i)
{
	size_t gating = 0;

	for (size_t k = 0; k < rules->n; k++)
		gating += !rules->v[k].report;
	i %= gating ? gating : 1;
	for (size_t k = 0; k < rules->n; k++)
		if (!rules->v[k].report && !i--)
			return k;
	return 0;
}

void synth_mark_rounds(struct ci_results *b, struct ci_results *c,
		       char (*stamps)[2][24], size_t runs)
{
	for (size_t i = 0; i < runs; i++) {
		snprintf(stamps[i][0], sizeof(stamps[i][0]), "r%06zua", i);
		snprintf(stamps[i][1], sizeof(stamps[i][1]), "r%06zub", i);
		b->runs[i].start_time = stamps[i][0];
		c->runs[i].start_time = stamps[i][1];
	}
}

int synth_gate(const struct ci_rules *rules, struct ci_results *b,
	       struct ci_results *c, size_t n, const struct ci_levels *lv,
	       struct ci_rule_result *res)
{
	size_t nb = b->n_runs, nc = c->n_runs;
	struct sb_error e;
	int code;

	b->n_runs = c->n_runs = n;
	if (ci_gate_evaluate(rules, b, c, lv, res, &e)) {
		fprintf(stderr, "synthetic gate: %s\n", e.msg);
		exit(SB_EXIT_UNMEASURED);
	}
	code = ci_gate_decide(res, rules->n);
	b->n_runs = nb;
	c->n_runs = nc;
	return code;
}

struct ci_levels *synth_check_levels(const struct ci_rules *rules,
				     unsigned int max)
{
	size_t k = max - rules->min_runs + 1;
	struct ci_levels *lv = calloc(k, sizeof(*lv));
	double *t = calloc(k, sizeof(*t));

	for (size_t j = 0; lv && t && j < k; j++) {
		t[j] = (double)(rules->min_runs + j) / max;
		if (ci_spending_look(rules, t, j + 1, &lv[j])) {
			free(lv);
			lv = NULL;
		}
	}
	free(t);
	if (!lv) {
		fprintf(stderr, "synthetic gate: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	return lv;
}

FILE **synth_fork_each(size_t n, unsigned int jobs,
		       void (*work)(size_t i, FILE *out, void *arg), void *arg)
{
	FILE **in = calloc(n + 1, sizeof(*in));
	unsigned int running = 0;

	for (size_t i = 0; in && i < n; i++) {
		int fd[2];
		pid_t pid;

		if (running == jobs && wait(NULL) > 0)
			running--;
		if (pipe(fd) || (pid = fork()) < 0) {
			synth_reap(in);
			return NULL;
		}
		if (!pid) {
			FILE *out = fdopen(fd[1], "w");

			close(fd[0]);
			if (!out)
				_exit(SB_EXIT_UNMEASURED);
			work(i, out, arg);
			_exit(fclose(out) ? SB_EXIT_UNMEASURED : 0);
		}
		close(fd[1]);
		in[i] = fdopen(fd[0], "r");
		running++;
	}
	return in;
}

void synth_reap(FILE **in)
{
	while (wait(NULL) > 0)
		;
	free(in);
}

double synth_share_se(unsigned int k, unsigned int n)
{
	double p = (double)k / n;

	return sqrt(fmax(p * (1 - p), 1.0 / n) / n);
}
