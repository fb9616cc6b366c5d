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

static const struct check_journal_head the_head = {
	.schema = CHECK_JOURNAL_SCHEMA,
	.spending = "exact",
	.base = "kA",
	.cand = "kB",
	.feature_set = "default",
	.max_repeats = 8,
	.min_runs = 2,
	.rules = 1,
	.alpha = 0.01,
	.pass_error = 0.1,
	.rules_sha256 = "aa",
	.scenario_sha256 = "bb",
};

static const struct check_journal_head *head(void)
{
	return &the_head;
}

static char **ids(const char *id)
{
	char **v = calloc(1, sizeof(*v));

	assert_non_null(v);
	v[0] = strdup(id);
	return v;
}

/* A look at @round (the journal takes its runs' ids). */
static struct check_journal_look *look(int round)
{
	static struct check_journal_look l;

	l = (struct check_journal_look){
		.look = 1,
		.round = round,
		.base_runs = ids("kA/d/1"),
		.n_base = 1,
		.cand_runs = ids("kB/d/1"),
		.n_cand = 1,
		.information = 0.25,
		.alpha = 0.001,
		.pass_alpha = 0.01,
		.outcome = check_journal_outcome("cannot decide"),
		.exit_code = 3,
	};
	return &l;
}

/* The journal file's text (malloc'd). */
static char *journal_text(void)
{
	char path[128], *text = calloc(1, 65536);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, CHECK_JOURNAL_FILE);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(text);
	assert_true(fread(text, 1, 65535, f) > 0);
	fclose(f);
	return text;
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
	char path[128], *text;

	(void)state;
	assert_non_null(mkdtemp(root));
	assert_int_equal(check_journal_open(&jn, root, head(), &e), 0);
	assert_int_equal(check_journal_last_round(&jn), 0);
	assert_int_equal(check_journal_look(&jn, look(4), &e), 0);
	check_journal_free(&jn);
	/* written from the structs: the keys in the order earlier versions
	 * wrote (their resume reads it), reals at the file's precision */
	text = journal_text();
	assert_non_null(strstr(text, "{\n  \"schema\": 2,\n  \"spending\": "
				     "\"exact\",\n  \"base\": \"kA\",\n  "
				     "\"cand\": \"kB\",\n  \"feature_set\""));
	assert_non_null(strstr(text,
			       "\"scenario_sha256\": \"bb\",\n  "
			       "\"looks\": [\n    {\n      \"look\": 1,"));
	assert_non_null(strstr(text, "\"base_runs\": [\n        \"kA/d/1\"\n"));
	assert_non_null(strstr(text, "\"failed_runs\": [],\n      "
				     "\"information\": 0.25,"));
	assert_non_null(strstr(text, "\"outcome\": \"cannot decide\",\n      "
				     "\"exit_code\": 3\n    }"));
	assert_null(strstr(text, "cand_feature_set"));
	free(text);

	/* read back by its rows: one look, at round 4, replayed */
	assert_int_equal(check_journal_open(&jn, root, head(), &e), 0);
	assert_int_equal(jn.held, 1);
	assert_int_equal(check_journal_last_round(&jn), 4);
	assert_int_equal(check_journal_look(&jn, look(4), &e), 1);
	assert_int_equal(check_journal_finish(&jn, &e), 0);
	check_journal_free(&jn);

	/* another look at the same place: named, with the journal's value */
	assert_int_equal(check_journal_open(&jn, root, head(), &e), 0);
	assert_int_equal(check_journal_look(&jn, look(5), &e), -EINVAL);
	assert_non_null(strstr(e.msg, "check-journal.json: looks[0].round: 4: "
				      "the runs on disk now give another"));
	assert_null(strchr(e.msg, '\n'));
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
