// SPDX-License-Identifier: GPL-2.0
/* The gate's error rates on synthetic runs: family-wise false regressions (A vs A) and power, per regime and run count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"
#include "ci/synth_runs.h"
#include "common/exitcodes.h"

/* How one run's value is made from random draws. */
enum regime {
	R_RUN_AND_WITHIN, /* run effect CoV 20 %, 10 seconds of 5 % each */
	R_AR1, /* 30 autocorrelated seconds (AR(1) 0.8, sd 0.3), no run effect */
	R_ONE_VALUE, /* one value per run, CoV 10 % */
	R_HEAVY, /* log-normal sigma 0.5 */
	N_REGIMES
};

static const char *const regime_names[] = {
	"run CoV 20%, within-run 5% (10 s)",
	"AR(1) 0.8 seconds, no run effect (30 s)",
	"one value per run, CoV 10%",
	"heavy tails, log-normal sigma 0.5",
};

static double run_value(enum regime g, double mu, struct ci_rng *rng)
{
	double sum = 0, x;

	switch (g) {
	case R_RUN_AND_WITHIN:
		x = mu * exp(0.2 * ci_rng_normal(rng));
		for (int s = 0; s < 10; s++)
			sum += x * exp(0.05 * ci_rng_normal(rng));
		return sum / 10;
	case R_AR1:
		x = 0.3 * ci_rng_normal(rng); /* the stationary start */
		for (int s = 0; s < 30; s++) {
			sum += mu * exp(x);
			x = 0.8 * x + 0.3 * sqrt(1 - 0.64) * ci_rng_normal(rng);
		}
		return sum / 30;
	case R_ONE_VALUE:
		return mu * exp(0.1 * ci_rng_normal(rng));
	default:
		return mu * exp(0.5 * ci_rng_normal(rng));
	}
}

/* A typical base level of each metric, in its unit. */
static double level_of(const struct ci_rule *r)
{
	static const struct {
		const char *metric;
		double mu;
	} levels[] = {
		{ "avg_delay_ms", 0.1 },    { "delay_p99_ms", 0.5 },
		{ "max_delay_ms", 2 },	    { "latency_p99_us", 300 },
		{ "deadline_miss_pct", 5 }, { "input_latency_p99_us", 3000 },
		{ "loops_per_s", 500 },	    { "runtime_ms", 5000 },
		{ "time_s", 1.5 },
	};

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (!strcmp(ci_metric_at(r->metric)->name, levels[i].metric))
			return levels[i].mu;
	return 1;
}

/* Fill @n runs a side; rule @target of the candidate scaled by @mult. */
static void fill(struct ci_results *b, struct ci_results *c,
		 const struct ci_rules *rules, size_t n, enum regime g,
		 size_t target, double mult, struct ci_rng *rng)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < rules->n; k++) {
			double mu = level_of(&rules->v[k]);

			ci_synth_put(b, i, &rules->v[k], run_value(g, mu, rng));
			ci_synth_put(c, i, &rules->v[k],
				     run_value(g, mu, rng) *
					     (k == target ? mult : 1));
		}
}

struct tally {
	unsigned int regression, pass, trials;
};

static struct tally trials(const struct ci_rules *rules, size_t n,
			   enum regime g, size_t target, double mult,
			   unsigned int count, uint64_t seed)
{
	struct ci_levels lv = { rules->alpha, 1 - rules->pass_confidence };
	struct ci_rule_result *res = calloc(rules->n + 1, sizeof(*res));
	struct ci_results b, c;
	struct tally t = { .trials = count };
	struct ci_rng rng;
	char err[256];

	ci_rng_seed(&rng, seed);
	if (!res || ci_synth_alloc(&b, n) || ci_synth_alloc(&c, n)) {
		fprintf(stderr, "gate_error_rates: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	for (unsigned int i = 0; i < count; i++) {
		int code;

		fill(&b, &c, rules, n, g, target, mult, &rng);
		if (ci_gate_evaluate(rules, &b, &c, &lv, res, err,
				     sizeof(err))) {
			fprintf(stderr, "gate_error_rates: %s\n", err);
			exit(SB_EXIT_UNMEASURED);
		}
		code = ci_gate_exit_code(res, rules->n);
		t.regression += code == SB_EXIT_REGRESSION;
		t.pass += code == SB_EXIT_OK;
	}
	ci_synth_free(&b);
	ci_synth_free(&c);
	free(res);
	return t;
}

/* "0.15% [0.05, 0.44]": a rate with its Wilson 95 % interval. */
static void rate(unsigned int k, unsigned int n, char *buf, size_t len)
{
	double p = (double)k / n, z = 1.959964, d = 1 + z * z / n;
	double mid = (p + z * z / (2.0 * n)) / d;
	double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;

	snprintf(buf, len, "%.2f%% [%.2f, %.2f]", 100 * p,
		 100 * fmax(0, mid - half), 100 * fmin(1, mid + half));
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 4, 5, 8 };
	static const double effects[] = { 1.2, 1.5, 2.0 };
	unsigned int count = argc > 2 ? (unsigned int)atoi(argv[2]) : 2000;
	struct ci_rules rules;
	char err[1024], a[64], p[64];
	size_t target = 0;

	if (argc < 2 || !count || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: gate_error_rates RULES.json [TRIALS]\n"
			"A-vs-A family-wise false-regression rate and power "
			"on cyclic avg delay,\nper regime and runs a side, "
			"for the whole rule set at once.\n");
		return argc < 2 ? SB_EXIT_USAGE : SB_EXIT_OK;
	}
	if (ci_rules_load(argv[1], &rules, err, sizeof(err))) {
		fprintf(stderr, "gate_error_rates: %s\n", err);
		return SB_EXIT_USAGE;
	}
	while (target < rules.n &&
	       strcmp(rules.v[target].name, "cyclic avg delay"))
		target++;
	printf("%u trials per cell, %zu rules at once, alpha %g; rules drawn "
	       "independently\n",
	       count, rules.n, rules.alpha);
	for (int g = 0; g < N_REGIMES; g++) {
		printf("\n%s\n", regime_names[g]);
		for (size_t s = 0; s < 3; s++) {
			struct tally aa = trials(&rules, sizes[s], g, 0, 1,
						 count, 1000 * g + s);

			rate(aa.regression, aa.trials, a, sizeof(a));
			rate(aa.pass, aa.trials, p, sizeof(p));
			printf("  %zuv%zu  A vs A: false regression %s, pass %s\n",
			       sizes[s], sizes[s], a, p);
			for (size_t e = 0; target < rules.n && e < 3; e++) {
				struct tally pw = trials(
					&rules, sizes[s], g, target, effects[e],
					count, 1000 * g + 100 * (e + 1) + s);

				rate(pw.regression, pw.trials, a, sizeof(a));
				printf("        cyclic avg delay +%.0f%%: "
				       "regression found %s\n",
				       (effects[e] - 1) * 100, a);
			}
		}
	}
	ci_rules_free(&rules);
	return SB_EXIT_OK;
}
