// SPDX-License-Identifier: GPL-2.0
/* Next step, verdicts, answer and log replay of a bisection over a patch series. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "merge/bisect.h"

static const char *const verdict_names[] = {
	[BISECT_UNTESTED] = "untested",
	[BISECT_GOOD] = "good",
	[BISECT_BAD] = "bad",
	[BISECT_SKIP] = "skip",
};

const char *bisect_verdict_name(enum bisect_verdict v)
{
	return verdict_names[v];
}

int bisect_verdict_parse(const char *s)
{
	for (int i = 0;
	     s && i < (int)(sizeof(verdict_names) / sizeof(verdict_names[0]));
	     i++)
		if (!strcmp(s, verdict_names[i]))
			return i;
	return -1;
}

int bisect_init(struct bisect *b, int good, int bad)
{
	b->v = NULL;
	if (good < -1 || bad <= good)
		return -EINVAL;
	b->v = calloc((size_t)(bad - good) + 1, sizeof(*b->v));
	if (!b->v)
		return -ENOMEM;
	b->good = good;
	b->bad = bad;
	b->v[0] = BISECT_GOOD;
	return 0;
}

void bisect_free(struct bisect *b)
{
	free(b->v);
	b->v = NULL;
}

static enum bisect_verdict at(const struct bisect *b, int k)
{
	return b->v[k - b->good];
}

int bisect_record(struct bisect *b, int k, enum bisect_verdict v)
{
	if (k <= b->good || k > b->bad || v == BISECT_UNTESTED)
		return -EINVAL;
	b->v[k - b->good] = v;
	return 0;
}

/* The last good step and the first bad one after it. */
static void bounds(const struct bisect *b, int *last_good, int *first_bad)
{
	*last_good = b->good;
	*first_bad = b->bad;
	for (int k = b->good; k <= b->bad; k++) {
		if (at(b, k) == BISECT_BAD) {
			*first_bad = k;
			break;
		}
		if (at(b, k) == BISECT_GOOD)
			*last_good = k;
	}
}

int bisect_next(const struct bisect *b)
{
	int lo, hi, best = -1, best_d = 0;

	if (at(b, b->bad) == BISECT_UNTESTED)
		return b->bad;
	if (at(b, b->bad) != BISECT_BAD)
		return -1;
	bounds(b, &lo, &hi);
	for (int k = lo + 1; k < hi; k++) {
		/* twice the distance to the middle, to stay in integers */
		int d = abs(2 * k - (lo + hi));

		if (at(b, k) == BISECT_UNTESTED && (best < 0 || d < best_d)) {
			best = k;
			best_d = d;
		}
	}
	return best;
}

void bisect_answer(const struct bisect *b, struct bisect_answer *a)
{
	int lo, hi;

	bounds(b, &lo, &hi);
	*a = (struct bisect_answer){ .first = hi, .last = hi, .last_good = lo };
	if (at(b, b->bad) == BISECT_GOOD)
		a->state = BISECT_NO_REGRESSION;
	else if (at(b, b->bad) == BISECT_SKIP)
		a->state = BISECT_BAD_UNDECIDED;
	else if (bisect_next(b) >= 0)
		a->state = BISECT_PENDING;
	else if (hi == lo + 1)
		a->state = BISECT_FOUND;
	else {
		a->state = BISECT_RANGE; /* every step between was skipped */
		a->first = lo + 1;
	}
}

int bisect_expected_steps(const struct bisect *b)
{
	int n = 1;

	for (int span = 1; span < b->bad - b->good; span *= 2)
		n++;
	return n;
}

int bisect_replay(struct bisect *b, const struct bisect_log *log,
		  const char *file, struct sb_error *e)
{
	char where[64];

	for (size_t i = 0; i < log->n_steps; i++) {
		int want = bisect_next(b);

		snprintf(where, sizeof(where), "steps[%zu]", i);
		if (log->steps[i].step != want)
			return sb_error_set(
				e, -EINVAL, file, where, NULL,
				"\"step\" is not the step the bisection tests "
				"next (%d)",
				want);
		bisect_record(b, want,
			      (enum bisect_verdict)log->steps[i].verdict);
	}
	return (int)log->n_steps;
}
