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

/* One line (@n bytes, no newline) folded as sb_fmt_fold() says. */
static void fold_line(FILE *f, const char *s, size_t n, size_t width,
		      size_t indent)
{
	size_t col, lead = strspn(s, " ");
	int fresh = 1; /* no word on this output line yet */

	if (lead > n)
		lead = n;
	fprintf(f, "%.*s", (int)lead, s); /* the line's own indent, kept */
	col = lead;
	for (size_t i = lead; i < n;) {
		size_t w = strcspn(s + i, " ");

		if (i + w > n)
			w = n - i;
		if (!fresh && col + 1 + w > width) {
			fprintf(f, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!fresh) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", (int)w, s + i);
		col += w;
		fresh = 0;
		for (i += w; i < n && s[i] == ' ';)
			i++;
	}
	fputc('\n', f);
}

void sb_fmt_fold(FILE *f, const char *text, size_t width, size_t indent)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		fold_line(f, text, n, width, indent);
		text += n + (text[n] == '\n');
	}
}
