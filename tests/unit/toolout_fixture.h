/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test helper of the tool output readers' tests: canned outputs in
 * tests/fixtures/toolout/ and made-up texts through the reader under test,
 * which the test defines as toolout_read() (its parse into its result).
 */
#ifndef SB_TOOLOUT_FIXTURE_H
#define SB_TOOLOUT_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "common/atomicio.h"
#include "common/error.h"

/* The path a made-up text is said to come from. */
#define TOOLOUT_TEXT_PATH "out"

/* The path of the last fixture read, and the reader's last error. */
static char path[4096];
static struct sb_error err;

/* The reader under test: parse @text, read from @from, into the test's
 * result; 0 or -errno with @e set. */
static int toolout_read(const char *text, const char *from, struct sb_error *e);

/* tests/fixtures/toolout/@name under $SLICEBENCH_ROOT (else the current
 * directory), into @buf. */
static inline const char *fixture_path(const char *name, char *buf, size_t len)
{
	const char *root = getenv("SLICEBENCH_ROOT");

	snprintf(buf, len, "%s/tests/fixtures/toolout/%s",
		 root && *root ? root : ".", name);
	return buf;
}

/* The reader on fixture @name (its path left in path). */
static inline int parse_fixture(const char *name)
{
	char *text;
	size_t n;
	int r;

	assert_int_equal(sb_read_file(fixture_path(name, path, sizeof(path)),
				      &text, &n),
			 0);
	err.msg[0] = '\0';
	r = toolout_read(text, path, &err);
	free(text);
	return r;
}

/* The reader on @text, said to come from TOOLOUT_TEXT_PATH. */
static inline int parse_text(const char *text)
{
	err.msg[0] = '\0';
	return toolout_read(text, TOOLOUT_TEXT_PATH, &err);
}

#endif
