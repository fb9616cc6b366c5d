/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: a text written to a new temporary file, for readers that take a path. */
#ifndef SB_TEST_TMP_TEXT_H
#define SB_TEST_TMP_TEXT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

/* @text into a new file made from the mkstemp @pattern (its name left there). */
static inline void tmp_text(char *pattern, const char *text)
{
	int fd = mkstemp(pattern);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

#endif
