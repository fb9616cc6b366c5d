// SPDX-License-Identifier: GPL-2.0
/* A merge check's power on real runs: checks replayed from a pool of rounds of two kernels, looks and levels as `check` spends them. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate.h"
#include "ci/results.h"
#include "ci/rules.h"
#include "ci/stats.h"
#include "common/exitcodes.h"
#include "perf/synth_gate.h"

#define USAGE                                                                   \
	"usage: check_power RULES MAX CHECKS SEED BASE_SPEC CAND_SPEC\n"        \
	"Replays CHECKS merge checks of up to MAX rounds from a pool of real\n" \
	"runs (SPEC: DIR:kernel/feature-set, the two kernels run in rounds\n"   \
	"of one seed, as `slicebench run --kernel A,B` makes them): each\n"     \
	"check takes the pool's rounds in its own random order (SEED + its\n"   \
	"number), looks after every round from min_runs on at the levels\n"     \
	"check spends, and stops when the gate decides. Prints each rule's\n"   \
	"change over the whole pool (the figure a check should find) and\n"     \
	"the checks' outcomes.\n"

/* One side's runs, loaded; its rounds by repeat number. */
struct pool {
	struct ci_results res;
	struct ci_run **by_rep; /* [repeat], NULL where none */
	unsigned int max_rep;
};

static void die(const char *what, const char *why)
{
	fprintf(stderr, "check_power: %s: %s\n", what, why);
	exit(SB_EXIT_USAGE);
}

static void pool_load(const char *spec, struct pool *p)
{
	char *dir, *kernel, *fs;
	struct sb_error e;

	if (ci_spec_split(spec, &dir, &kernel, &fs) || !kernel || !fs)
		die(spec, "not DIR:kernel/feature-set");
	if (ci_results_load(dir, &p->res, &e) ||
	    ci_results_filter(&p->res, kernel, fs, &e))
		die(spec, e.msg);
	for (size_t i = 0; i < p->res.n_runs; i++)
		if (p->res.runs[i].repeat > p->max_rep)
			p->max_rep = p->res.runs[i].repeat;
	p->by_rep = calloc(p->max_rep + 1, sizeof(*p->by_rep));
	if (!p->by_rep)
		die(spec, "out of memory");
	for (size_t i = 0; i < p->res.n_runs; i++)
		p->by_rep[p->res.runs[i].repeat] = &p->res.runs[i];
	free(dir);
	free(kernel);
	free(fs);
}

/* The repeats both pools hold: a check's rounds are drawn from these. */
static unsigned int common_rounds(const struct pool *b, const struct pool *c,
				  unsigned int *out)
{
	unsigned int n = 0;

	for (unsigned int r = 1; r <= b->max_rep && r <= c->max_rep; r++)
		if (b->by_rep[r] && c->by_rep[r])
			out[n++] = r;
	return n;
}

/*
 * Views of @n rounds of the pools in the order @rounds: run i of each side
 * is round rounds[i] (one seed on both), stamped base-then-candidate so
 * the gate pairs them as it pairs a check's rounds.
 */
static void views(const struct pool *pb, const struct pool *pc,
		  const unsigned int *rounds, unsigned int n,
		  struct ci_results *b, struct ci_results *c,
		  char (*stamps)[2][24])
{
	*b = (struct ci_results){ .dir = pb->res.dir, .n_runs = n };
	*c = (struct ci_results){ .dir = pc->res.dir, .n_runs = n };
	b->runs = calloc(n, sizeof(*b->runs));
	c->runs = calloc(n, sizeof(*c->runs));
	if (!b->runs || !c->runs)
		die("views", "out of memory");
	for (unsigned int i = 0; i < n; i++) {
		b->runs[i] = *pb->by_rep[rounds[i]];
		c->runs[i] = *pc->by_rep[rounds[i]];
	}
	synth_mark_rounds(b, c, stamps, n);
}

