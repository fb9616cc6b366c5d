// SPDX-License-Identifier: GPL-2.0
/* Checked snprintf: one place that turns truncation into -ENAMETOOLONG. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/fmt.h"

int sb_fmt(char *buf, size_t len, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(buf, len, format, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

void sb_fmt_append(char *buf, size_t len, size_t *off, const char *format, ...)
{
	va_list ap;
	int n;

	if (*off >= len)
		return;
	va_start(ap, format);
	n = vsnprintf(buf + *off, len - *off, format, ap);
	va_end(ap);
	if (n > 0)
		*off += (size_t)n;
}

void sb_fmt_words(char *buf, size_t len, const char *s)
{
	static const char mark[] = " ...";
	size_t n = strlen(s), cut;

	if (!len)
		return;
	if (n < len || len < sizeof(mark) + 1) {
		snprintf(buf, len, "%s", s);
		return;
	}
	/* the last space with room for the mark after it; none: mid-word */
	cut = len - sizeof(mark);
	while (cut > 0 && s[cut] != ' ')
		cut--;
	if (!cut)
		cut = len - sizeof(mark);
	while (cut > 0 && s[cut - 1] == ' ')
		cut--;
	snprintf(buf, len, "%.*s%s", (int)cut, s, mark);
}
