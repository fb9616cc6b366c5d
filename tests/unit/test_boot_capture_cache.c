// SPDX-License-Identifier: GPL-2.0
/*
 * Cached program answers (harness/boot/capture_cache.c) with a stand-in
 * program that counts its runs: a second ask is answered from the cache
 * with the same exit code and output; a changed key file, a changed
 * program or other arguments run it again. A file's SHA-256 remembered
 * by its stat is the file's, before and after it is rewritten.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/atomicio.h"
#include "harness/boot/capture_cache.h"

struct fx {
	char dir[64], prog[128], count[128], dep[128], path_env[4096];
};

static void write_prog(const struct fx *f, const char *extra)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "#!/bin/sh\necho x >>%s\necho \"answer $*\"\n%sexit 3\n",
		 f->count, extra);
	assert_int_equal(sb_write_file_atomic(f->prog, text, strlen(text)), 0);
	assert_int_equal(chmod(f->prog, 0755), 0);
}

static int runs(const struct fx *f)
{
	char *text;
	size_t len;
	int n = 0;

	if (sb_read_file(f->count, &text, &len))
		return 0;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	free(text);
	return n;
}

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	char cache[96];

	snprintf(f->dir, sizeof(f->dir), "/tmp/sb-ccache-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->prog, sizeof(f->prog), "%s/sb-answer", f->dir);
	snprintf(f->count, sizeof(f->count), "%s/count", f->dir);
	snprintf(f->dep, sizeof(f->dep), "%s/dep", f->dir);
	snprintf(cache, sizeof(cache), "%s/cache", f->dir);
	setenv("SLICEBENCH_CACHE", cache, 1);
	snprintf(f->path_env, sizeof(f->path_env), "%s:%s", f->dir,
		 getenv("PATH"));
	setenv("PATH", f->path_env, 1);
	write_prog(f, "");
	assert_int_equal(sb_write_file_atomic(f->dep, "1", 1), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	sb_rm_rf(f->dir);
	free(f);
	return 0;
}

static int ask(const struct fx *f, const char *arg, const char *expect)
{
	const char *argv[] = { "sb-answer", arg, NULL };
	const struct capture_key key = {
		.stat = (const char *const[]){ f->dep, NULL },
	};
	char *out = NULL;
	int rc = capture_run_cached(argv, 0, -1, &key, &out);

	assert_non_null(out);
	assert_string_equal(out, expect);
	free(out);
	return rc;
}

static void answers_from_the_cache(void **state)
{
	struct fx *f = *state;
	struct timespec later[2] = { { 1000, 0 }, { 1000, 0 } };

	assert_int_equal(ask(f, "a", "answer a\n"), 3);
	assert_int_equal(runs(f), 1);
	assert_int_equal(ask(f, "a", "answer a\n"), 3);
	assert_int_equal(runs(f), 1);
	/* other arguments: another answer */
	assert_int_equal(ask(f, "b", "answer b\n"), 3);
	assert_int_equal(runs(f), 2);
	/* a key file's new mtime: asked again */
	assert_int_equal(utimensat(AT_FDCWD, f->dep, later, 0), 0);
	assert_int_equal(ask(f, "a", "answer a\n"), 3);
	assert_int_equal(runs(f), 3);
	assert_int_equal(ask(f, "a", "answer a\n"), 3);
	assert_int_equal(runs(f), 3);
	/* another program under the same name: asked again */
	write_prog(f, "echo more\n");
	assert_int_equal(ask(f, "a", "answer a\nmore\n"), 3);
	assert_int_equal(runs(f), 4);
}

static void file_hash_follows_the_file(void **state)
{
	struct fx *f = *state;
	char kept[SB_SHA256_HEX], fresh[SB_SHA256_HEX];

	for (int round = 0; round < 2; round++) { /* computed, then kept */
		assert_int_equal(capture_sha256_file(f->dep, kept), 0);
		assert_int_equal(sb_sha256_file(f->dep, fresh), 0);
		assert_string_equal(kept, fresh);
	}
	assert_int_equal(sb_write_file_atomic(f->dep, "2", 1), 0);
	assert_int_equal(capture_sha256_file(f->dep, kept), 0);
	assert_int_equal(sb_sha256_file(f->dep, fresh), 0);
	assert_string_equal(kept, fresh);
	assert_int_equal(capture_sha256_file("/no/such/file", kept), -ENOENT);
}

static void a_missing_program_is_not_kept(void **state)
{
	const char *argv[] = { "sb-no-such-program", NULL };
	char *out = NULL;

	(void)state;
	assert_int_equal(capture_run_cached(argv, 0, -1, NULL, &out), -ENOENT);
	assert_null(out);
	assert_int_equal(capture_run_cached(argv, 0, -1, NULL, &out), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(answers_from_the_cache, setup,
						teardown),
		cmocka_unit_test_setup_teardown(file_hash_follows_the_file,
						setup, teardown),
		cmocka_unit_test_setup_teardown(a_missing_program_is_not_kept,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
