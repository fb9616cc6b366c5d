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

/*
 * Through @path as a shell's "> path" writes: a symlink followed (a
 * dangling one creates its target, 0666 less the umask), the file
 * truncated, its inode, mode and owner kept.
 */
static int write_in_place(const char *path, int is_socket, const void *buf,
			  size_t len)
{
	int fd = is_socket ? open_socket(path) :
			     open(path,
				  O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY |
					  O_CLOEXEC,
				  0666);
	int r;

	if (fd < 0)
		return is_socket ? fd : -errno;
	r = write_fd(fd, buf, len);
	if (close(fd) && !r)
		r = -errno;
	return r;
}

/*
 * A new temp file beside @path, "PATH.tmp.PID.N", created exclusively
 * (never through a link someone left there) with @mode. Its fd or -errno.
 */
static int open_temp(const char *path, char *tmp, size_t len, mode_t mode)
{
	for (int n = 0; n < 100; n++) {
		int fd;

		if (snprintf(tmp, len, "%s.tmp.%d.%d", path, (int)getpid(),
			     n) >= (int)len)
			return -ENAMETOOLONG;
		fd = open(tmp,
			  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			  mode);
		if (fd >= 0 || errno != EEXIST)
			return fd >= 0 ? fd : -errno;
	}
	return -EEXIST;
}

/*
 * The temp @fd given @old's owner and mode (owner first: chown clears
 * set-id bits). -EPERM when the owner cannot be given (not root).
 */
static int keep_owner_mode(int fd, const struct stat *old)
{
	struct stat now;

	if (fstat(fd, &now))
		return -errno;
	if ((now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
	    fchown(fd, old->st_uid, old->st_gid))
		return -errno;
	return fchmod(fd, old->st_mode & 07777) ? -errno : 0;
}

/*
 * @path replaced atomically (temp + fsync + rename): a reader sees the
 * old or the new content whole. @old: the file there (its owner and mode
 * kept), NULL for a new file (0666 less the umask). 1 when it cannot be
 * replaced so (its directory not writable, its owner not ours to give):
 * the caller writes in place. Else 0 or -errno.
 */
static int replace(const char *path, const struct stat *old, const void *buf,
		   size_t len)
{
	char tmp[PATH_MAX];
	int fd = open_temp(path, tmp, sizeof(tmp), old ? 0600 : 0666), r;

	if (fd < 0)
		return old && (fd == -EACCES || fd == -EPERM) ? 1 : fd;
	r = old ? keep_owner_mode(fd, old) : 0;
	if (r == -EPERM || r == -EACCES) {
		close(fd);
		unlink(tmp);
		return 1;
	}
	if (!r)
		r = write_fd(fd, buf, len);
	if (!r && fsync(fd))
		r = -errno;
	if (close(fd) && !r)
		r = -errno;
	if (!r && rename(tmp, path))
		r = -errno;
	if (r)
		unlink(tmp);
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
	struct stat st;
	int link, r;

	if (sb_out_is_stdout(path)) {
		errno = 0;
		if ((len && fwrite(buf, 1, len, stdout) != len) ||
		    fflush(stdout))
			return errno ? -errno : -EIO;
		return 0;
	}
	if (!*path)
		return -ENOENT;
	if (lstat(path, &st))
		return errno == ENOENT ? replace(path, NULL, buf, len) : -errno;
	/* what a symlink leads to decides; the link and its target stay */
	link = S_ISLNK(st.st_mode);
	if (link && stat(path, &st))
		return errno == ENOENT ? write_in_place(path, 0, buf, len) :
					 -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (S_ISBLK(st.st_mode))
		return -ENOTSUP;
	/* a regular file by its own and only name: replaced whole */
	if (!link && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
	    (r = replace(path, &st, buf, len)) <= 0)
		return r;
	return write_in_place(path, S_ISSOCK(st.st_mode), buf, len);
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

int sb_out_bad_place(int rc)
{
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
	case -EEXIST:
		return 1;
	default:
		return 0;
	}
}

int sb_out_error(struct sb_error *e, int rc, const char *option,
		 const char *path)
{
	sb_error_set(e, rc, NULL, option, path, "%s", why(rc));
	if (!sb_out_bad_place(rc))
		return rc;
	return e ? (e->code = -EINVAL) : -EINVAL;
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