static void effects(const struct ci_rules *rules, const struct pool *pb,
		    const struct pool *pc, const unsigned int *rounds,
		    unsigned int n, struct ci_rule_result *res)
{
	struct ci_levels one = { rules->alpha, 1 - rules->pass_confidence };
	char(*stamps)[2][24] = calloc(n, sizeof(*stamps));
	struct ci_results b, c;

	if (!stamps)
		die("effects", "out of memory");
	views(pb, pc, rounds, n, &b, &c, stamps);
	synth_gate(rules, &b, &c, n, &one, res);
	for (size_t k = 0; k < rules->n; k++)
		if (!rules->v[k].report && isfinite(res[k].ratio))
			printf("effect: %s: %+.1f%% [%+.1f%%, %+.1f%%] over %u "
			       "rounds (%s)\n",
			       rules->v[k].name, (res[k].ratio - 1) * 100,
			       (res[k].ratio_lo - 1) * 100,
			       (res[k].ratio_hi - 1) * 100, n,
			       ci_verdict_name(res[k].verdict));
	free(b.runs);
	free(c.runs);
	free(stamps);
}

/* Shuffle @v (@n) by @rng: a check's own order of the pool's rounds. */
static void shuffle(unsigned int *v, unsigned int n, struct ci_rng *rng)
{
	for (unsigned int i = n; i > 1; i--) {
		unsigned int j = (unsigned int)ci_rng_below(rng, i),
			     t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}

static unsigned int parse_uint(const char *s, const char *what)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (*s == '\0' || *end || v == 0 || v > 1000000)
		die(what, "not a whole number in [1, 1000000]");
	return (unsigned int)v;
}

int main(int argc, char **argv)
{
	struct ci_rules rules = { 0 };
	struct pool pb = { 0 }, pc = { 0 };
	struct sb_error e;
	unsigned int max, checks, seed, n, outcome[3] = { 0 }, *rounds, *at;
	double used_sum = 0;

	if (argc != 7) {
		fputs(USAGE, stderr);
		return SB_EXIT_USAGE;
	}
	if (ci_rules_load(argv[1], &rules, &e))
		die(argv[1], e.msg);
	max = parse_uint(argv[2], "MAX");
	checks = parse_uint(argv[3], "CHECKS");
	seed = parse_uint(argv[4], "SEED");
	pool_load(argv[5], &pb);
	pool_load(argv[6], &pc);
	rounds = calloc(pb.max_rep + 1, sizeof(*rounds));
	if (!rounds)
		die("rounds", "out of memory");
	n = common_rounds(&pb, &pc, rounds);
	if (max < rules.min_runs || n < max)
		die("MAX", "below min_runs, or more than the pools' rounds");

	struct ci_rule_result *res = calloc(rules.n, sizeof(*res));
	struct ci_levels *looks = synth_check_levels(&rules, max);
	char(*stamps)[2][24] = calloc(max, sizeof(*stamps));

	at = calloc(max + 1, sizeof(*at)); /* decided checks by rounds used */
	if (!res || !stamps || !at)
		die("check_power", "out of memory");
	effects(&rules, &pb, &pc, rounds, n, res);
	for (unsigned int j = 0; j < checks; j++) {
		struct ci_rng rng;
		struct ci_results b, c;
		unsigned int used;
		int code = CI_DECISION_UNDECIDED;

		ci_rng_seed(&rng, (uint64_t)seed + j);
		shuffle(rounds, n, &rng);
		views(&pb, &pc, rounds, max, &b, &c, stamps);
		for (used = rules.min_runs; used <= max; used++) {
			code = synth_gate(&rules, &b, &c, used,
					  &looks[used - rules.min_runs], res);
			if (code != CI_DECISION_UNDECIDED)
				break;
		}
		outcome[code]++;
		used_sum += code == CI_DECISION_UNDECIDED ? max : used;
		if (code != CI_DECISION_UNDECIDED)
			at[used]++;
		free(b.runs);
		free(c.runs);
	}
	printf("checks: %u from %u rounds a side, up to %u: regression %u, "
	       "pass %u, cannot decide %u; %.1f rounds on average\n",
	       checks, n, max, outcome[CI_DECISION_REGRESSION],
	       outcome[CI_DECISION_PASS], outcome[CI_DECISION_UNDECIDED],
	       used_sum / checks);
	printf("decided after rounds:");
	for (unsigned int k = rules.min_runs; k <= max; k++)
		printf(" %u:%u", k, at[k]);
	printf("\n");
	free(at);
	free(stamps);
	free(looks);
	free(res);
	free(rounds);
	free(pb.by_rep);
	free(pc.by_rep);
	ci_results_free(&pb.res);
	ci_results_free(&pc.res);
	ci_rules_free(&rules);
	return 0;
}
