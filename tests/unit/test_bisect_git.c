// SPDX-License-Identifier: GPL-2.0
/* Unit tests: a git range's commit list read from `git rev-list --format=%H %s` output. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "merge/bisect_git.h"

#define A "0123456789abcdef0123456789abcdef01234567"
#define B "89abcdef0123456789abcdef0123456789abcdef"

/* Header lines are skipped; entries go after those there; a subject keeps its spaces. */
static void test_parse(void **state)
{
	struct bisect_commits c = { 0 };

	(void)state;
	assert_int_equal(bisect_commits_parse("commit " A "\n" A " base\n", &c),
			 0);
	assert_int_equal(bisect_commits_parse("commit " B "\n" B
					      " sched: a  b\ncommit " A "\n" A
					      " \n",
					      &c),
			 0);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.id[0], A);
	assert_string_equal(c.subject[0], "base");
	assert_string_equal(c.id[1], B);
	assert_string_equal(c.subject[1], "sched: a  b");
	assert_string_equal(c.subject[2], "");
	bisect_commits_free(&c);
	assert_int_equal(c.n, 0);
}

/* A line that is no "<40 hex digits> <subject>" is refused. */
static void test_parse_bad(void **state)
{
	struct bisect_commits c = { 0 };

	(void)state;
	assert_int_equal(bisect_commits_parse("0123 short\n", &c), -EINVAL);
	assert_int_equal(bisect_commits_parse(A "\n", &c), -EINVAL);
	assert_int_equal(bisect_commits_parse(A "x subject\n", &c), -EINVAL);
	assert_int_equal(c.n, 0);
	bisect_commits_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
