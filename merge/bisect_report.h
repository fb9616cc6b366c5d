/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection's end: the triage's findings, the evidence table, the totals and the answer, from the log read back. */
#ifndef SB_MERGE_BISECT_REPORT_H
#define SB_MERGE_BISECT_REPORT_H

#include "merge/bisect_types.h"

/*
 * A bisection's own exit codes, as `git bisect run` means its own: 0 an
 * answer (the first bad step), 1 no regression between the ends; 2, 3 and
 * 4 are the shared ones (bad usage, cannot decide, could not measure).
 */
enum bisect_exit {
	BISECT_EXIT_FOUND = 0,
	BISECT_EXIT_NO_REGRESSION = 1,
};

/* The evidence table, the answer and the totals (the log read back); the exit code. */
int bisect_conclude(const struct bisector *s);

#endif
