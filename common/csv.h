/* SPDX-License-Identifier: GPL-2.0 */
/* CSV cells as RFC 4180 writes them: quoted when needed, CRLF between rows. */
#ifndef SB_CSV_H
#define SB_CSV_H

#include <stdio.h>

/*
 * One cell of text: as it is, or in double quotes (each '"' doubled) when
 * it holds a comma, a quote, CR or LF. @last ends the row (CRLF), else a
 * comma follows. NULL is an empty cell.
 */
void sb_csv_text(FILE *f, const char *s, int last);

/* One number (%.6g); NaN is an empty cell, infinities "inf"/"-inf". */
void sb_csv_num(FILE *f, double v, int last);

#endif
