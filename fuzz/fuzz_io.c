// SPDX-License-Identifier: GPL-2.0
/* Fuzz helpers: a per-process scratch directory, file writes, input splitting. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "fuzz/fuzz_io.h"

static char dir[PATH_MAX];

static void fz_cleanup(void)
{
	sb_rm_rf(dir);
}

static void fz_die(const char *what, const char *path)
{
	fprintf(stderr, "fuzz harness: %s %s: %s\n", what, path,
		strerror(errno));
	abort();
}

const char *fz_dir(void)
{
	const char *base;

	if (*dir)
		return dir;
	/* tmpfs: rewriting a file on ext4 each run waits for writeback */
	base = getenv("TMPDIR");
	if (!base)
		base = access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm";
	snprintf(dir, sizeof(dir), "%s/sbfuzz.XXXXXX", base);
	if (!mkdtemp(dir))
		fz_die("cannot create", dir);
	atexit(fz_cleanup);
	return dir;
}

const char *fz_put(const char *rel, const void *data, size_t len)
{
	static char path[PATH_MAX];
	char parent[PATH_MAX], *slash;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", fz_dir(), rel);
	snprintf(parent, sizeof(parent), "%s", path);
	slash = strrchr(parent, '/');
	*slash = '\0';
	if (sb_mkdir_p(parent, 0755))
		fz_die("cannot create", parent);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		fz_die("cannot open", path);
	if (len && write(fd, data, len) != (ssize_t)len)
		fz_die("cannot write", path);
	close(fd);
	return path;
}

void fz_drop(const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", fz_dir(), rel);
	if (unlink(path) && errno != ENOENT)
		fz_die("cannot remove", path);
}

size_t fz_split(const uint8_t *data, size_t len, const uint8_t **part,
		size_t *plen, size_t max)
{
	const size_t seplen = strlen(FZ_SEP);
	size_t n = 0, start = 0;

	for (size_t i = 0; n + 1 < max && i + seplen <= len; i++) {
		if (memcmp(data + i, FZ_SEP, seplen) != 0)
			continue;
		part[n] = data + start;
		plen[n++] = i - start;
		start = i + seplen;
		i = start - 1;
	}
	part[n] = data + start;
	plen[n++] = len - start;
	return n;
}

char *fz_strdup(const uint8_t *data, size_t len)
{
	char *s = malloc(len + 1);

	if (!s)
		abort();
	if (len)
		memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

_Noreturn void fz_fail(const char *what)
{
	fprintf(stderr, "fuzz invariant broken: %s\n", what);
	abort();
}

uint64_t fz_sbt_span_ns(void)
{
	static uint64_t span = 1; /* 1: not read yet */
	const char *s;

	if (span != 1)
		return span;
	s = getenv("SBFUZZ_SPAN_NS");
	span = s ? strtoull(s, NULL, 10) : 1000000000000ULL;
	if (!span)
		span = UINT64_MAX;
	return span;
}
