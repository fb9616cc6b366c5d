// SPDX-License-Identifier: GPL-2.0
/* A program's answer (capture_run) kept in the kernel cache, keyed on its arguments and the files it reads. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"
#include "common/atomicio.h"
#include "common/sha256.h"
#include "common/spawn.h"
#include "harness/boot/capture.h"
#include "harness/boot/capture_cache.h"
#include "harness/boot/kernel.h"

/* A growing text: the key's material, one line per fact. */
struct text {
	char *s;
	size_t len, cap;
	int err;
};

/* Append @n bytes of @line (n < 0 or too long: an error). */
static void append(struct text *t, const char *line, int n, size_t max)
{
	char *p;

	if (t->err || n < 0 || (size_t)n >= max) {
		t->err = t->err ?: -ENAMETOOLONG;
		return;
	}
	p = sb_array_grow(t->s, &t->cap, t->len + (size_t)n + 1, 1);
	if (!p) {
		t->err = -ENOMEM;
		return;
	}
	t->s = p;
	memcpy(t->s + t->len, line, (size_t)n + 1);
	t->len += (size_t)n;
}

/* "@what @a @b". */
static void add(struct text *t, const char *what, const char *a, const char *b)
{
	char line[2 * PATH_MAX + 128];

	append(t, line, snprintf(line, sizeof(line), "%s %s %s\n", what, a, b),
	       sizeof(line));
}

/* "@what @path" and what stat says of it. */
static void add_stat(struct text *t, const char *what, const char *path,
		     const struct stat *st)
{
	char line[PATH_MAX + 128];

	append(t, line,
	       snprintf(line, sizeof(line), "%s %s %lld %lld.%09ld %llu\n",
			what, path, (long long)st->st_size,
			(long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
			(unsigned long long)st->st_ino),
	       sizeof(line));
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's entries (sorted: readdir's order is not stable) by stat. */
static void add_dir(struct text *t, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL, path[PATH_MAX];
	size_t n = 0, cap = 0;

	while (d && (de = readdir(d)) && !t->err) {
		char **more;

		if (de->d_name[0] == '.')
			continue;
		more = sb_array_grow(names, &cap, n + 1, sizeof(*names));
		if (more)
			names = more;
		if (!more || !(names[n] = strdup(de->d_name)))
			t->err = -ENOMEM;
		else
			n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!stat(path, &st))
			add_stat(t, "entry", path, &st);
		free(names[i]);
	}
	free(names);
}

/* The key's material: the arguments, then each file's content or stat. */
static void key_text(struct text *t, const char *const *argv, int with_stderr,
		     const struct capture_key *key)
{
	char hex[SB_SHA256_HEX], prog[PATH_MAX];
	struct stat st;

	add(t, "stderr", with_stderr ? "1" : "0", "");
	/* the program itself: an upgrade, or a stand-in on PATH, is new */
	if (sb_find_program(argv[0], prog, sizeof(prog)) ||
	    capture_sha256_file(prog, hex))
		snprintf(hex, sizeof(hex), "missing");
	add(t, "program", argv[0], hex);
	for (int i = 0; argv[i]; i++)
		add(t, "arg", argv[i], "");
	for (int i = 0; key && key->hash && key->hash[i]; i++)
		add(t, "hash", key->hash[i],
		    capture_sha256_file(key->hash[i], hex) ? "missing" : hex);
	for (int i = 0; key && key->stat && key->stat[i]; i++) {
		if (stat(key->stat[i], &st))
			add(t, "stat", key->stat[i], "missing");
		else
			add_stat(t, "stat", key->stat[i], &st);
		if (!t->err && S_ISDIR(st.st_mode))
			add_dir(t, key->stat[i]);
	}
}

/* @name's path under kernel_cache_dir()/answers, the directory made. */
static int answer_path(const char *name, char *path, size_t len)
{
	int e;

	snprintf(path, len, "%.4000s/answers", kernel_cache_dir());
	if ((e = sb_mkdir_p(path, 0755)))
		return e;
	snprintf(path, len, "%.4000s/answers/%s", kernel_cache_dir(), name);
	return 0;
}

int capture_sha256_file(const char *path, char hex[SB_SHA256_HEX])
{
	char line[PATH_MAX + 160], key[SB_SHA256_HEX], kept[PATH_MAX], *text;
	struct stat st;
	size_t len;
	int n, e;

	if (stat(path, &st))
		return -errno;
	n = snprintf(line, sizeof(line),
		     "sha256 %s %lld %lld.%09ld %lld.%09ld %llu", path,
		     (long long)st.st_size, (long long)st.st_mtim.tv_sec,
		     st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec,
		     st.st_ctim.tv_nsec, (unsigned long long)st.st_ino);
	if (n < 0 || (size_t)n >= sizeof(line))
		return sb_sha256_file(path, hex);
	sb_sha256_buf(line, (size_t)n, key);
	if (answer_path(key, kept, sizeof(kept)))
		return sb_sha256_file(path, hex);
	if (!sb_read_file(kept, &text, &len)) {
		int ok = len == SB_SHA256_HEX - 1 &&
			 strspn(text, "0123456789abcdef") == len;

		if (ok)
			memcpy(hex, text, SB_SHA256_HEX);
		free(text);
		if (ok)
			return 0;
	}
	if ((e = sb_sha256_file(path, hex)))
		return e;
	sb_write_file_atomic(kept, hex, SB_SHA256_HEX - 1);
	return 0;
}

/* The kept answer "<exit code>\n<output>" in @path, if any. */
static int load(const char *path, char **out)
{
	char *text, *nl, *end;
	size_t len;
	long rc;

	if (sb_read_file(path, &text, &len))
		return -1;
	nl = strchr(text, '\n');
	rc = nl ? strtol(text, &end, 10) : -1;
	if (!nl || end != nl || rc < 0 || rc > 255) {
		free(text);
		return -1;
	}
	memmove(text, nl + 1, len - (size_t)(nl + 1 - text) + 1);
	*out = text;
	return (int)rc;
}

static void keep(const char *path, int rc, const char *out)
{
	size_t len = strlen(out);
	char *text = malloc(len + 8);
	int n;

	if (!text)
		return;
	n = snprintf(text, len + 8, "%d\n%s", rc, out);
	sb_write_file_atomic(path, text, (size_t)n);
	free(text);
}

int capture_run_cached(const char *const *argv, int with_stderr,
		       int64_t timeout_ns, const struct capture_key *key,
		       char **out)
{
	struct text t = { 0 };
	char hex[SB_SHA256_HEX], path[PATH_MAX];
	int rc;

	key_text(&t, argv, with_stderr, key);
	if (t.err) {
		free(t.s);
		return capture_run(argv, with_stderr, timeout_ns, out);
	}
	sb_sha256_buf(t.s, t.len, hex);
	free(t.s);
	if (answer_path(hex, path, sizeof(path)))
		return capture_run(argv, with_stderr, timeout_ns, out);
	if ((rc = load(path, out)) >= 0)
		return rc;
	rc = capture_run(argv, with_stderr, timeout_ns, out);
	if (rc >= 0 && rc <= 255 && *out)
		keep(path, rc, *out);
	return rc;
}
