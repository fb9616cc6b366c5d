// SPDX-License-Identifier: GPL-2.0
/* Unit tests: drift over run order (ci/drift.c) and what the gate makes of it: widened intervals naming the runs, drift both sides share paired away, and issue 57's example that passed. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ci/drift.h"
#include "ci/stats.h"
#include "tests/unit/synth_gate.h"

static void test_lag1(void **state)
{
	const double ramp[] = { 1, 2, 3, 4, 5 }, alt[] = { 1, 3, 1, 3, 1 };

	(void)state;
	/* deviations -2..2: products 2 + 0 + 0 + 2 over squares 10 */
	assert_float_equal(ci_lag1(ramp, 5), 0.4, 1e-12);
	assert_true(ci_lag1(alt, 5) < -0.5);
	assert_float_equal(ci_lag1(ramp, 2), 0, 0);
	assert_float_equal(ci_lag1(alt + 1, 1), 0, 0);
}

/* (1 + 2S) / (1 - 2S/(n-1)): at 0.5 and 5 runs S = 0.6125, so 3.21. */
static void test_factor(void **state)
{
	(void)state;
	assert_float_equal(ci_drift_factor(0, 5), 1, 0);
	assert_float_equal(ci_drift_factor(-0.3, 5), 1, 0);
	assert_float_equal(ci_drift_factor(0.5, 5), 2.225 / 0.69375, 1e-9);
	assert_true(ci_drift_factor(0.6, 8) > ci_drift_factor(0.5, 8));
	assert_true(ci_drift_factor(0.99, 8) == ci_drift_factor(0.9, 8));
}

static void test_found(void **state)
{
	const double ramp[] = { 1, 2, 3, 4, 5, 6, 7, 8 },
		     mixed[] = { 4, 8, 1, 6, 3, 7, 2, 5 };
	struct ci_drift d;

	(void)state;
	ci_drift_of(ramp, 8, &d);
	assert_true(d.p <= CI_DRIFT_ALPHA);
	assert_float_equal(d.rho, d.r + 1 / 8.0, 1e-12);
	assert_true(d.factor > 2);
	ci_drift_of(mixed, 8, &d);
	assert_true(d.p > CI_DRIFT_ALPHA);
	assert_float_equal(d.factor, 1, 0);
}

static const struct ci_rule r_runtime = { .name = "runtime",
					  .metric = 5, /* runtime_ms */
					  .group = "massive_intr",
					  .dir = CI_DIR_HIGHER,
					  .tolerance_pct = 5,
					  .pass_bound_pct = 5,
					  .required = 1 };

/* 8 a side of 1000 * (1 + @slope * k + a small wobble); @stamps: rounds. */
static void ramps(struct synth_gate *t, double bslope, double cslope,
		  char (*stamps)[2][8])
{
	const double wob[] = { 0, 2, -1, 1, -2, 1, 0, -1 };

	t->rules[0] = r_runtime;
	synth_gate_alloc(t, 8, 8, 1);
	for (size_t k = 0; k < 8; k++) {
		ci_synth_put(&t->base, k, &r_runtime,
			     1000 * (1 + bslope * (double)k) + wob[k]);
		ci_synth_put(&t->cand, k, &r_runtime,
			     1000 * (1 + cslope * (double)k) + wob[7 - k]);
		if (!stamps)
			continue;
		snprintf(stamps[k][0], sizeof(stamps[k][0]), "r%02zua", k);
		snprintf(stamps[k][1], sizeof(stamps[k][1]), "r%02zub", k);
		t->base.runs[k].start_time = stamps[k][0];
		t->cand.runs[k].start_time = stamps[k][1];
	}
}

/*
 * Each side's runs made apart, the base's sliding 0.3 % a run: found, the
 * runs named in the order they ran, the interval widened; the same runs
 * made in rounds, both sliding alike, pair it away and pass.
 */
