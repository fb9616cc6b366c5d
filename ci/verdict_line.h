/* SPDX-License-Identifier: GPL-2.0 */
/* The one verdict that ends run, report, compare, gate and check and heads report.html: its word, why, and the rules that made it. */
#ifndef CI_VERDICT_LINE_H
#define CI_VERDICT_LINE_H

#include <stddef.h>
#include <stdio.h>

#include "ci/gate.h"

enum ci_outcome {
	CI_OUTCOME_NONE, /* no rule applies: values only */
	CI_OUTCOME_PASS,
	CI_OUTCOME_UNDECIDED,
	CI_OUTCOME_REGRESSION,
};

/* One rule's verdict in one comparison. */
struct ci_judged {
	const char *rule; /* its name */
	const char *where; /* "PREEMPT_SHORT against NO_PREEMPT_SHORT"; NULL */
	enum ci_verdict verdict;
	unsigned int more_runs; /* as struct ci_rule_result's */
};

/* Verdicts gathered over comparisons (the rule and where are copied). */
struct ci_judged_list {
	struct ci_judged *v;
	size_t n, cap;
};

/* Append one; 0 or -ENOMEM. */
int ci_judged_add(struct ci_judged_list *l, const char *rule, const char *where,
		  enum ci_verdict verdict, unsigned int more_runs);
void ci_judged_free(struct ci_judged_list *l);

/*
 * As the gate decides a merge, over verdicts alone: a regression on any
 * rule; else pass when every rule that applies passed or improved; else
 * cannot decide; none when no rule applies.
 */
enum ci_outcome ci_outcome_of(const struct ci_judged *j, size_t n);

/* "Pass", "Cannot decide", "Regression", "No verdict". */
const char *ci_outcome_title(enum ci_outcome o);
/* What the title means, one sentence without its full stop. */
const char *ci_outcome_why(enum ci_outcome o);

/* "about 40 runs a side would decide it" into @buf, or "" when decided. */
void ci_more_runs_text(enum ci_verdict v, unsigned int more_runs, char *buf,
		       size_t len);

/*
 * The rules that made @o: the regressed ones, or the undecided ones each
 * with the runs a side that would decide it, or how many passed; nothing
 * for CI_OUTCOME_NONE. No newline.
 */
void ci_outcome_rules(FILE *f, enum ci_outcome o, const struct ci_judged *j,
		      size_t n);

/* "verdict: Cannot decide: WHY; RULES", or "verdict: No verdict: WHY". */
void ci_verdict_line(FILE *f, enum ci_outcome o, const struct ci_judged *j,
		     size_t n);

/* What writes a verdict: ci_verdict_line, ci_outcome_rules. */
typedef void ci_verdict_say(FILE *f, enum ci_outcome o,
			    const struct ci_judged *j, size_t n);

/*
 * The outcome of the verdicts gathered in @l into *@o and what @say
 * writes of them as a malloc'd string (NULL: out of memory); frees @l.
 * The terminal's last line and report.html's banner come from here.
 */
char *ci_judged_say(struct ci_judged_list *l, ci_verdict_say *say,
		    enum ci_outcome *o);

#endif
