// SPDX-License-Identifier: GPL-2.0
/* CSV cells as RFC 4180 writes them: quoted when needed, CRLF between rows. */
#include <math.h>
#include <string.h>

#include "common/csv.h"

void sb_csv_text(FILE *f, const char *s, int last)
{
	if (s && s[strcspn(s, ",\"\r\n")]) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else if (s) {
		fputs(s, f);
	}
	fputs(last ? "\r\n" : ",", f);
}

void sb_csv_num(FILE *f, double v, int last)
{
	char buf[32] = "";

	if (!isnan(v))
		snprintf(buf, sizeof(buf), "%.6g", v);
	sb_csv_text(f, buf, last);
}
