// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the tracing cost lines from runs held in memory (recorded and control), and each feature set's change without recording. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ci/synth_runs.h"
#include "ci/tracing_cost.h"

static const struct ci_rules levels = { .alpha = 0.05,
					.pass_confidence = 0.95 };

/* @n runs of kernel @k, feature set @fs with @group's @metric values @v. */
static void runs_of(struct ci_results *r, const char *k, const char *fs,
		    const char *metric, const char *group, const double *v,
		    size_t n)
{
	struct ci_rule rule = { .metric = ci_metric_find(metric),
				.group = (char *)group };

	assert_true(rule.metric >= 0);
	assert_int_equal(ci_synth_alloc(r, n), 0);
	for (size_t i = 0; i < n; i++) {
		r->runs[i].kernel = (char *)k;
		r->runs[i].fs = (char *)fs;
		assert_int_equal(ci_synth_put(r, i, &rule, v[i]), 0);
	}
}

/* Add @metric's values @v (one per run of @r) of @group to @r's runs. */
static void put(struct ci_results *r, const char *metric, const char *group,
		const double *v, size_t n)
{
	struct ci_rule rule = { .metric = ci_metric_find(metric),
				.group = (char *)group };

	assert_true(rule.metric >= 0);
	assert_int_equal(n, r->n_runs);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(ci_synth_put(r, i, &rule, v[i]), 0);
}

static char *print(const struct ci_results *res)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(ci_tracing_cost_print(f, res, &levels), 0);
	fclose(f);
	return buf;
}

/* The line of @group in @out, or NULL. */
static const char *line_of(const char *out, const char *group)
{
	char key[128];

	snprintf(key, sizeof(key), "tracing cost: k / A: %s (", group);
	return strstr(out, key);
}

/*
 * Recorded runs about 10 % slower in work and 20 % later in latency than
 * the control's: one line per group with the gate's estimate between its
 * interval's ends; a table metric (only the recorded runs have tables) is
 * never in it.
 */
static void test_lines_per_group(void **state)
{
	static const double rec_w[] = { 90, 91, 89, 90 },
			    ctl_w[] = { 100, 101, 99 };
	static const double rec_l[] = { 120, 118, 122, 120 },
			    ctl_l[] = { 100, 99, 101 };
	static const double delay[] = { 1, 2, 3, 4 };
	struct ci_results rec, ctl;
	double est, lo, hi;
	const char *l;
	char *out;

	(void)state;
	runs_of(&rec, "k", "A", "work_units_per_s", "massive_intr", rec_w, 4);
	put(&rec, "latency_p99_us", "cyclic", rec_l, 4);
	put(&rec, "avg_delay_ms", "cyclic", delay, 4);
	runs_of(&ctl, "k", "A", "work_units_per_s", "massive_intr", ctl_w, 3);
	put(&ctl, "latency_p99_us", "cyclic", ctl_l, 3);
	rec.untraced = ctl.runs;
	rec.n_untraced = ctl.n_runs;
	out = print(&rec);
	assert_non_null(strstr(out, "\nTracing cost: the workloads' own"));
	l = line_of(out, "massive_intr");
	assert_non_null(l);
	assert_int_equal(sscanf(l,
				"tracing cost: k / A: massive_intr (4 "
				"recorded, 3 unrecorded runs): "
				"work_units_per_s %lf%% [%lf%%, %lf%%]",
				&est, &lo, &hi),
			 3);
	assert_float_equal(est, -10.0, 0.1);
	assert_true(lo < est && est < hi);
	l = line_of(out, "cyclic");
	assert_non_null(l);
	assert_int_equal(sscanf(l,
				"tracing cost: k / A: cyclic (4 recorded, 3 "
				"unrecorded runs): latency_p99_us %lf%% "
				"[%lf%%, %lf%%]",
				&est, &lo, &hi),
			 3);
	assert_float_equal(est, 20.0, 0.1);
	assert_true(lo < est && est < hi);
	assert_null(strstr(out, "avg_delay_ms"));
	free(out);
	rec.untraced = NULL;
	rec.n_untraced = 0;
	out = print(&rec); /* no control arm: one line says so */
	assert_string_equal(out,
			    "\ntracing cost: not measured (no control "
			    "arm: the scenario's untraced_repeats is 0)\n");
	free(out);
	ci_synth_free(&ctl);
	ci_synth_free(&rec);
}

/* One control run cannot bound anything; a set without recorded runs says so. */
static void test_too_few_or_none_to_compare(void **state)
{
	static const double rec_w[] = { 90, 91 }, ctl_w[] = { 100, 100 };
	struct ci_results rec, ctl;
	char *out;

	(void)state;
	runs_of(&rec, "k", "A", "work_units_per_s", "massive_intr", rec_w, 2);
	runs_of(&ctl, "k", "A", "work_units_per_s", "massive_intr", ctl_w, 2);
	ctl.runs[1].fs = (char *)"B";
	rec.untraced = ctl.runs;
	rec.n_untraced = ctl.n_runs;
	out = print(&rec);
	assert_non_null(strstr(out, "tracing cost: k / A: massive_intr (2 "
				    "recorded, 1 unrecorded runs): "
				    "work_units_per_s -\n"));
	assert_non_null(strstr(out, "tracing cost: k / B: no recorded run"));
	free(out);
	ci_synth_free(&ctl);
	ci_synth_free(&rec);
}

/*
 * Feature set B against A, both recorded and unrecorded: B does 30 % less
 * work recorded and 20 % less without recording; the line says the
 * unrecorded estimate with its interval and the recorded one beside it.
 */
static void test_change_unrecorded(void **state)
{
	static const double rec_w[] = { 90, 91, 89, 63, 63.7, 62.3 },
			    ctl_w[] = { 100, 101, 99, 80, 80.8, 79.2 };
	struct ci_results rec, ctl;
	double est, lo, hi, rest;
	const char *l;
	char *out;

	(void)state;
	runs_of(&rec, "k", "A", "work_units_per_s", "massive_intr", rec_w, 6);
	runs_of(&ctl, "k", "A", "work_units_per_s", "massive_intr", ctl_w, 6);
	for (int i = 3; i < 6; i++)
		rec.runs[i].fs = ctl.runs[i].fs = (char *)"B";
	rec.untraced = ctl.runs;
	rec.n_untraced = ctl.n_runs;
	out = print(&rec);
	assert_non_null(strstr(out, "\nThe change without recording: "));
	l = strstr(out, "unrecorded: k / B against A: massive_intr (3 runs a "
			"side): ");
	assert_non_null(l);
	assert_int_equal(sscanf(l,
				"unrecorded: k / B against A: massive_intr (3 "
				"runs a side): work_units_per_s %lf%% [%lf%%, "
				"%lf%%] (recorded %lf%%)",
				&est, &lo, &hi, &rest),
			 4);
	assert_float_equal(est, -20.0, 0.1);
	assert_true(lo < est && est < hi);
	assert_float_equal(rest, -30.0, 0.1);
	/* one line: none of A against itself */
	assert_null(strstr(out, "k / A against A"));
	free(out);
	ci_synth_free(&ctl);
	ci_synth_free(&rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_per_group),
		cmocka_unit_test(test_too_few_or_none_to_compare),
		cmocka_unit_test(test_change_unrecorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
