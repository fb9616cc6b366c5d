// SPDX-License-Identifier: GPL-2.0
/* Small helpers shared by the ci/ writers: markup escaping, JSON numbers. */
#include <math.h>

#include "ci/util.h"

void ci_markup_escaped(FILE *f, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		switch (s[i]) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			if ((unsigned char)s[i] >= 0x20 || s[i] == '\n' ||
			    s[i] == '\t')
				fputc(s[i], f);
		}
	}
}

json_t *ci_json_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}
