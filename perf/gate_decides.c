// SPDX-License-Identifier: GPL-2.0
/* Does the gate decide? Passes of an unchanged kernel at sized runs and at the merge check's measured noise, the "about N runs a side" estimate followed, and the promises where one rule's runs spread widely and drift, against issues 40's and 57's targets. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"
#include "ci/noise_store.h"
#include "perf/synth_gate.h"
#include "ci/sizing.h"
#include "ci/synth_runs.h"
#include "common/exitcodes.h"

/* The runs a side the estimate is followed from: the default scenario's repeats. */
#define FOLLOW_FROM 5

/* What a cell measures. */
enum kind {
	K_COV2_8, /* every rule at run CoV 2 %, gate 8 v 8 */
	K_COV5_SIZED, /* run CoV 5 %, gate at the runs sized for all rules */
	K_MERGE_CHECK, /* the merge check's noise and levels, check up to 10 */
	K_MERGE_RATIO, /* the same spreads at levels where floors are small */
	K_FOLLOW, /* run CoV 5 %, 5 v 5, then each estimate followed */
	K_DRIFT5, /* one rule spread 30 % and drifting (AR(1) 0.5), 5 v 5 */
	K_DRIFT8, /* the same, 8 v 8 */
	N_KINDS
};

/* What the candidate changed: nothing, or one rule (in turn) by x tolerance. */
enum change { C_NONE, C_15, C_20, N_CHANGES };

/* The bins of advised N over the N that decides: 0.05 wide, up to 10. */
#define RATIO_STEP 0.05
#define RATIO_BINS 200

/* One cell's counts, sent from its worker through a pipe. */
struct cell {
	unsigned int trials, pass, regression;
	unsigned int followed, decided, beyond; /* K_FOLLOW: rules */
	/* K_FOLLOW: advised N / the N that decides, in RATIO_STEP bins */
	unsigned int ratio[RATIO_BINS];
	double runs; /* runs a side used, summed */
};

/* The setting every cell shares. */
struct setup {
	struct ci_rules rules;
	double *sd_merge; /* per rule, NAN: not in the merge check's runs */
	double *mu_merge; /* per rule, its kept level (else synth_level_of) */
	/* per rule, the runs a side that pass it unchanged 80 % at run CoV 5 % */
	unsigned int *decides5;
	unsigned int sized5; /* the runs a side sized for run CoV 5 % */
	unsigned int check_max; /* the merge check's --max-repeats */
	unsigned int trials;
	unsigned int drift_trials; /* a K_DRIFT cell's: at least DRIFT_TRIALS */
};

/*
 * The drift cells (issue 57): the changed rule's runs spread 30 % on the
 * log scale and follow an AR(1) series over the repeat index, lag-1
 * correlation 0.5, each side its own; the other rules are quiet (0.5 %),
 * as a real-time bench where one figure follows the host's load.
 */
#define DRIFT_SD 0.3
#define DRIFT_RHO 0.5
#define DRIFT_QUIET 0.005
/* A drift cell's trials at least: its 1 % targets need that many. */
#define DRIFT_TRIALS 1000

static double cov_sd(double cov)
{
	return sqrt(log1p(cov * cov));
}

static void unmark_rounds(struct ci_results *b, struct ci_results *c)
{
	for (size_t i = 0; i < b->n_runs; i++)
		b->runs[i].start_time = c->runs[i].start_time = NULL;
}

/*
 * Run @i's standard normal noise of one rule and side: the AR(1) series
 * @z (kept between runs) of lag-1 correlation @rho; 0 is independent.
 */
static double noise(double *z, double rho, size_t i, struct ci_rng *rng)
{
	double e = ci_rng_normal(rng);

	*z = i ? rho * *z + sqrt(1 - rho * rho) * e : e;
	return *z;
}

