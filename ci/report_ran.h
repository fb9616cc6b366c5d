/* SPDX-License-Identifier: GPL-2.0 */
/* report.html's "What ran": each column's manifest facts side by side, what differs between them marked. */
#ifndef CI_REPORT_RAN_H
#define CI_REPORT_RAN_H

#include <stdio.h>

#include "ci/columns.h"

/*
 * An HTML table of @c's columns (their first runs' manifests), a row per
 * fact; in rows of settings (not measured figures such as the guest's
 * speed) each word that not every column has is in <mark>, its cell of
 * class "d", and a line above the table names those rows.
 */
void ci_report_ran(FILE *f, const struct ci_columns *c);

#endif
