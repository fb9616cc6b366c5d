/* SPDX-License-Identifier: GPL-2.0 */
/* The journal of a check's looks (runs, levels, verdict): what a resume replays, look by look, and never spends again. */
#ifndef SB_MERGE_CHECK_JOURNAL_H
#define SB_MERGE_CHECK_JOURNAL_H

#include <limits.h>
#include <stddef.h>
#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"

#define CHECK_JOURNAL_FILE "check-journal.json"
#define CHECK_JOURNAL_SCHEMA 2

/* What a journal must have been made with to be replayed (its rows'). */
struct check_journal_head {
	int schema; /* CHECK_JOURNAL_SCHEMA */
	char spending[64], base[64], cand[64], feature_set[64];
	int max_repeats, min_runs, rules;
	double alpha, pass_error;
	char rules_sha256[65], scenario_sha256[65];
	char cand_feature_set[64]; /* "": the candidate ran the base's set */
};

/* One look: the runs it read, the levels it spent, what it said. */
struct check_journal_look {
	int look, round;
	char **base_runs, **cand_runs, **failed_runs; /* malloc'd run ids */
	size_t n_base, n_cand, n_failed;
	double information, alpha, pass_alpha;
	int outcome; /* check_journal_outcome() of the exit code */
	int exit_code;
};

struct check_journal {
	char path[PATH_MAX];
	struct check_journal_head head;
	struct check_journal_look *looks; /* the file's, then those made */
	size_t n_looks;
	size_t held; /* looks the file held when opened */
	unsigned int last_round; /* the round of the last of them */
	size_t made; /* looks made (or made again) since */
};

/* check-journal.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table check_journal_format;

/* The look's outcome for @name (check_outcome()'s words); -1: none. */
int check_journal_outcome(const char *name);

/* @look's run ids freed. */
void check_journal_look_free(struct check_journal_look *look);

/*
 * Open <@root>/check-journal.json with the check's settings @head: a new
 * journal when there is none or it holds no look (nothing to replay), else
 * the file's settings must equal @head (-EINVAL naming the file and the
 * first key that differs). 0 or -errno, @e set.
 */
int check_journal_open(struct check_journal *jn, const char *root,
		       const struct check_journal_head *head,
		       struct sb_error *e);

/*
 * The look made next, @look (its run ids taken over: @look is left
 * empty). When the journal held it,
 * it must be the same look, field for field (-EINVAL naming the look and
 * the first field that differs, with the journal's value); else it is
 * appended and the journal rewritten atomically. Returns 1 replayed,
 * 0 recorded, or -errno with @e set.
 */
int check_journal_look(struct check_journal *jn,
		       struct check_journal_look *look, struct sb_error *e);

/* The round of the last look the file held; 0 when it held none. */
unsigned int check_journal_last_round(const struct check_journal *jn);

/*
 * After the last look: -EINVAL with @e set when the journal held looks
 * that were not made again (the runs on disk no longer lead to them).
 */
int check_journal_finish(const struct check_journal *jn, struct sb_error *e);

void check_journal_free(struct check_journal *jn);

#endif
