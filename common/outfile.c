// SPDX-License-Identifier: GPL-2.0
/* The one writer of every output a user names (--json, --markdown, --junit, ...): "-", files, devices, FIFOs, sockets, symlinks. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/outfile.h"

/* Symlinks followed, also dangling ones: the file a write should replace. */
static int resolve(const char *path, char *out, size_t len)
{
	char link[PATH_MAX], next[PATH_MAX];
	struct stat st;

	if (snprintf(out, len, "%s", path) >= (int)len)
		return -ENAMETOOLONG;
	for (int hops = 0; !lstat(out, &st) && S_ISLNK(st.st_mode); hops++) {
		ssize_t n = readlink(out, link, sizeof(link) - 1);
		char *slash = strrchr(out, '/');

		if (hops == 40)
			return -ELOOP;
		if (n < 0)
			return -errno;
		link[n] = '\0';
		if (link[0] == '/' || !slash)
			snprintf(next, sizeof(next), "%s", link);
		else if (snprintf(next, sizeof(next), "%.*s/%s",
				  (int)(slash - out), out,
				  link) >= (int)sizeof(next))
			return -ENAMETOOLONG;
		if (snprintf(out, len, "%s", next) >= (int)len)
			return -ENAMETOOLONG;
	}
	return 0;
}

static int write_fd(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A listening unix socket: connect and send. */
static int open_socket(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(a.sun_path))
		return -ENAMETOOLONG;
	strcpy(a.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

static int write_in_place(const char *path, int is_socket, const void *buf,
			  size_t len)
{
	int fd = is_socket ? open_socket(path) :
			     open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	int r;

	if (fd < 0)
		return is_socket ? fd : -errno;
	r = write_fd(fd, buf, len);
	if (close(fd) && !r)
		r = -errno;
	return r;
}

int sb_out_is_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

int sb_out_stage(const char **path, char *tmp, size_t len)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	*tmp = '\0';
	if (!sb_out_is_stdout(*path))
		return 0;
	if (snprintf(tmp, len, "%s/slicebench-out-XXXXXX",
		     dir && *dir ? dir : "/tmp") >= (int)len)
		return -ENAMETOOLONG;
	fd = mkstemp(tmp);
	if (fd < 0)
		return -errno;
	close(fd);
	*path = tmp;
	return 1;
}

int sb_out_unstage(const char *tmp)
{
	char *buf = NULL;
	size_t len = 0;
	int r;

	if (!*tmp)
		return 0;
	r = sb_read_file(tmp, &buf, &len);
	if (!r && fwrite(buf, 1, len, stdout) != len)
		r = -EIO;
	if (!r && fflush(stdout))
		r = -errno;
	free(buf);
	unlink(tmp);
	return r;
}

int sb_out_write(const char *path, const void *buf, size_t len)
{
	char target[PATH_MAX];
	struct stat st;
	int r;

	if (sb_out_is_stdout(path)) {
		errno = 0;
		if ((len && fwrite(buf, 1, len, stdout) != len) ||
		    fflush(stdout))
			return errno ? -errno : -EIO;
		return 0;
	}
	if (!*path)
		return -ENOENT;
	if ((r = resolve(path, target, sizeof(target))))
		return r;
	if (stat(target, &st))
		return errno == ENOENT ?
			       sb_write_file_atomic(target, buf, len) :
			       -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (S_ISREG(st.st_mode))
		return sb_write_file_atomic(target, buf, len);
	if (S_ISBLK(st.st_mode))
		return -ENOTSUP;
	return write_in_place(target, S_ISSOCK(st.st_mode), buf, len);
}

int sb_out_envelope(const char *path, const char *option, const char *tool,
		    int argc, char **argv, sb_out_fill fill, const void *ctx,
		    struct sb_error *e)
{
	json_t *env = sb_envelope_new(tool, argc, argv);
	char *text = NULL;
	size_t len;
	int r = env ? fill(env, ctx) : -ENOMEM;

	if (!r) {
		sb_envelope_finish(env, "ok");
		text = sb_json_text(env, &len);
		r = text ? sb_out_write(path, text, len) : -ENOMEM;
	}
	free(text);
	json_decref(env);
	return r ? sb_out_error(e, r, option, path) : 0;
}

/* What a failure of sb_out_write() means for the user, with what to do. */
static const char *why(int rc)
{
	switch (rc) {
	case -EISDIR:
		return "is a directory: name a file (or - for standard output)";
	case -ENOTSUP:
		return "is a block device: name a file, a character device, "
		       "a FIFO or a socket";
	case -ENOENT:
		return "no such directory: create it first (or - for standard "
		       "output)";
	default:
		return strerror(-rc);
	}
}

int sb_out_error(struct sb_error *e, int rc, const char *option,
		 const char *path)
{
	sb_error_set(e, rc, NULL, option, path, "%s", why(rc));
	switch (rc) {
	case -EISDIR:
	case -ENOTSUP:
	case -ENOENT:
	case -ENOTDIR:
	case -ENAMETOOLONG:
	case -ELOOP:
	case -EACCES:
	case -EPERM:
	case -EROFS:
	case -ECONNREFUSED:
		return e ? (e->code = -EINVAL) : -EINVAL;
	default:
		return rc;
	}
}

int sb_memfile_open(struct sb_memfile *m)
{
	*m = (struct sb_memfile){ 0 };
	m->f = open_memstream(&m->buf, &m->len);
	return m->f ? 0 : -errno;
}

int sb_memfile_commit(struct sb_memfile *m, const char *path)
{
	int ret = fclose(m->f) ? -errno : 0;

	if (!ret)
		ret = sb_out_write(path, m->buf, m->len);
	free(m->buf);
	*m = (struct sb_memfile){ 0 };
	return ret;
}

void sb_memfile_discard(struct sb_memfile *m)
{
	fclose(m->f);
	free(m->buf);
	*m = (struct sb_memfile){ 0 };
}
