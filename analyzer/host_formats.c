// SPDX-License-Identifier: GPL-2.0
/* Compare a recording's event format with the running kernel's tracefs file. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/host_formats.h"
#include "common/atomicio.h"

/* The NAME of "name: NAME\n" at the start of @text into @name: 0, or -1
 * when absent or not a plain identifier (it becomes part of a path). */
static int event_name(const unsigned char *text, size_t len, char *name,
		      size_t cap)
{
	static const char head[] = "name: ";
	size_t i = sizeof(head) - 1, n = 0;

	if (len < i || memcmp(text, head, i))
		return -1;
	for (; i < len && text[i] != '\n'; i++) {
		unsigned char c = text[i];

		if (n + 1 >= cap ||
		    !(c == '_' || (c >= 'a' && c <= 'z') ||
		      (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return -1;
		name[n++] = (char)c;
	}
	name[n] = '\0';
	return n && i < len ? 0 : -1;
}

int host_format_same(const char *tracefs, const char *sys,
		     const unsigned char *text, size_t len)
{
	char name[256], path[PATH_MAX];
	char *have;
	size_t n;
	int same;

	if (event_name(text, len, name, sizeof(name)) ||
	    snprintf(path, sizeof(path), "%s/events/%s/%s/format", tracefs, sys,
		     name) >= (int)sizeof(path) ||
	    sb_read_file(path, &have, &n))
		return 0;
	same = n == len && !memcmp(have, text, len);
	free(have);
	return same;
}
