/* SPDX-License-Identifier: GPL-2.0 */
/* Test support: `perf script` text lines into core events, for the trace.dat converter. */
#ifndef SB_PERF_SCRIPT_LINE_H
#define SB_PERF_SCRIPT_LINE_H

#include "analyzer/sbt.h"

/* Parse one line of `perf script -F tid,cpu,time,event,trace --ns` into
 * @ev (strings point into @line, which is modified). Returns 1 for a
 * scheduler event, 0 for a line to skip, -EINVAL for a malformed one. */
int sbt_parse_perf_line(char *line, struct sbt_event *ev);

#endif
