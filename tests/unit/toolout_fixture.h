/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: the text of a canned tool output in tests/fixtures/toolout/. */
#ifndef SB_TOOLOUT_FIXTURE_H
#define SB_TOOLOUT_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "common/atomicio.h"

/* Read tests/fixtures/toolout/@name (under $SLICEBENCH_ROOT, else the
 * current directory): its path into @path, its text returned (free it). */
static inline char *toolout_fixture(const char *name, char *path, size_t len)
{
	const char *root = getenv("SLICEBENCH_ROOT");
	char *text;
	size_t n;

	snprintf(path, len, "%s/tests/fixtures/toolout/%s",
		 root && *root ? root : ".", name);
	assert_int_equal(sb_read_file(path, &text, &n), 0);
	return text;
}

#endif
