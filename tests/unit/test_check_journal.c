// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the check journal (merge/check_journal.c): a look recorded, the journal read back by its rows, and the values they refuse. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "merge/check_journal.h"

static char root[] = "/tmp/sb-journal-XXXXXX";

static json_t *head(void)
{
	return json_pack("{s:i,s:s,s:i}", "schema", 2, "base", "kA",
			 "max_repeats", 8);
}

static json_t *look(int round)
{
	return json_pack("{s:i,s:i,s:[s],s:[s],s:[],s:f,s:f,s:f,s:s,s:i}",
			 "look", 1, "round", round, "base_runs", "kA/d/1",
			 "cand_runs", "kB/d/1", "failed_runs", "information",
			 0.25, "alpha", 0.001, "pass_alpha", 0.01, "outcome",
			 "cannot decide", "exit_code", 3);
}

/* The journal file with jq-like edit: @from replaced by @to. */
static void edit(const char *from, const char *to)
{
	char path[128], *text, *at;
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, CHECK_JOURNAL_FILE);
	f = fopen(path, "r");
	assert_non_null(f);
	text = calloc(1, 65536);
	len = fread(text, 1, 65535, f);
	fclose(f);
	at = strstr(text, from);
	assert_non_null(at);
	f = fopen(path, "w");
	fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	fclose(f);
	free(text);
	(void)len;
}

static void test_journal(void **state)
{
	struct check_journal jn;
	struct sb_error e = { 0 };
	char path[128];

	(void)state;
	assert_non_null(mkdtemp(root));
	assert_int_equal(check_journal_open(&jn, root, head(), &e), 0);
	assert_int_equal(check_journal_last_round(&jn), 0);
	assert_int_equal(check_journal_look(&jn, look(4), &e), 0);
	check_journal_free(&jn);

	/* read back by its rows: one look, at round 4, replayed */
	assert_int_equal(check_journal_open(&jn, root, head(), &e), 0);
	assert_int_equal(jn.held, 1);
	assert_int_equal(check_journal_last_round(&jn), 4);
	assert_int_equal(check_journal_look(&jn, look(4), &e), 1);
	assert_int_equal(check_journal_finish(&jn, &e), 0);
	check_journal_free(&jn);

	/* hand-edited values the rows refuse, naming path and value */
	edit("\"round\": 4", "\"round\": -4");
	assert_int_equal(check_journal_open(&jn, root, head(), &e), -EINVAL);
	assert_non_null(strstr(e.msg,
			       "check-journal.json: looks[0].round: "
			       "-4: must be an integer in [0, 1000000]"));
	edit("\"round\": -4", "\"round\": 4");
	edit("\"cannot decide\"", "\"maybe\"");
	assert_int_equal(check_journal_open(&jn, root, head(), &e), -EINVAL);
	assert_non_null(strstr(e.msg, "looks[0].outcome: \"maybe\" is not one "
				      "of regression, pass"));
	edit("\"maybe\"", "\"cannot decide\"");
	edit("\"schema\": 2", "\"schema\": 3");
	assert_int_equal(check_journal_open(&jn, root, head(), &e), -EINVAL);
	assert_non_null(
		strstr(e.msg, "schema: 3: must be an integer in [1, 2]"));
	/* a schema the rows read but this check does not write: a setting */
	edit("\"schema\": 3", "\"schema\": 1");
	assert_int_equal(check_journal_open(&jn, root, head(), &e), -EINVAL);
	assert_non_null(strstr(e.msg, "schema: 1: the journal was made with 1; "
				      "this check has 2"));

	snprintf(path, sizeof(path), "%s/%s", root, CHECK_JOURNAL_FILE);
	unlink(path);
	rmdir(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_journal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
