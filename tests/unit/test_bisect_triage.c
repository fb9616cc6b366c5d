// SPDX-License-Identifier: GPL-2.0
/* Unit tests: a bisection's triage: the --features list, and the setting that flips each feature. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "merge/bisect_triage.h"

static void test_parse(void **state)
{
	struct bisect_features f;
	char bad[80];

	(void)state;
	assert_int_equal(bisect_features_parse("PREEMPT_SHORT,NO_DELAY_DEQUEUE",
					       &f, bad, sizeof(bad)),
			 0);
	assert_int_equal(f.n, 2);
	assert_string_equal(f.name[0], "PREEMPT_SHORT");
	assert_string_equal(f.name[1], "DELAY_DEQUEUE"); /* NO_ dropped */
	assert_int_equal(bisect_features_parse("RUN_TO_PARITY,preempt", &f, bad,
					       sizeof(bad)),
			 -EINVAL);
	assert_string_equal(bad, "preempt");
	assert_int_equal(bisect_features_parse("X,,Y", &f, bad, sizeof(bad)),
			 -EINVAL);
	assert_int_equal(bisect_features_parse("X,NO_X", &f, bad, sizeof(bad)),
			 -EINVAL);
	assert_string_equal(bad, "NO_X");
	assert_int_equal(bisect_features_parse("", &f, bad, sizeof(bad)),
			 -EINVAL);
	/* no name after NO_, or NO_ twice: no feature of any kernel */
	assert_int_equal(bisect_features_parse("X,NO_", &f, bad, sizeof(bad)),
			 -EINVAL);
	assert_string_equal(bad, "NO_");
	assert_int_equal(bisect_features_parse("NO_NO_X", &f, bad, sizeof(bad)),
			 -EINVAL);
}

/* The set decides when it names the feature; else the kernel's own line. */
static void test_flip(void **state)
{
	const char set[][64] = { "NO_PREEMPT_SHORT", "RUN_TO_PARITY" };
	const char *line = "PLACE_LAG RUN_TO_PARITY NO_PREEMPT_SHORT "
			   "DELAY_DEQUEUE NO_DELAY_ZERO";
	char out[80];

	(void)state;
	assert_int_equal(bisect_feature_flip(set, 2, NULL, "PREEMPT_SHORT", out,
					     sizeof(out)),
			 0);
	assert_string_equal(out, "PREEMPT_SHORT");
	assert_int_equal(bisect_feature_flip(set, 2, NULL, "RUN_TO_PARITY", out,
					     sizeof(out)),
			 0);
	assert_string_equal(out, "NO_RUN_TO_PARITY");
	assert_int_equal(bisect_feature_flip(set, 2, line, "DELAY_DEQUEUE", out,
					     sizeof(out)),
			 0);
	assert_string_equal(out, "NO_DELAY_DEQUEUE");
	assert_int_equal(bisect_feature_flip(set, 0, line, "PREEMPT_SHORT", out,
					     sizeof(out)),
			 0);
	assert_string_equal(out, "PREEMPT_SHORT");
	/* DELAY is only a prefix of words on the line: unknown */
	assert_int_equal(bisect_feature_flip(set, 2, line, "DELAY", out,
					     sizeof(out)),
			 -ENOENT);
	assert_int_equal(bisect_feature_flip(set, 2, "", "DELAY_DEQUEUE", out,
					     sizeof(out)),
			 -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_flip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
