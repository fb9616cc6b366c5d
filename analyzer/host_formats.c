// SPDX-License-Identifier: GPL-2.0
/* Compare a recording's event format with the running kernel's tracefs file. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/host_formats.h"

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

/* The whole of @fd equals @text (@len bytes)? */
static int file_equals(int fd, const unsigned char *text, size_t len)
{
	unsigned char buf[4096];
	size_t at = 0;

	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return 0;
		if (n == 0)
			return at == len;
		if ((size_t)n > len - at || memcmp(buf, text + at, (size_t)n))
			return 0;
		at += (size_t)n;
	}
}

int host_format_same(const char *tracefs, const char *sys,
		     const unsigned char *text, size_t len)
{
	char name[256], path[PATH_MAX];
	int fd, same;

	if (event_name(text, len, name, sizeof(name)) ||
	    snprintf(path, sizeof(path), "%s/events/%s/%s/format", tracefs, sys,
		     name) >= (int)sizeof(path))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	same = file_equals(fd, text, len);
	close(fd);
	return same;
}
