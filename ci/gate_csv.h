/* SPDX-License-Identifier: GPL-2.0 */
/* A gate's verdicts as CSV: one row per rule (gate --csv, check --csv). */
#ifndef CI_GATE_CSV_H
#define CI_GATE_CSV_H

#include "ci/gate_report.h"

/* The header and a row per rule of @g into @path ("-": stdout), atomically. 0 or -errno. */
int ci_gate_write_csv(const char *path, const struct ci_gate_report *g);

#endif
