/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure logic of a bisection over a patch series: which step to test
 * next, three-valued verdicts (a step that cannot decide is skipped as
 * `git bisect skip` does), the answer (one first bad step, or a range of
 * candidates), and the replay of a bisect log's steps.
 */
#ifndef SB_MERGE_BISECT_H
#define SB_MERGE_BISECT_H

#include <jansson.h>

#include "common/error.h"
#include "merge/bisect_log.h"

/*
 * Positions are step numbers: step k is the tree with the series' first k
 * patches. The good end may be position -1: a named kernel that is no step
 * of the series (then step 0, the tree alone, is a candidate as well).
 */
enum bisect_verdict {
	BISECT_UNTESTED,
	BISECT_GOOD, /* same as the good end */
	BISECT_BAD, /* a regression against the good end */
	BISECT_SKIP, /* the step's check could not decide */
};

struct bisect {
	int good, bad; /* the ends' positions, good < bad */
	enum bisect_verdict *v; /* v[k - good] for k in good..bad */
};

enum bisect_state {
	BISECT_PENDING, /* bisect_next names the step to test */
	BISECT_FOUND, /* first_bad is the first bad step */
	BISECT_RANGE, /* one of first..last is, the others were skipped */
	BISECT_NO_REGRESSION, /* the bad end is the same as the good end */
	BISECT_BAD_UNDECIDED, /* the bad end's check could not decide */
};

struct bisect_answer {
	enum bisect_state state;
	int first, last; /* FOUND: first == last; RANGE: the candidates */
	int last_good; /* the last step known good */
};

/* Positions @good < @bad. Returns 0, -EINVAL or -ENOMEM. */
int bisect_init(struct bisect *b, int good, int bad);
void bisect_free(struct bisect *b);

/* Record @v for step @k (good < k <= bad). Returns 0 or -EINVAL. */
int bisect_record(struct bisect *b, int k, enum bisect_verdict v);

/*
 * The step to test next: the bad end first (it must regress before any
 * bisecting), then the untested step nearest the middle of the candidates
 * (the lower one on a tie); -1 when nothing is left to test.
 */
int bisect_next(const struct bisect *b);

/* Where the bisection stands. */
void bisect_answer(const struct bisect *b, struct bisect_answer *a);

/* Steps a bisection of @b is expected to take: the bad end's check + ceil(log2(bad - good)). */
int bisect_expected_steps(const struct bisect *b);

/* "good", "bad", "skip" or "untested"; and back (-1: none of them). */
const char *bisect_verdict_name(enum bisect_verdict v);
int bisect_verdict_parse(const char *s);

/*
 * Replay the steps of a bisect log @log (read from @file, named in errors)
 * into @b: each step must be the one bisect_next named at its turn (the
 * log's rows checked the rest). Returns how many steps were replayed, or
 * -EINVAL with @e naming steps[i].
 */
int bisect_replay(struct bisect *b, const struct bisect_log *log,
		  const char *file, struct sb_error *e);

#endif
