// SPDX-License-Identifier: GPL-2.0
/* The one verdict that ends every judging command and heads report.html, with the rules that made it. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ci/verdict_line.h"
#include "common/fmt.h"

int ci_judged_add(struct ci_judged_list *l, const char *rule, const char *where,
		  enum ci_verdict verdict, unsigned int more_runs)
{
	struct ci_judged *x;

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;

		x = realloc(l->v, cap * sizeof(*x));
		if (!x)
			return -ENOMEM;
		l->v = x;
		l->cap = cap;
	}
	x = &l->v[l->n];
	*x = (struct ci_judged){ .rule = strdup(rule),
				 .where = where ? strdup(where) : NULL,
				 .verdict = verdict,
				 .more_runs = more_runs };
	if (!x->rule || (where && !x->where)) {
		free((char *)x->rule);
		free((char *)x->where);
		return -ENOMEM;
	}
	l->n++;
	return 0;
}

void ci_judged_free(struct ci_judged_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free((char *)l->v[i].rule);
		free((char *)l->v[i].where);
	}
	free(l->v);
	*l = (struct ci_judged_list){ 0 };
}

static int decided(enum ci_verdict v)
{
	return v == CI_V_PASS || v == CI_V_IMPROVEMENT;
}

enum ci_outcome ci_outcome_of(const struct ci_judged *j, size_t n)
{
	size_t judged = 0, ok = 0;

	for (size_t i = 0; i < n; i++) {
		if (j[i].verdict == CI_V_NOT_APPLICABLE)
			continue;
		if (j[i].verdict == CI_V_REGRESSION)
			return CI_OUTCOME_REGRESSION;
		judged++;
		ok += decided(j[i].verdict);
	}
	if (!judged)
		return CI_OUTCOME_NONE;
	return ok == judged ? CI_OUTCOME_PASS : CI_OUTCOME_UNDECIDED;
}

const char *ci_outcome_title(enum ci_outcome o)
{
	static const char *const t[] = {
		[CI_OUTCOME_NONE] = "No verdict",
		[CI_OUTCOME_PASS] = "Pass",
		[CI_OUTCOME_UNDECIDED] = "Cannot decide",
		[CI_OUTCOME_REGRESSION] = "Regression",
	};

	return t[o];
}

const char *ci_outcome_why(enum ci_outcome o)
{
	static const char *const t[] = {
		[CI_OUTCOME_NONE] = "no gate rule applies to these results: "
				    "the tables show values only",
		[CI_OUTCOME_PASS] = "no rule regressed, and every rule that "
				    "applies ruled out a change worse than its "
				    "pass bound",
		[CI_OUTCOME_UNDECIDED] = "no rule regressed, but a rule that "
					 "applies could not rule out a "
					 "regression: more runs would decide",
		[CI_OUTCOME_REGRESSION] = "a rule changed for the worse beyond "
					  "its tolerance",
	};

	return t[o];
}

void ci_more_runs_text(enum ci_verdict v, unsigned int more_runs, char *buf,
		       size_t len)
{
	*buf = '\0';
	if (v == CI_V_INCONCLUSIVE && more_runs == UINT_MAX)
		snprintf(buf, len,
			 "more than 1000 runs a side would be needed");
	else if (v == CI_V_INCONCLUSIVE && more_runs)
		snprintf(buf, len, "about %u runs a side would decide it",
			 more_runs);
}

/* " (about N runs a side would decide it)" or nothing. */
static void about(FILE *f, const struct ci_judged *x)
{
	char more[64];

	ci_more_runs_text(x->verdict, x->more_runs, more, sizeof(more));
	if (x->verdict == CI_V_INSUFFICIENT)
		fputs(" (too few runs a side to decide)", f);
	else if (*more)
		fprintf(f, " (%s)", more);
}

static int same_where(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * The rules whose verdict is @a or @b (how many are returned) after a word: ", WHERE: r1 (...),
 * r2; WHERE2: r3", or ": r1, r2" without a WHERE: each comparison once. With
 * @paren, the list in parentheses after a clause: " (WHERE: r1, r2)".
 */
static size_t list(FILE *f, const struct ci_judged *j, size_t n,
		   enum ci_verdict a, enum ci_verdict b, int paren)
{
	const char *where = NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (j[i].verdict != a && j[i].verdict != b)
			continue;
		if (!k || !same_where(where, j[i].where)) {
			fputs(k		 ? "; " :
			      paren	 ? " (" :
			      j[i].where ? ", " :
					   ": ",
			      f);
			if (j[i].where)
				fprintf(f, "%s: ", j[i].where);
		} else {
			fputs(", ", f);
		}
		where = j[i].where;
		k++;
		fputs(j[i].rule, f);
		about(f, &j[i]);
	}
	if (paren && k)
		fputc(')', f);
	return k;
}

void ci_outcome_rules(FILE *f, enum ci_outcome o, const struct ci_judged *j,
		      size_t n)
{
	size_t pass = 0, better = 0;

	switch (o) {
	case CI_OUTCOME_REGRESSION:
		fputs("regressed", f);
		list(f, j, n, CI_V_REGRESSION, CI_V_REGRESSION, 0);
		break;
	case CI_OUTCOME_UNDECIDED:
		fputs("undecided", f);
		if (!list(f, j, n, CI_V_INCONCLUSIVE, CI_V_INSUFFICIENT, 0))
			fputs(": no rule, but the sides cannot be compared "
			      "(see the cautions)",
			      f);
		break;
	case CI_OUTCOME_PASS:
		for (size_t i = 0; i < n; i++) {
			pass += j[i].verdict == CI_V_PASS;
			better += j[i].verdict == CI_V_IMPROVEMENT;
		}
		fprintf(f, "%zu rule%s passed", pass + better,
			SB_S(pass + better));
		/* "6 rules passed, 2 of them improvements (B against A: x,
		 * y)": a clause, then the rules it names */
		if (better) {
			size_t all = pass + better;

			if (all == 1)
				fputs(", an improvement", f);
			else if (better == all)
				fputs(", all improvements", f);
			else if (better == 1)
				fputs(", 1 of them an improvement", f);
			else
				fprintf(f, ", %zu of them improvements",
					better);
			list(f, j, n, CI_V_IMPROVEMENT, CI_V_IMPROVEMENT, 1);
		}
		break;
	case CI_OUTCOME_NONE: /* its why says it */
		break;
	}
}

void ci_verdict_line(FILE *f, enum ci_outcome o, const struct ci_judged *j,
		     size_t n)
{
	fprintf(f, "verdict: %s: %s", ci_outcome_title(o), ci_outcome_why(o));
	if (o != CI_OUTCOME_NONE) {
		fputs("; ", f);
		ci_outcome_rules(f, o, j, n);
	}
	fputc('\n', f);
}

char *ci_judged_say(struct ci_judged_list *l, ci_verdict_say *say,
		    enum ci_outcome *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	*o = ci_outcome_of(l->v, l->n);
	if (m) {
		say(m, *o, l->v, l->n);
		if (fclose(m)) {
			free(text);
			text = NULL;
		}
	}
	ci_judged_free(l);
	return text;
}
