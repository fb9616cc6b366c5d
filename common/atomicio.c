// SPDX-License-Identifier: GPL-2.0
/* Atomic file writes (temp + fsync + rename), JSON text, whole-file reads, mkdir -p, rm -r. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/atomicio.h"

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int sb_write_file_atomic(const char *path, const void *buf, size_t len)
{
	char tmp[PATH_MAX];
	int fd, ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid()) >=
	    (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	ret = write_all(fd, buf, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

/*
 * 15 significant digits (DBL_DIG): decimals print as written (0.1, not
 * 0.10000000000000001), and trace timestamps keep their nanoseconds up to
 * 10^6 s of uptime (10 digits cut 3410.660615744 s to 3410.660616).
 */

char *sb_json_text(const json_t *j, size_t *len)
{
	char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
					   JSON_REAL_PRECISION(SB_JSON_DIGITS));
	char *with_nl;
	size_t n;

	if (!text)
		return NULL;
	n = strlen(text);
	with_nl = realloc(text, n + 2);
	if (!with_nl) {
		free(text);
		return NULL;
	}
	with_nl[n] = '\n';
	with_nl[n + 1] = '\0';
	*len = n + 1;
	return with_nl;
}

int sb_json_dump_atomic(const char *path, const json_t *j)
{
	size_t len;
	char *text = sb_json_text(j, &len);
	int ret;

	if (!text)
		return -ENOMEM;
	ret = sb_write_file_atomic(path, text, len);
	free(text);
	return ret;
}

int sb_read_file(const char *path, char **buf, size_t *len)
{
	size_t cap = 4096, used = 0;
	char *p = malloc(cap);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || !p) {
		int e = fd < 0 ? -errno : -ENOMEM;

		free(p);
		if (fd >= 0)
			close(fd);
		return e;
	}
	for (;;) {
		/* a byte to read into and one for the NUL */
		char *q = sb_array_grow(p, &cap, used + 2, 1);
		ssize_t n;

		if (!q) {
			free(p);
			close(fd);
			return -ENOMEM;
		}
		p = q;
		n = read(fd, p + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = -errno;

			free(p);
			close(fd);
			return e;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	p[used] = '\0';
	*buf = p;
	if (len)
		*len = used;
	return 0;
}

int sb_json_load(const char *path, size_t flags, json_t **out, json_error_t *je)
{
	static const char bom[] = "\xef\xbb\xbf";
	size_t len = 0, skip;
	char *buf = NULL;
	int r = sb_read_file(path, &buf, &len);

	*out = NULL;
	if (r) {
		*je = (json_error_t){ .line = -1, .column = -1 };
		snprintf(je->text, sizeof(je->text), "cannot read: %s",
			 strerror(-r));
		return r;
	}
	/* editors that save "UTF-8 with BOM" put it first: not JSON, no harm */
	skip = len >= 3 && !memcmp(buf, bom, 3) ? 3 : 0;
	*out = json_loadb(buf + skip, len - skip, flags, je);
	free(buf);
	return *out ? 0 : -EBADMSG;
}

int sb_mkdir_p(const char *path, mode_t mode)
{
	char tmp[PATH_MAX];
	size_t n = strlen(path);

	if (n == 0 || n >= sizeof(tmp))
		return -ENAMETOOLONG;
	memcpy(tmp, path, n + 1);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, mode) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, mode) && errno != EEXIST)
		return -errno;
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) ? -1 : 0;
}

int sb_rm_rf(const char *path)
{
	if (nftw(path, rm_one, 32, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
		return -errno;
	return 0;
}
