// SPDX-License-Identifier: GPL-2.0
/* newc cpio: 110-byte ASCII-hex headers, name and data padded to 4 bytes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"
#include "common/atomicio.h"
#include "harness/boot/cpio.h"

void cpio_init(struct cpio *c)
{
	memset(c, 0, sizeof(*c));
}

void cpio_free(struct cpio *c)
{
	for (size_t i = 0; i < c->names_n; i++)
		free(c->names[i]);
	free(c->names);
	free(c->buf);
	cpio_init(c);
}

/* Index where @name is or would be inserted; *found set when present. */
static size_t name_pos(const struct cpio *c, const char *name, int *found)
{
	size_t lo = 0, hi = c->names_n;

	*found = 0;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int r = strcmp(c->names[mid], name);

		if (!r) {
			*found = 1;
			return mid;
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int cpio_has(const struct cpio *c, const char *name)
{
	int found;

	name_pos(c, name, &found);
	return found;
}

/* Remember @name; returns 1 if it was new, 0 if known, -errno. */
static int remember(struct cpio *c, const char *name)
{
	int found;
	size_t pos = name_pos(c, name, &found);
	char *dup, **nv;

	if (found)
		return 0;
	nv = sb_array_grow(c->names, &c->names_cap, c->names_n + 1,
			   sizeof(*nv));
	if (!nv)
		return -ENOMEM;
	c->names = nv;
	if (!(dup = strdup(name)))
		return -ENOMEM;
	memmove(c->names + pos + 1, c->names + pos,
		(c->names_n - pos) * sizeof(*c->names));
	c->names[pos] = dup;
	c->names_n++;
	return 1;
}

static int reserve(struct cpio *c, size_t more)
{
	char *nb = sb_array_grow(c->buf, &c->cap, c->len + more, 1);

	if (!nb)
		return -ENOMEM;
	c->buf = nb;
	return 0;
}

static void put(struct cpio *c, const void *p, size_t n)
{
	if (n)
		memcpy(c->buf + c->len, p, n);
	c->len += n;
	while (c->len % 4)
		c->buf[c->len++] = '\0';
}

static int entry(struct cpio *c, const char *name, mode_t mode,
		 const void *data, size_t len, unsigned int rmajor,
		 unsigned int rminor)
{
	size_t nlen = strlen(name) + 1;
	char hdr[111];

	if (len > 0xffffffffu)
		return -EFBIG;
	if (reserve(c, 110 + nlen + len + 8))
		return -ENOMEM;
	snprintf(hdr, sizeof(hdr),
		 "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 ++c->ino, (unsigned int)mode, 0u, 0u, S_ISDIR(mode) ? 2u : 1u,
		 0u, (unsigned int)len, 0u, 0u, rmajor, rminor,
		 (unsigned int)nlen, 0u);
	memcpy(c->buf + c->len, hdr, 110);
	c->len += 110;
	put(c, name, nlen);
	if (len)
		put(c, data, len);
	return 0;
}

static int check_name(struct cpio *c, const char *name)
{
	if (c->error)
		return c->error;
	if (!*name || name[0] == '/' || strstr(name, "//") ||
	    name[strlen(name) - 1] == '/')
		return c->error = -EINVAL;
	return 0;
}

/* Add the parent directories of @name that are not in yet. */
static int parents(struct cpio *c, const char *name)
{
	char path[4096];
	const char *slash = name;

	while ((slash = strchr(slash, '/'))) {
		size_t n = (size_t)(slash - name);

		if (n >= sizeof(path))
			return -ENAMETOOLONG;
		memcpy(path, name, n);
		path[n] = '\0';
		if (!cpio_has(c, path)) {
			int ret = cpio_add_dir(c, path, 0755);

			if (ret)
				return ret;
		}
		slash++;
	}
	return 0;
}

/* Common start of every add: 1 = go on, 0 = already there, -errno. */
static int begin(struct cpio *c, const char *name)
{
	int ret = check_name(c, name);

	if (!ret && strchr(name, '/'))
		ret = parents(c, name);
	if (!ret)
		ret = remember(c, name);
	if (ret < 0)
		c->error = ret;
	return ret;
}

static int done(struct cpio *c, int ret)
{
	if (ret < 0 && !c->error)
		c->error = ret;
	return ret < 0 ? ret : 0;
}

int cpio_add_dir(struct cpio *c, const char *name, mode_t perm)
{
	int ret = begin(c, name);

	if (ret <= 0)
		return ret;
	return done(c, entry(c, name, S_IFDIR | (perm & 07777), NULL, 0, 0, 0));
}

int cpio_add_data(struct cpio *c, const char *name, mode_t perm,
		  const void *data, size_t len)
{
	int ret = begin(c, name);

	if (ret <= 0)
		return ret;
	return done(c,
		    entry(c, name, S_IFREG | (perm & 07777), data, len, 0, 0));
}

int cpio_add_file(struct cpio *c, const char *name, mode_t perm,
		  const char *src)
{
	char *data = NULL;
	size_t len = 0;
	int ret;

	if (cpio_has(c, name))
		return check_name(c, name);
	ret = sb_read_file(src, &data, &len);
	if (ret)
		return done(c, ret);
	ret = cpio_add_data(c, name, perm, data, len);
	free(data);
	return ret;
}

int cpio_add_symlink(struct cpio *c, const char *name, const char *target)
{
	int ret = begin(c, name);

	if (ret <= 0)
		return ret;
	return done(c, entry(c, name, S_IFLNK | 0777, target, strlen(target), 0,
			     0));
}

int cpio_add_node(struct cpio *c, const char *name, mode_t type, mode_t perm,
		  unsigned int major, unsigned int minor)
{
	int ret;

	if (c->error)
		return c->error;
	if (type != S_IFCHR && type != S_IFBLK)
		return done(c, -EINVAL);
	ret = begin(c, name);
	if (ret <= 0)
		return ret;
	return done(c, entry(c, name, type | (perm & 07777), NULL, 0, major,
			     minor));
}

int cpio_finish(struct cpio *c)
{
	if (c->error)
		return c->error;
	return done(c, entry(c, "TRAILER!!!", 0, NULL, 0, 0, 0));
}
