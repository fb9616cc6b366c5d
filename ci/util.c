// SPDX-License-Identifier: GPL-2.0
/* Small helpers shared by the ci/ writers: bounded formatting, markup escaping, JSON numbers. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>

#include "ci/util.h"

int ci_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

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
