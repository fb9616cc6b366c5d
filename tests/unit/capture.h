/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: what a print function wrote to its stream, as a string to search, and the search. */
#ifndef SB_TEST_CAPTURE_H
#define SB_TEST_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What @print wrote, as a malloc'd string. */
static inline char *capture(void (*print)(FILE *, const void *),
			    const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	print(f, arg);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* Each of the NULL-terminated @want is in @text; a failure names the first missing. */
static inline void assert_contains(const char *text, const char *const *want)
{
	for (; *want; want++)
		if (!strstr(text, *want))
			fail_msg("not in the text: \"%s\"", *want);
}

#endif