static void test_gate_drift(void **state)
{
	char stamps[8][2][8];
	struct synth_gate t;

	(void)state;
	ramps(&t, 0.003, 0, NULL);
	synth_gate_decide(&t);
	assert_non_null(strstr(t.res[0].note,
			       "base runs drift over the order they ran "
			       "(repeats 1, 2, 3, 4, 5, 6, 7, 8; lag-1"));
	assert_non_null(strstr(t.res[0].note, "interval widened to"));
	assert_null(strstr(t.res[0].note, "candidate runs drift"));
	synth_gate_free(&t);
	/* started in the other order: named so */
	ramps(&t, 0.003, 0, stamps);
	for (size_t k = 0; k < 8; k++)
		t.base.runs[k].start_time = stamps[7 - k][0];
	synth_gate_decide(&t);
	assert_non_null(strstr(t.res[0].note, "(repeats 8, 7, 6, 5, 4, 3,"));
	synth_gate_free(&t);
	/* rounds: drift both sides share cancels in their differences */
	ramps(&t, 0.003, 0.003, stamps);
	assert_int_equal(synth_gate_decide(&t), CI_DECISION_PASS);
	assert_true(t.res[0].paired);
	assert_null(strstr(t.res[0].note, "drift"));
	synth_gate_free(&t);
}

/*
 * Issue 57's example: cyclic's average delay 20 % worse (twice its
 * tolerance), its runs spread 30 % and drifting (AR(1), lag-1 correlation
 * 0.5, each side its own), 5 against 5, massive_intr's runtime quiet.
 */
static void example(struct synth_gate *t, uint64_t seed)
{
	struct ci_rng rng;
	double z[2] = { 0, 0 };

	t->rules[0] =
		(struct ci_rule){ .name = "cyclic avg delay",
				  .metric = ci_metric_find("avg_delay_ms"),
				  .group = "cyclic",
				  .dir = CI_DIR_LOWER,
				  .tolerance_pct = 10,
				  .min_effect_abs = 0.01,
				  .pass_bound_pct = 10,
				  .pass_bound_abs = 0.01,
				  .required = 1 };
	t->rules[1] = r_runtime;
	synth_gate_alloc(t, 5, 5, 2);
	ci_rng_seed(&rng, seed);
	for (size_t i = 0; i < 5; i++)
		for (int s = 0; s < 2; s++) {
			struct ci_results *r = s ? &t->cand : &t->base;
			double e = ci_rng_normal(&rng);

			z[s] = i ? 0.5 * z[s] + sqrt(0.75) * e : e;
			ci_synth_put(r, i, &t->rules[0],
				     0.1 * (s ? 1.2 : 1) * exp(0.3 * z[s]));
			ci_synth_put(r, i, &t->rules[1],
				     5000 * exp(0.005 * ci_rng_normal(&rng)));
		}
}

/*
 * Seed 1006 passed before, at 0.563 [0.340, 0.797] of the base, as the
 * issue's did at -43.7 % [-71.5 %, -19.7 %]; it no longer exits 0. Over
 * seeds 1-3000 exit 0 came 222 times before (7.4 %), 20 now: within the
 * 1 % a change twice the tolerance is promised.
 */
static void test_issue_example(void **state)
{
	struct synth_gate t;
	int passes = 0;

	(void)state;
	example(&t, 1006);
	assert_int_not_equal(synth_gate_decide(&t), CI_DECISION_PASS);
	synth_gate_free(&t);
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		example(&t, seed);
		passes += synth_gate_decide(&t) == CI_DECISION_PASS;
		synth_gate_free(&t);
	}
	print_message("exit 0 in %d of 3000\n", passes);
	assert_true(passes <= 30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lag1),
		cmocka_unit_test(test_factor),
		cmocka_unit_test(test_found),
		cmocka_unit_test(test_gate_drift),
		cmocka_unit_test(test_issue_example),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
