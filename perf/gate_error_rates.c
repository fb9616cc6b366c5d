// SPDX-License-Identifier: GPL-2.0
/* The gate's and the check's error rates on synthetic runs, per regime, size and change, against the targets of ci/README.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"
#include "perf/synth_gate.h"
#include "ci/synth_runs.h"
#include "common/exitcodes.h"

/* How a run's value scatters around its level, on the log scale. */
enum regime { R_COV5, R_COV20, R_LOGNORMAL, R_T3, N_REGIMES };

static const char *const regime_names[] = {
	"run CoV 5 %",
	"run CoV 20 %",
	"log-normal sigma 0.5",
	"t(3) log, scale 0.1",
};

/* What the candidate changed. */
enum change { C_NONE, C_AT_TOL, C_15, C_20, C_PLUS50, C_PLUS100, N_CHANGES };

/* A gate of N runs a side (max 0), or a check of up to max runs a side. */
struct design {
	unsigned int n, max;
};

static const struct design designs[] = {
	{ 5, 0 }, { 10, 0 }, { 20, 0 }, { 0, 10 }, { 0, 20 },
};
#define N_DESIGNS (sizeof(designs) / sizeof(designs[0]))

static double log_noise(enum regime g, struct ci_rng *rng)
{
	double z = ci_rng_normal(rng), chi2 = 0;

	switch (g) {
	case R_COV5:
		return sqrt(log1p(0.05 * 0.05)) * z;
	case R_COV20:
		return sqrt(log1p(0.2 * 0.2)) * z;
	case R_LOGNORMAL:
		return 0.5 * z;
	default:
		for (int i = 0; i < 3; i++) {
			double u = ci_rng_normal(rng);

			chi2 += u * u;
		}
		return 0.1 * z / sqrt(chi2 / 3);
	}
}

/* The candidate's factor on rule @k when @target is the changed rule. */
static double factor(const struct ci_rules *rules, size_t k, enum change ch,
		     size_t target)
{
	const struct ci_rule *r = &rules->v[k];
	double tol = r->tolerance_pct / 100;

	switch (ch) {
	case C_AT_TOL:
		return synth_worse(r, tol);
	case C_15:
		return k == target ? synth_worse(r, 1.5 * tol) : 1;
	case C_20:
		return k == target ? synth_worse(r, 2 * tol) : 1;
	case C_PLUS50:
		return k == target ? synth_worse(r, 0.5) : 1;
	case C_PLUS100:
		return k == target ? synth_worse(r, 1) : 1;
	default:
		return 1;
	}
}

/* Runs 0..@n-1 of both sides, the candidate's rules changed by @ch. */
static void fill(struct ci_results *b, struct ci_results *c,
		 const struct ci_rules *rules, size_t n, enum regime g,
		 enum change ch, size_t target, struct ci_rng *rng)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < rules->n; k++) {
			double mu = synth_level_of(&rules->v[k]);

			synth_put(b, i, &rules->v[k],
				  mu * exp(log_noise(g, rng)));
			synth_put(c, i, &rules->v[k],
				  mu * factor(rules, k, ch, target) *
					  exp(log_noise(g, rng)));
		}
}

struct tally {
	unsigned int trials, regression, pass;
	double runs; /* runs a side used, summed */
	unsigned int *pass_of; /* exit 0 with rule k changed, per rule */
	unsigned int *trials_of;
};