/*
 * Runs @from..@to-1 of both sides: rule k at level @mu[k], spread @sd[k]
 * (NAN: absent), the candidate by @fac[k]; its noise drifts with lag-1
 * correlation @rho[k] (@rho NULL: none), @z two series a rule.
 */
static void put_runs(struct ci_results *b, struct ci_results *c,
		     const struct ci_rules *rules, const double *mu,
		     const double *sd, const double *fac, const double *rho,
		     double *z, size_t from, size_t to, struct ci_rng *rng)
{
	for (size_t i = from; i < to; i++)
		for (size_t k = 0; k < rules->n; k++) {
			double r = rho ? rho[k] : 0;

			if (isnan(sd[k]))
				continue;
			synth_put(b, i, &rules->v[k],
				  mu[k] * exp(sd[k] *
					      noise(&z[2 * k], r, i, rng)));
			synth_put(c, i, &rules->v[k],
				  mu[k] * fac[k] *
					  exp(sd[k] *
					      noise(&z[2 * k + 1], r, i, rng)));
		}
}

static void alloc_sides(struct ci_results *b, struct ci_results *c, size_t n)
{
	if (ci_synth_alloc(b, n) || ci_synth_alloc(c, n)) {
		fprintf(stderr, "gate_decides: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
}

/* Runs 0..@n-1 of @from into @to (as many runs or more). */
static void copy_runs(struct ci_results *to, const struct ci_results *from,
		      const struct ci_rules *rules, size_t n)
{
	for (size_t i = 0; i < n; i++)
		synth_copy(to, from, rules, i);
}

static int decided(enum ci_verdict v)
{
	return v == CI_V_PASS || v == CI_V_REGRESSION || v == CI_V_IMPROVEMENT;
}

/*
 * One K_FOLLOW trial: a 5 v 5 gate, then for each rule it left
 * inconclusive with "about N runs a side would decide it", N runs a side
 * (the first five kept, the rest new) gated again: is that rule decided?
 */
static void follow_trial(const struct setup *s, const double *mu,
			 const double *sd, const double *fac,
			 struct ci_rng *rng, struct ci_rule_result *res,
			 struct cell *out)
{
	const struct ci_rules *rules = &s->rules;
	struct ci_levels one = { rules->alpha, 1 - rules->pass_confidence };
	unsigned int *need = calloc(rules->n + 1, sizeof(*need)), most = 0;
	struct ci_results b, c, b2, c2;

	double *z = calloc(2 * rules->n + 1, sizeof(*z));

	alloc_sides(&b, &c, FOLLOW_FROM);
	if (!z || !need) {
		fprintf(stderr, "gate_decides: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	put_runs(&b, &c, rules, mu, sd, fac, NULL, z, 0, FOLLOW_FROM, rng);
	synth_gate(rules, &b, &c, FOLLOW_FROM, &one, res);
	for (size_t k = 0; need && k < rules->n; k++) {
		if (res[k].verdict != CI_V_INCONCLUSIVE || !res[k].more_runs ||
		    rules->v[k].report) /* shown only: nothing to follow */
			continue;
		if (res[k].more_runs > CI_SIZING_MAX_RUNS) {
			out->beyond++; /* "more than 1000": no N to follow */
			continue;
		}
		need[k] = res[k].more_runs;
		out->ratio[(size_t)fmin((double)need[k] / s->decides5[k] /
						RATIO_STEP,
					RATIO_BINS - 1)]++;
		if (need[k] > most)
			most = need[k];
	}
	if (most > FOLLOW_FROM) {
		alloc_sides(&b2, &c2, most);
		copy_runs(&b2, &b, rules, FOLLOW_FROM);
		copy_runs(&c2, &c, rules, FOLLOW_FROM);
		put_runs(&b2, &c2, rules, mu, sd, fac, NULL, z, FOLLOW_FROM,
			 most, rng);
		for (size_t k = 0; k < rules->n; k++) {
			if (!need[k])
				continue;
			synth_gate(rules, &b2, &c2, need[k], &one, res);
			out->followed++;
			out->decided += decided(res[k].verdict);
			out->runs += need[k];
		}
		ci_synth_free(&b2);
		ci_synth_free(&c2);
	}
	ci_synth_free(&b);
	ci_synth_free(&c);
	free(need);
	free(z);
}

/* One gate (@looks NULL) of @n a side, or a check up to @n with @looks. */
static int gate_trial(const struct setup *s, const double *mu, const double *sd,
		      const double *fac, const double *rho, unsigned int n,
		      const struct ci_levels *looks, struct ci_rng *rng,
		      struct ci_rule_result *res, unsigned int *used)
{
	const struct ci_rules *rules = &s->rules;
	struct ci_levels one = { rules->alpha, 1 - rules->pass_confidence };
	char(*stamps)[2][24] = looks ? calloc(n, sizeof(*stamps)) : NULL;
	double *z = calloc(2 * rules->n + 1, sizeof(*z));
	struct ci_results b, c;
	int code;

	if (!z) {
		fprintf(stderr, "gate_decides: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	alloc_sides(&b, &c, n);
	put_runs(&b, &c, rules, mu, sd, fac, rho, z, 0, n, rng);
	*used = n;
	if (!looks) {
		code = synth_gate(rules, &b, &c, n, &one, res);
	} else {
		if (!stamps) {
			fprintf(stderr, "gate_decides: out of memory\n");
			exit(SB_EXIT_UNMEASURED);
		}
		/* check runs its two kernels in rounds: the paired t */
		synth_mark_rounds(&b, &c, stamps, n);
		for (*used = rules->min_runs;; (*used)++) {
			code = synth_gate(rules, &b, &c, *used,
					  &looks[*used - rules->min_runs], res);
			if (code != CI_DECISION_UNDECIDED || *used == n)
				break;
		}
		unmark_rounds(&b, &c);
	}
	free(stamps);
	free(z);
	ci_synth_free(&b);
	ci_synth_free(&c);
	return code;
}

static struct cell run_cell(const struct setup *s, enum kind kd, enum change ch,
			    uint64_t seed)
{
	const struct ci_rules *rules = &s->rules;
	double *sd = calloc(rules->n + 1, sizeof(*sd)),
	       *mu = calloc(rules->n + 1, sizeof(*mu)),
	       *fac = calloc(rules->n + 1, sizeof(*fac)),
	       *rho = calloc(rules->n + 1, sizeof(*rho));
	int drift = kd == K_DRIFT5 || kd == K_DRIFT8;
	int merge = kd == K_MERGE_CHECK || kd == K_MERGE_RATIO;
	size_t *present = calloc(rules->n + 1, sizeof(*present)), n_present = 0;
	struct ci_rule_result *res = calloc(rules->n + 1, sizeof(*res));
	struct ci_levels *looks =
		merge ? synth_check_levels(rules, s->check_max) : NULL;
	struct cell out = { .trials = drift ? s->drift_trials : s->trials };
	struct ci_rng rng;

	if (!sd || !mu || !fac || !rho || !res || !present) {
		fprintf(stderr, "gate_decides: out of memory\n");
		exit(SB_EXIT_UNMEASURED);
	}
	ci_rng_seed(&rng, seed);
	for (size_t k = 0; k < rules->n; k++) {
		sd[k] = kd == K_COV2_8 ? cov_sd(0.02) :
			merge	       ? s->sd_merge[k] :
					 cov_sd(0.05);
		mu[k] = kd == K_MERGE_CHECK ? s->mu_merge[k] :
					      synth_level_of(&rules->v[k]);
		/* the gating rules with values, changed in turn */
		if (!isnan(sd[k]) && !rules->v[k].report)
			present[n_present++] = k;
	}
	for (unsigned int i = 0; i < out.trials; i++) {
		size_t target = n_present ? present[i % n_present] : 0;
		unsigned int n = kd == K_COV2_8	    ? 8 :
				 kd == K_COV5_SIZED ? s->sized5 :
				 kd == K_DRIFT5	    ? 5 :
				 kd == K_DRIFT8	    ? 8 :
						      s->check_max,
			     used;
		int code;

		for (size_t k = 0; drift && k < rules->n; k++) {
			sd[k] = k == target ? DRIFT_SD : DRIFT_QUIET;
			rho[k] = k == target ? DRIFT_RHO : 0;
		}
		for (size_t k = 0; k < rules->n; k++) {
			/* worse than its tolerance and its floor both */
			double tol = fmax(rules->v[k].tolerance_pct / 100,
					  rules->v[k].min_effect_abs / mu[k]);

			fac[k] = k != target || ch == C_NONE ?
					 1 :
					 synth_worse(&rules->v[k],
						     ch == C_15 ? 1.5 * tol :
								  2 * tol);
		}
		if (kd == K_FOLLOW) {
			follow_trial(s, mu, sd, fac, &rng, res, &out);
			continue;
		}
		code = gate_trial(s, mu, sd, fac, rho, n, looks, &rng, res,
				  &used);
		out.pass += code == CI_DECISION_PASS;
		out.regression += code == CI_DECISION_REGRESSION;
		out.runs += used;
	}
	free(looks);
	free(present);
	free(mu);
	free(sd);
	free(fac);
	free(rho);
	free(res);
	return out;
}

static void cell_work(size_t i, FILE *out, void *arg)
{
	struct cell c = run_cell(
		arg, (enum kind)(i / N_CHANGES), (enum change)(i % N_CHANGES),
		40000ull * (i / N_CHANGES) + 100 * (i % N_CHANGES) + 1);

	fwrite(&c, sizeof(c), 1, out);
}

/* Every (kind, change) cell in a worker process (synth_fork_each), into @cells. */
static int all_cells(const struct setup *s, unsigned int jobs,
		     struct cell cells[N_KINDS][N_CHANGES])
{
	FILE **in = synth_fork_each(N_KINDS * N_CHANGES, jobs, cell_work,
				    (void *)s);
	int ok = in != NULL;

	for (size_t i = 0; in && i < N_KINDS * N_CHANGES; i++) {
		ok &= in[i] && fread(&cells[i / N_CHANGES][i % N_CHANGES],
				     sizeof(cells[0][0]), 1, in[i]) == 1;
		if (in[i])
			fclose(in[i]);
	}
	if (in)
		synth_reap(in);
	return ok ? 0 : -1;
}

/* Wilson's 95 % interval of a share @k of @n, in %. */
static void wilson(unsigned int k, unsigned int n, double *lo, double *hi)
{
	double z = 1.959964, p = (double)k / n, d = 1 + z * z / n;
	double mid = (p + z * z / (2.0 * n)) / d;
	double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;

	*lo = 100 * fmax(mid - half, 0);
	*hi = 100 * fmin(mid + half, 1);
}

/*
 * A row: @k of @n against @bound (a ceiling when @at_most). Missed when
 * beyond it by more than two Monte-Carlo standard errors; beyond by less,
 * "not shown" (more trials decide); @info: said, never counted. Returns 1
 * when missed.
 */
static int row(const char *what, unsigned int k, unsigned int n, double bound,
	       int at_most, int info)
{
	double p = n ? (double)k / n : 0,
	       over = at_most ? p - bound : bound - p, lo = 0, hi = 0;
	const char *met = info				   ? "(not a target)" :
			  over <= 0			   ? "met" :
			  over <= 2 * synth_share_se(k, n) ? "not shown" :
							     "MISSED";

	if (n)
		wilson(k, n, &lo, &hi);
	printf("| %s | %.1f %% (%u of %u) | %.1f-%.1f %% | %s %g %% | %s |\n",
	       what, 100 * p, k, n, lo, hi, at_most ? "<=" : ">=", 100 * bound,
	       met);
	return !strcmp(met, "MISSED");
}

/* The four rows of a gate or check cell; misses counted (@info: none). */
static int rows_of(const char *name, struct cell c[N_CHANGES], double pass_min,
		   int info)
{
	char what[256];
	int missed = 0;

	snprintf(what, sizeof(what),
		 "%s: unchanged, exit 0 (mean %.1f runs a side)", name,
		 c[C_NONE].runs / c[C_NONE].trials);
	missed += row(what, c[C_NONE].pass, c[C_NONE].trials, pass_min, 0,
		      info || pass_min <= 0);
	snprintf(what, sizeof(what), "%s: unchanged, false regression", name);
	missed += row(what, c[C_NONE].regression, c[C_NONE].trials, 0.01, 1,
		      info);
	snprintf(what, sizeof(what), "%s: one rule 1.5x its tolerance, exit 0",
		 name);
	missed += row(what, c[C_15].pass, c[C_15].trials, 0.05, 1, info);
	snprintf(what, sizeof(what), "%s: one rule 2x its tolerance, exit 0",
		 name);
	missed += row(what, c[C_20].pass, c[C_20].trials, 0.01, 1, info);
	return missed;
}

/*
 * Each rule's spread and level in the merge check's kept noise, @paths
 * (comma-separated files, e.g. its two kernels'): the root mean square of
 * the spreads, as check pools them, and the geometric mean of the levels.
 * A rule none keeps has NAN.
 */
static int merge_noise(char *paths, struct setup *s)
{
	struct ci_noise *nz = calloc(1, sizeof(*nz));
	size_t n = s->rules.n, *m = calloc(n + 1, sizeof(*m));
	double *sq = calloc(n + 1, sizeof(*sq)),
	       *lg = calloc(n + 1, sizeof(*lg));
	char *save = NULL, *path;
	int kept = 0, files = 0, bad = !nz || !m || !sq || !lg;
	struct sb_error e;

	printf("merge check's noise:");
	for (path = bad ? NULL : strtok_r(paths, ",", &save); path;
	     path = strtok_r(NULL, ",", &save), files++) {
		e = (struct sb_error){ 0 };
		if (ci_noise_load(path, nz, &e)) {
			if (e.msg[0])
				fprintf(stderr, "gate_decides: %s\n", e.msg);
			else
				fprintf(stderr,
					"gate_decides: %s: no such file\n",
					path);
			bad = 1;
			break;
		}
		printf("%s %s (kernel %s, %d runs, %s)", files ? "," : "", path,
		       nz->kernel, nz->runs, nz->measured);
		for (size_t k = 0; k < n; k++)
			for (int j = 0; j < nz->n; j++)
				if (!strcmp(nz->rule[j].name,
					    s->rules.v[k].name)) {
					sq[k] += nz->rule[j].spread *
						 nz->rule[j].spread;
					lg[k] += log(
						nz->rule[j].level > 0 ?
							nz->rule[j].level :
							synth_level_of(
								&s->rules.v[k]));
					m[k]++;
				}
	}
	printf("\n");
	if (!bad)
		printf("spread and level (rms, geometric mean):");
	for (size_t k = 0; !bad && k < n; k++) {
		s->sd_merge[k] = m[k] ? sqrt(sq[k] / (double)m[k]) : NAN;
		s->mu_merge[k] = m[k] ? exp(lg[k] / (double)m[k]) :
					synth_level_of(&s->rules.v[k]);
		if (m[k])
			printf("%s %s %.1f %% at %.4g", kept++ ? "," : "",
			       s->rules.v[k].name, 100 * s->sd_merge[k],
			       s->mu_merge[k]);
	}
	if (!bad)
		printf("; %zu rules kept by none have no values in that cell "
		       "(not applicable)\n",
		       n - (size_t)kept);
	free(nz);
	free(m);
	free(sq);
	free(lg);
	return bad || !kept ? -1 : 0;
}

/*
 * The median of a K_FOLLOW cell's advised N over the N that decides, from
 * its bins (the upper edge of the bin the middle one falls in).
 */
static double median_ratio(const struct cell *f)
{
	unsigned int all = 0, seen = 0;

	for (size_t i = 0; i < RATIO_BINS; i++)
		all += f->ratio[i];
	for (size_t i = 0; i < RATIO_BINS; i++) {
		seen += f->ratio[i];
		if (all && 2 * seen >= all)
			return (double)(i + 1) * RATIO_STEP;
	}
	return NAN;
}

/* The table of every cell against its target; the targets missed. */
static int report(const struct setup *s, struct cell cells[N_KINDS][N_CHANGES])
{
	char name[256];
	int missed = 0;

	printf("\n| figure | share | 95 %% interval | target | met |\n"
	       "|---|---|---|---|---|\n");
	missed += rows_of("run CoV 2 %, gate 8v8", cells[K_COV2_8], 0.9, 0);
	snprintf(name, sizeof(name), "run CoV 5 %%, gate %uv%u (sized)",
		 s->sized5, s->sized5);
	missed += rows_of(name, cells[K_COV5_SIZED], 0.8, 0);
	snprintf(name, sizeof(name),
		 "merge check's noise and levels, check max %u (paired rounds)",
		 s->check_max);
	missed += rows_of(name, cells[K_MERGE_CHECK], 0.9, 0);
	snprintf(name, sizeof(name),
		 "its spreads at levels where floors are a "
		 "tenth or less, check max %u",
		 s->check_max);
	rows_of(name, cells[K_MERGE_RATIO], 0.9, 1);
	for (int ch = C_NONE; ch < N_CHANGES; ch++) {
		struct cell *f = &cells[K_FOLLOW][ch];

		snprintf(name, sizeof(name),
			 "run CoV 5 %%, 5v5, %s: \"about N runs a side\" "
			 "followed decides the rule (mean N %.1f; the %u "
			 "that said more than %d count as undecided)",
			 ch == C_NONE ? "unchanged" :
			 ch == C_15   ? "one rule 1.5x its tolerance" :
					"one rule 2x its tolerance",
			 f->followed ? f->runs / f->followed : 0, f->beyond,
			 CI_SIZING_MAX_RUNS);
		missed += row(name, f->decided, f->followed + f->beyond, 0.8, 0,
			      0);
	}
	printf("| run CoV 5 %%, 5v5, unchanged: median of the advised N over "
	       "the N that decides (ci_runs_to_pass at the true spread) | "
	       "%.2f | - | <= 1.5 | %s |\n",
	       median_ratio(&cells[K_FOLLOW][C_NONE]),
	       median_ratio(&cells[K_FOLLOW][C_NONE]) <= 1.5 ? "met" :
							       "MISSED");
	missed += !(median_ratio(&cells[K_FOLLOW][C_NONE]) <= 1.5);
	for (int k = K_DRIFT5; k <= K_DRIFT8; k++) {
		snprintf(name, sizeof(name),
			 "one rule (in turn) spread %.0f %% and drifting "
			 "(AR(1) %.1f a side), the others %.1f %%, gate %dv%d",
			 100 * DRIFT_SD, DRIFT_RHO, 100 * DRIFT_QUIET,
			 k == K_DRIFT5 ? 5 : 8, k == K_DRIFT5 ? 5 : 8);
		missed += rows_of(name, cells[k], 0, 0);
	}
	printf("\ntargets missed: %d\n", missed);
	return missed;
}

int main(int argc, char **argv)
{
	struct setup s = { .check_max = 10 };
	unsigned int jobs = argc > 4 ? (unsigned int)atoi(argv[4]) : 2;
	struct cell cells[N_KINDS][N_CHANGES];
	struct sb_error e;
	double *sd5;
	int rc;

	s.trials = argc > 3 ? (unsigned int)atoi(argv[3]) : 500;
	s.drift_trials = s.trials > DRIFT_TRIALS ? s.trials : DRIFT_TRIALS;
	if (argc < 3 || !s.trials || !jobs || !strcmp(argv[1], "--help")) {
		fprintf(argc < 3 ? stderr : stdout,
			"usage: gate_decides RULES.json NOISE.json[,NOISE.json...]"
			" [TRIALS [JOBS]]\n"
			"How often the gate decides on synthetic runs of every "
			"rule at once: an\nunchanged kernel at run CoV 2 %% (8 v "
			"8), at 5 %% with the runs sized for all\nrules, in a "
			"check up to 10 a side at the spreads and levels kept "
			"in\nNOISE.json (several: pooled), and the gate's \"about "
			"N runs a side would\ndecide it\" followed from 5 v 5 at "
			"5 %%, and one rule spread 30 %% and drifting\n(AR(1) "
			"0.5) at 5 v 5 and 8 v 8 (at least 1000 trials); exit 1 "
			"when a target\nof ci/README.md is missed.\n");
		return argc < 3 ? SB_EXIT_USAGE : SB_EXIT_OK;
	}
	if (ci_rules_load(argv[1], &s.rules, &e)) {
		fprintf(stderr, "gate_decides: %s\n", e.msg);
		return SB_EXIT_USAGE;
	}
	s.sd_merge = calloc(s.rules.n + 1, sizeof(double));
	s.mu_merge = calloc(s.rules.n + 1, sizeof(double));
	s.decides5 = calloc(s.rules.n + 1, sizeof(*s.decides5));
	sd5 = calloc(s.rules.n + 1, sizeof(double));
	rc = !s.sd_merge || !s.mu_merge || !s.decides5 || !sd5 ?
		     SB_EXIT_UNMEASURED :
		     0;
	for (size_t k = 0; !rc && k < s.rules.n; k++)
		s.decides5[k] = ci_runs_to_pass(
			cov_sd(0.05), ci_rule_bound_log(&s.rules.v[k]),
			ci_rule_pass_alpha(&s.rules, &s.rules.v[k]),
			CI_SIZING_POWER);
	if (!rc)
		printf("%s: %zu rules, alpha %g, pass confidence %g; %u trials a "
		       "cell, values drawn independently, log-normal\n",
		       argv[1], s.rules.n, s.rules.alpha,
		       s.rules.pass_confidence, s.trials);
	if (!rc && merge_noise(argv[2], &s))
		rc = SB_EXIT_USAGE;
	if (!rc)
		printf("runs a side an unchanged kernel needs to pass all rules "
		       "together %.0f %% of the time (ci_runs_to_pass_all): ",
		       100 * CI_SIZING_POWER);
	for (int i = 0; !rc && i < 3; i++) {
		const double cov[] = { 0.02, 0.03, 0.05 };

		for (size_t k = 0; k < s.rules.n; k++)
			sd5[k] = cov_sd(cov[i]);
		s.sized5 = ci_runs_to_pass_all(&s.rules, sd5, CI_SIZING_POWER);
		printf("%u at run CoV %.0f %%, ", s.sized5, 100 * cov[i]);
	}
	if (!rc)
		printf("%u at the merge check's noise\n",
		       ci_runs_to_pass_all(&s.rules, s.sd_merge,
					   CI_SIZING_POWER));
	free(sd5);
	if (!rc && s.sized5 > CI_SIZING_MAX_RUNS)
		rc = SB_EXIT_UNMEASURED;
	fflush(stdout); /* before the workers fork */
	if (!rc && all_cells(&s, jobs, cells)) {
		fprintf(stderr, "gate_decides: a worker failed\n");
		rc = SB_EXIT_UNMEASURED;
	}
	if (!rc)
		rc = report(&s, cells) ? 1 : SB_EXIT_OK;
	ci_rules_free(&s.rules);
	free(s.sd_merge);
	free(s.mu_merge);
	free(s.decides5);
	return rc;
}
