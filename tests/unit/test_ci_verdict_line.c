// SPDX-License-Identifier: GPL-2.0
/* The verdict line: the outcome over rule verdicts and the rules it names. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ci/verdict_line.h"

static char *line_of(enum ci_outcome o, const struct ci_judged *j, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	ci_verdict_line(f, o, j, n);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_outcome_of(void **state)
{
	struct ci_judged j[3] = {
		{ "a", NULL, CI_V_PASS, 0 },
		{ "b", NULL, CI_V_NOT_APPLICABLE, 0 },
		{ "c", NULL, CI_V_IMPROVEMENT, 0 },
	};

	(void)state;
	assert_int_equal(ci_outcome_of(j, 0), CI_OUTCOME_NONE);
	assert_int_equal(ci_outcome_of(&j[1], 1), CI_OUTCOME_NONE);
	assert_int_equal(ci_outcome_of(j, 3), CI_OUTCOME_PASS);
	j[0].verdict = CI_V_INSUFFICIENT;
	assert_int_equal(ci_outcome_of(j, 3), CI_OUTCOME_UNDECIDED);
	j[0].verdict = CI_V_INCONCLUSIVE;
	assert_int_equal(ci_outcome_of(j, 3), CI_OUTCOME_UNDECIDED);
	/* a regression anywhere outweighs the undecided */
	j[2].verdict = CI_V_REGRESSION;
	assert_int_equal(ci_outcome_of(j, 3), CI_OUTCOME_REGRESSION);
}

static void test_line_names_rules(void **state)
{
	const struct ci_judged j[] = {
		{ "cyclic avg delay", "B against A", CI_V_INCONCLUSIVE, 40 },
		{ "cyclic p99 delay", "B against A", CI_V_PASS, 0 },
		{ "massive_intr runtime", "B against A", CI_V_INCONCLUSIVE,
		  UINT_MAX },
		{ "cyclic avg delay", "C against A", CI_V_INSUFFICIENT, 4 },
	};
	char *l = line_of(ci_outcome_of(j, 4), j, 4);

	(void)state;
	assert_string_equal(
		l, "verdict: Cannot decide: no rule regressed, but a rule that "
		   "applies could not rule out a regression: more runs would "
		   "decide; undecided, B against A: cyclic avg delay (about 40 "
		   "runs a side would decide it), massive_intr runtime (more "
		   "than 1000 runs a side would be needed); C against A: "
		   "cyclic avg delay (too few runs a side to decide)\n");
	free(l);
}

static void test_line_pass_and_regression(void **state)
{
	const struct ci_judged j[] = {
		{ "x", NULL, CI_V_PASS, 0 },
		{ "y", NULL, CI_V_IMPROVEMENT, 0 },
		{ "z", NULL, CI_V_NOT_APPLICABLE, 0 },
	};
	const struct ci_judged r[] = {
		{ "x", NULL, CI_V_REGRESSION, 0 },
		{ "y", NULL, CI_V_INCONCLUSIVE, 9 },
	};
	char *l = line_of(CI_OUTCOME_PASS, j, 3);

	(void)state;
	assert_non_null(strstr(l, "verdict: Pass: "));
	assert_non_null(
		strstr(l, "; 2 rules passed, 1 of them an improvement (y)\n"));
	free(l);
	l = line_of(ci_outcome_of(r, 2), r, 2);
	assert_non_null(strstr(l, "verdict: Regression: "));
	assert_non_null(strstr(l, "; regressed: x\n"));
	free(l);
	/* the gate may not decide for reasons beyond the rules' verdicts */
	l = line_of(CI_OUTCOME_UNDECIDED, j, 3);
	assert_non_null(strstr(l, "verdict: Cannot decide: "));
	assert_non_null(strstr(l, "; undecided: no rule, but the sides cannot "
				  "be compared (see the cautions)\n"));
	free(l);
}

/* ci_judged_say: the outcome and what the writer says of gathered verdicts; the list freed. */
static void test_judged_say(void **state)
{
	struct ci_judged_list l = { 0 };
	enum ci_outcome o;
	char *text;

	(void)state;
	assert_int_equal(ci_judged_add(&l, "x", "B against A", CI_V_PASS, 0),
			 0);
	assert_int_equal(
		ci_judged_add(&l, "y", "B against A", CI_V_REGRESSION, 0), 0);
	text = ci_judged_say(&l, ci_outcome_rules, &o);
	assert_int_equal(o, CI_OUTCOME_REGRESSION);
	assert_string_equal(text, "regressed, B against A: y");
	assert_null(l.v);
	assert_int_equal(l.n, 0);
	free(text);
	text = ci_judged_say(&l, ci_verdict_line, &o);
	assert_int_equal(o, CI_OUTCOME_NONE);
	assert_non_null(strstr(text, "verdict: No verdict: "));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcome_of),
		cmocka_unit_test(test_line_names_rules),
		cmocka_unit_test(test_line_pass_and_regression),
		cmocka_unit_test(test_judged_say),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