/* @looks: the levels of a check's looks (check_levels), NULL for a gate. */
static struct tally run_cell(const struct ci_rules *rules, struct design d,
			     const struct ci_levels *looks, enum regime g,
			     enum change ch, size_t cyc, unsigned int count,
			     uint64_t seed)
{
	unsigned int runs = d.max ? d.max : d.n;
	struct ci_levels one = { rules->alpha, 1 - rules->pass_confidence };
	struct ci_rule_result *res = calloc(rules->n + 1, sizeof(*res));
	struct tally t = { .trials = count,
			   .pass_of = calloc(rules->n, sizeof(unsigned int)),
			   .trials_of =
				   calloc(rules->n, sizeof(unsigned int)) };
	struct ci_results b, c;
	struct ci_rng rng;

	ci_rng_seed(&rng, seed);
	if (!res || !t.pass_of || !t.trials_of || ci_synth_alloc(&b, runs) ||
	    ci_synth_alloc(&c, runs)) {
		fprintf(stderr, "gate_error_rates: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	for (unsigned int i = 0; i < count; i++) {
		size_t target =
			ch == C_15 || ch == C_20 ? synth_gating(rules, i) : cyc;
		unsigned int n = runs;
		int code;

		fill(&b, &c, rules, runs, g, ch, target, &rng);
		if (!d.max)
			code = synth_gate(rules, &b, &c, runs, &one, res);
		else
			for (n = rules->min_runs;; n++) {
				code = synth_gate(rules, &b, &c, n,
						  &looks[n - rules->min_runs],
						  res);
				if (code != CI_DECISION_UNDECIDED || n == d.max)
					break;
			}
		t.regression += code == CI_DECISION_REGRESSION;
		t.pass += code == CI_DECISION_PASS;
		t.runs += n;
		t.trials_of[target]++;
		t.pass_of[target] += code == CI_DECISION_PASS;
	}
	ci_synth_free(&b);
	ci_synth_free(&c);
	free(res);
	return t;
}

static void tally_free(struct tally *t)
{
	free(t->pass_of);
	free(t->trials_of);
}

/* "1.23 ± 0.25": a share in % with its Monte-Carlo standard error. */
static const char *pct(unsigned int k, unsigned int n, char *buf, size_t len)
{
	double p = (double)k / n;

	snprintf(buf, len, "%.2f ± %.2f", 100 * p, 100 * synth_share_se(k, n));
	return buf;
}

/* The changed rule that passed most often, as "name 4.1 %". */
static const char *worst_rule(const struct ci_rules *rules,
			      const struct tally *t, char *buf, size_t len)
{
	size_t w = 0;

	for (size_t k = 1; k < rules->n; k++)
		if ((double)t->pass_of[k] / fmax(t->trials_of[k], 1) >
		    (double)t->pass_of[w] / fmax(t->trials_of[w], 1))
			w = k;
	snprintf(buf, len, "%s %.1f", rules->v[w].name,
		 100.0 * t->pass_of[w] / fmax(t->trials_of[w], 1));
	return buf;
}

/* Targets: counted as checked, and said when missed or not yet shown. */
struct targets {
	unsigned int checked, missed;
};

/*
 * @k of @n against the share @bound, a ceiling (@at_most) or a floor. A
 * Monte-Carlo share beyond its bound by more than two standard errors is a
 * miss; beyond it by less, the trials cannot tell, which is said but not
 * counted as missed (more trials decide it).
 */
static void target(FILE *out, struct targets *tg, unsigned int k,
		   unsigned int n, double bound, int at_most, const char *what,
		   const char *regime, const char *design)
{
	double p = (double)k / n, over = at_most ? p - bound : bound - p;

	tg->checked++;
	if (over <= 0)
		return;
	if (over <= 2 * synth_share_se(k, n)) {
		fprintf(out,
			"NOT SHOWN: %s: %s, %s: %.2f %% against %g %%, within "
			"two standard errors (more trials decide)\n",
			what, regime, design, 100 * p, 100 * bound);
		return;
	}
	tg->missed++;
	fprintf(out, "MISSED: %s: %s, %s: %.2f %% against %g %%\n", what,
		regime, design, 100 * p, 100 * bound);
}

/* The table rows of regime @g on @out, then the misses, then "targets C M". */
static void regime_rows(const struct ci_rules *rules,
			struct ci_levels *const *looks, enum regime g,
			size_t cyc, unsigned int count, FILE *out)
{
	struct targets tgs = { 0 }, *tg = &tgs;
	char s[8][64], name[32], w15[96], w20[96];

	for (size_t di = 0; di < N_DESIGNS; di++) {
		struct design d = designs[di];
		struct tally t[N_CHANGES];

		for (int ch = 0; ch < N_CHANGES; ch++)
			t[ch] = run_cell(rules, d, looks[di], g, ch, cyc, count,
					 1000000ull * g + 1000 * di + ch);
		if (d.max)
			snprintf(name, sizeof(name), "check, max %u", d.max);
		else
			snprintf(name, sizeof(name), "gate %uv%u", d.n, d.n);
		fprintf(out,
			"| %s | %s | %s | %s (%.1f) | %s | %s | %s (%s) "
			"| %s (%s) | %s (%.1f) | %s |\n",
			di ? "" : regime_names[g], name,
			pct(t[C_NONE].regression, count, s[0], 64),
			pct(t[C_NONE].pass, count, s[1], 64),
			t[C_NONE].runs / count,
			pct(t[C_AT_TOL].regression, count, s[2], 64),
			pct(t[C_AT_TOL].pass, count, s[3], 64),
			pct(t[C_15].pass, count, s[4], 64),
			worst_rule(rules, &t[C_15], w15, sizeof(w15)),
			pct(t[C_20].pass, count, s[5], 64),
			worst_rule(rules, &t[C_20], w20, sizeof(w20)),
			pct(t[C_PLUS50].regression, count, s[6], 64),
			t[C_PLUS50].runs / count,
			pct(t[C_PLUS100].regression, count, s[7], 64));
		for (int ch = C_NONE; ch <= C_AT_TOL; ch++)
			target(out, tg, t[ch].regression, count, 0.01, 1,
			       ch ? "false regression, all at tolerance" :
				    "false regression, A vs A",
			       regime_names[g], name);
		target(out, tg, t[C_15].pass, count, 0.05, 1,
		       "exit 0 at 1.5x tolerance", regime_names[g], name);
		target(out, tg, t[C_20].pass, count, 0.01, 1,
		       "exit 0 at 2x tolerance", regime_names[g], name);
		if (g == R_COV5 && d.max == 20) {
			target(out, tg, t[C_NONE].pass, count, 0.9, 0,
			       "unchanged passes", regime_names[g], name);
			target(out, tg, t[C_PLUS50].regression, count, 0.99, 0,
			       "+50 % caught", regime_names[g], name);
		}
		for (int ch = 0; ch < N_CHANGES; ch++)
			tally_free(&t[ch]);
		fflush(out);
	}
	fprintf(out, "targets %u %u\n", tg->checked, tg->missed);
}

/* What each regime's worker needs. */
struct regime_job {
	const struct ci_rules *rules;
	struct ci_levels *const *looks;
	size_t cyc;
	unsigned int count;
};

static void regime_work(size_t g, FILE *out, void *arg)
{
	const struct regime_job *j = arg;

	regime_rows(j->rules, j->looks, (enum regime)g, j->cyc, j->count, out);
}

/*
 * Each regime in a worker process (synth_fork_each), its rows through a
 * pipe (a few kB); the rows in regime order, then the misses. The number
 * of targets missed, or -1.
 */
static int all_regimes(const struct ci_rules *rules,
		       struct ci_levels *const *looks, size_t cyc,
		       unsigned int count, unsigned int jobs)
{
	struct regime_job job = { rules, looks, cyc, count };
	char line[1024], *missed = NULL;
	size_t missed_len = 0;
	FILE *misses = open_memstream(&missed, &missed_len);
	FILE **in =
		misses ? synth_fork_each(N_REGIMES, jobs, regime_work, &job) :
			 NULL;
	unsigned int checked = 0, lost = 0, c, m;

	for (int g = 0; in && g < N_REGIMES; g++) {
		int done = 0;

		while (in[g] && fgets(line, sizeof(line), in[g]))
			if (sscanf(line, "targets %u %u", &c, &m) == 2) {
				checked += c;
				lost += m;
				done = 1;
			} else if (!strncmp(line, "MISSED", 6) ||
				   !strncmp(line, "NOT SHOWN", 9)) {
				fputs(line, misses);
			} else {
				fputs(line, stdout);
			}
		if (!done) { /* the worker died */
			checked = 0;
			break;
		}
	}
	for (int g = 0; in && g < N_REGIMES; g++)
		if (in[g])
			fclose(in[g]);
	if (in)
		synth_reap(in);
	if (!misses || !checked) {
		fprintf(stderr, "gate_error_rates: a worker failed\n");
		return -1;
	}
	fclose(misses);
	printf("\n%s\ntargets: %u of %u met\n", missed, checked - lost,
	       checked);
	free(missed);
	return (int)lost;
}

int main(int argc, char **argv)
{
	unsigned int count = argc > 2 ? (unsigned int)atoi(argv[2]) : 1000;
	unsigned int jobs = argc > 3 ? (unsigned int)atoi(argv[3]) : 2;
	struct ci_rules rules;
	struct sb_error e;
	int missed;
	struct ci_levels *looks[N_DESIGNS] = { 0 };
	size_t cyc = 0;

	if (argc < 2 || !count || !jobs || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: gate_error_rates RULES.json [TRIALS [JOBS]]\n"
			"Exit codes of the gate (5, 10, 20 runs a side) and "
			"the check (up to 10, 20)\non synthetic runs of every "
			"rule at once, per regime and change; exit 1\nwhen a "
			"target of ci/README.md is missed.\n");
		return argc < 2 ? SB_EXIT_USAGE : SB_EXIT_OK;
	}
	if (ci_rules_load(argv[1], &rules, &e)) {
		fprintf(stderr, "gate_error_rates: %s\n", e.msg);
		return SB_EXIT_USAGE;
	}
	while (cyc < rules.n && strcmp(rules.v[cyc].name, "cyclic avg delay"))
		cyc++;
	if (cyc == rules.n) {
		fprintf(stderr,
			"gate_error_rates: %s: no rule \"cyclic avg delay\"\n",
			argv[1]);
		return SB_EXIT_USAGE;
	}
	for (size_t di = 0; di < N_DESIGNS; di++)
		if (designs[di].max)
			looks[di] = synth_check_levels(&rules, designs[di].max);
	fflush(stdout); /* before the workers fork */
	printf("%u trials a cell, %zu rules at once (values drawn "
	       "independently), alpha %g, pass confidence %g; %% ± "
	       "Monte-Carlo standard error\n\n",
	       count, rules.n, rules.alpha, rules.pass_confidence);
	printf("| regime | test | A vs A: false regression | A vs A: exit 0 "
	       "(mean runs) | all at tolerance: false regression | "
	       "all at tolerance: exit 0 | 1.5x tol: exit 0 (worst rule) | "
	       "2x tol: exit 0 (worst rule) | +50 %%: caught (mean runs) | "
	       "+100 %%: caught |\n|---|---|---|---|---|---|---|---|---|---|\n");
	missed = all_regimes(&rules, looks, cyc, count, jobs);
	for (size_t di = 0; di < N_DESIGNS; di++)
		free(looks[di]);
	ci_rules_free(&rules);
	return missed < 0 ? SB_EXIT_UNMEASURED : missed ? 1 : SB_EXIT_OK;
}
