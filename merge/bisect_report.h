/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection's end: the triage's findings, the evidence table, the totals and the answer, from the log read back. */
#ifndef SB_MERGE_BISECT_REPORT_H
#define SB_MERGE_BISECT_REPORT_H

#include "merge/bisect_types.h"

/* The evidence table, the answer and the totals (the log read back); the exit code. */
int bisect_conclude(const struct bisector *s);

#endif
