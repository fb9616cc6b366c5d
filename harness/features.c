// SPDX-License-Identifier: GPL-2.0
/* Scheduler features in /sys/kernel/debug/sched/features: set and verify. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/features.h"

int features_read(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	close(fd);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		n--;
	buf[n] = '\0';
	return 0;
}

int features_has(const char *line, const char *feature)
{
	size_t n = strlen(feature);

	for (const char *p = line; (p = strstr(p, feature)); p += n)
		if ((p == line || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static int write_one(const char *path, const char *feature)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	int e = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, feature, strlen(feature));
	if (n != (ssize_t)strlen(feature))
		e = n < 0 ? -errno : -EIO;
	close(fd);
	return e;
}

int features_apply(const char *path, const struct sc_feature_set *fs,
		   char *read_back, size_t len, char *err, size_t errlen)
{
	int r;

	for (int i = 0; i < fs->n_features; i++) {
		r = write_one(path, fs->features[i]);
		if (r) {
			snprintf(err, errlen, "feature %s: writing %s: %s",
				 fs->features[i], path, strerror(-r));
			return r;
		}
	}
	r = features_read(path, read_back, len);
	if (r) {
		snprintf(err, errlen, "reading back %s: %s", path,
			 strerror(-r));
		return r;
	}
	for (int i = 0; i < fs->n_features; i++)
		if (!features_has(read_back, fs->features[i])) {
			snprintf(err, errlen,
				 "feature %s did not take (read back: %s)",
				 fs->features[i], read_back);
			return -EINVAL;
		}
	return 0;
}

int features_writable(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

int features_restore(const char *path, const char *line)
{
	char name[SC_NAME_LEN];
	int r = 0;

	for (const char *p = line; *p;) {
		size_t n = strcspn(p, " ");

		if (n && n < sizeof(name)) {
			memcpy(name, p, n);
			name[n] = '\0';
			int e = write_one(path, name);

			if (e)
				r = e;
		}
		p += n;
		p += strspn(p, " ");
	}
	return r;
}
