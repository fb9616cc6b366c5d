// SPDX-License-Identifier: GPL-2.0
/* Unit tests of ci/work_unit: runs whose work units differ are not compared on the work they did. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/work_unit.h"

/* A side of @n runs of massive_intr; unit[i] its steps per unit, 0: none recorded. */
static void side_of(struct ci_results *r, const char *name,
		    const long long *unit, size_t n)
{
	char path[64];

	*r = (struct ci_results){ .dir = strdup(name),
				  .runs = calloc(n, sizeof(*r->runs)),
				  .n_runs = n,
				  .cap_runs = n };
	assert_non_null(r->runs);
	for (size_t i = 0; i < n; i++) {
		struct ci_run *run = &r->runs[i];
		json_t *res = json_pack("{s:f}", "work_units_per_s", 1e5);

		snprintf(path, sizeof(path), "%s/k/fs/%zu", name, i + 1);
		run->path = strdup(path);
		run->docs = calloc(1, sizeof(*run->docs));
		run->n_docs = run->cap_docs = 1;
		run->docs[0].name = strdup("massive_intr");
		if (unit[i])
			json_object_set_new(res, "work_unit",
					    json_pack("{s:I}", "iterations",
						      (json_int_t)unit[i]));
		run->docs[0].json = json_pack("{s:s, s:o}", "tool",
					      "massive_intr", "result", res);
		/* as workloads/registry/doc_file.c reads it (freed with the results) */
		run->docs[0].file = (struct sbw_doc){
			.tool = strdup("massive_intr"),
			.result = res,
		};
		assert_non_null(ci_values_add(
			&run->vals, ci_metric_find("work_units_per_s"),
			"massive_intr", 1e5));
		assert_non_null(ci_values_add(&run->vals,
					      ci_metric_find("loops_per_s"),
					      "massive_intr", 500));
	}
}

/* How many runs of @r still hold @metric of massive_intr. */
static size_t holding(const struct ci_results *r, const char *metric)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_runs; i++)
		n += ci_values_get(&r->runs[i].vals, ci_metric_find(metric),
				   "massive_intr") != NULL;
	return n;
}

static void test_one_unit_everywhere_is_compared(void **state)
{
	const long long u[] = { 12000, 12000, 12000 };
	struct ci_results base, cand;
	struct ci_results *sides[] = { &base, &cand };
	char why[1024];

	(void)state;
	side_of(&base, "b", u, 3);
	side_of(&cand, "c", u, 3);
	assert_int_equal(ci_work_units_settle(sides, 2, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_int_equal(holding(&base, "work_units_per_s"), 3);
	assert_int_equal(holding(&cand, "work_units_per_s"), 3);
	ci_results_free(&base);
	ci_results_free(&cand);
}

/* The outlier measured: one run of ten with a unit of 7101 steps. */
static void test_a_unit_apart_leaves_the_figure_out(void **state)
{
	const long long ub[] = { 12000, 12000, 12000 },
			uc[] = { 12000, 7101, 12000 };
	struct ci_results base, cand;
	struct ci_results *sides[] = { &base, &cand };
	char why[1024];

	(void)state;
	side_of(&base, "b", ub, 3);
	side_of(&cand, "c", uc, 3);
	assert_int_equal(ci_work_units_settle(sides, 2, why, sizeof(why)), 1);
	assert_string_equal(
		why, "massive_intr: work_units_per_s counted in units of 12000 "
		     "steps in b/k/fs/1 but 7101 in c/k/fs/2: runs whose units "
		     "differ are not compared on it "
		     "(massive_intr.result.work_unit.iterations)");
	/* on both sides, and only the figure counted in units */
	assert_int_equal(holding(&base, "work_units_per_s"), 0);
	assert_int_equal(holding(&cand, "work_units_per_s"), 0);
	assert_int_equal(holding(&base, "loops_per_s"), 3);
	assert_int_equal(holding(&cand, "loops_per_s"), 3);
	ci_results_free(&base);
	ci_results_free(&cand);
}

/* Older documents record no unit: nothing to hold against them. */
static void test_runs_without_a_unit_are_left_alone(void **state)
{
	const long long ub[] = { 0, 12000 }, uc[] = { 12000, 0 };
	struct ci_results base, cand;
	struct ci_results *sides[] = { &base, &cand };
	char why[1024];

	(void)state;
	side_of(&base, "b", ub, 2);
	side_of(&cand, "c", uc, 2);
	assert_int_equal(ci_work_units_settle(sides, 2, why, sizeof(why)), 0);
	assert_int_equal(holding(&base, "work_units_per_s"), 2);
	assert_int_equal(holding(&cand, "work_units_per_s"), 2);
	ci_results_free(&base);
	ci_results_free(&cand);
}

/* The first run recording a unit is the reference, said once, on one side alone too. */
static void test_reference_is_the_first_unit_recorded(void **state)
{
	const long long u[] = { 0, 11988, 12301, 12000 };
	struct ci_results one;
	struct ci_results *sides[] = { &one };
	char why[1024];

	(void)state;
	side_of(&one, "r", u, 4);
	assert_int_equal(ci_work_units_settle(sides, 1, why, sizeof(why)), 1);
	assert_non_null(strstr(why, "units of 11988 steps in r/k/fs/2 but "
				    "12301 in r/k/fs/3"));
	assert_null(strchr(why, ';'));
	assert_int_equal(holding(&one, "work_units_per_s"), 0);
	ci_results_free(&one);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_unit_everywhere_is_compared),
		cmocka_unit_test(test_a_unit_apart_leaves_the_figure_out),
		cmocka_unit_test(test_runs_without_a_unit_are_left_alone),
		cmocka_unit_test(test_reference_is_the_first_unit_recorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
