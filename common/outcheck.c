// SPDX-License-Identifier: GPL-2.0
/* Outputs checked before any work: each writable, none named twice, none one of the command's inputs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/outcheck.h"
#include "common/outfile.h"

int sb_path_under(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (strncmp(dir, path, n))
		return 0;
	return !path[n] || path[n] == '/' || (n == 1 && *dir == '/');
}

/*
 * The last component of @path split off: its directory ("." when none)
 * into @dir, the name into *@name. -ENAMETOOLONG.
 */
static int split_dir(const char *path, char *dir, size_t len, const char **name)
{
	const char *slash = strrchr(path, '/');

	*name = slash ? slash + 1 : path;
	if (!slash)
		return snprintf(dir, len, ".") >= (int)len ? -ENAMETOOLONG : 0;
	if (slash == path)
		return snprintf(dir, len, "/") >= (int)len ? -ENAMETOOLONG : 0;
	return snprintf(dir, len, "%.*s", (int)(slash - path), path) >=
			       (int)len ?
		       -ENAMETOOLONG :
		       0;
}

/*
 * @path with every symlink followed, also a dangling last one (the file
 * a write through it creates), into @out (@len, at least PATH_MAX: what
 * realpath() writes). 0 or -errno (-ENOENT: no such directory).
 */
static int resolve(const char *path, char *out, size_t len)
{
	char dir[PATH_MAX], link[PATH_MAX], cur[PATH_MAX];
	const char *name;
	int r;

	if (snprintf(cur, sizeof(cur), "%s", path) >= (int)sizeof(cur))
		return -ENAMETOOLONG;
	for (int hops = 0;; hops++) {
		struct stat st;
		ssize_t n;

		if (realpath(cur, out)) /* there: every link followed */
			return strlen(out) < len ? 0 : -ENAMETOOLONG;
		if (hops == 40)
			return -ELOOP;
		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			break;
		n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0)
			return -errno;
		link[n] = '\0';
		if ((r = split_dir(cur, dir, sizeof(dir), &name)))
			return r;
		if (snprintf(cur, sizeof(cur), "%s%s%s",
			     link[0] == '/' ? "" : dir,
			     link[0] == '/' ? "" : "/",
			     link) >= (int)sizeof(cur))
			return -ENAMETOOLONG;
	}
	/* not there: its directory must be */
	if ((r = split_dir(cur, dir, sizeof(dir), &name)))
		return r;
	if (!realpath(dir, link))
		return -errno;
	if (snprintf(out, len, "%s/%s", strcmp(link, "/") ? link : "", name) >=
	    (int)len)
		return -ENAMETOOLONG;
	return 0;
}

int sb_same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;
	int ea = stat(a, &sa), eb = stat(b, &sb);

	if (!ea && !eb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (!ea || !eb) /* one there, one not */
		return 0;
	return !resolve(a, ra, sizeof(ra)) && !resolve(b, rb, sizeof(rb)) &&
	       !strcmp(ra, rb);
}

/* Can a new file be made at @path (resolved)? A probe made and removed. */
static int can_create(const char *path)
{
	char probe[PATH_MAX];
	int fd;

	if (snprintf(probe, sizeof(probe), "%s.probe.%d", path,
		     (int)getpid()) >= (int)sizeof(probe))
		return -ENAMETOOLONG;
	fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return -errno;
	close(fd);
	unlink(probe);
	return 0;
}

/* 0 when output @path can be written as sb_out_write() writes it, or -errno. */
static int writable(const char *path)
{
	char real[PATH_MAX];
	struct stat st;
	int fd, r;

	if (!*path)
		return -ENOENT;
	if (stat(path, &st)) {
		if (errno != ENOENT)
			return -errno;
		r = resolve(path, real, sizeof(real));
		return r ?: can_create(real);
	}
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (S_ISBLK(st.st_mode))
		return -ENOTSUP;
	/* a FIFO is not opened: that would wait for its reader */
	if (!S_ISREG(st.st_mode))
		return access(path, W_OK) ? -errno : 0;
	/* opened for writing, not truncated: a read-only mount says so */
	fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

int sb_dir_can_make(const char *dir)
{
	char at[PATH_MAX], *slash;
	struct stat st;
	int r = 0;

	if (snprintf(at, sizeof(at), "%s", dir) >= (int)sizeof(at))
		r = -ENAMETOOLONG;
	/* the nearest directory there: mkdir -p makes the rest in it */
	while (!r && stat(at, &st)) {
		if (errno != ENOENT)
			r = -errno;
		else if (!(slash = strrchr(at, '/')))
			snprintf(at, sizeof(at), ".");
		else if (slash == at)
			at[1] = '\0';
		else
			*slash = '\0';
	}
	if (!r && !S_ISDIR(st.st_mode))
		r = -ENOTDIR;
	if (!r && access(at, W_OK | X_OK))
		r = -errno;
	return r;
}

int sb_out_dir_check(const char *option, const char *dir, struct sb_error *e)
{
	int r = sb_dir_can_make(dir);

	return r ? sb_out_error(e, r, option, dir) : 0;
}

/* Does output @out overwrite input @in, or lie inside directory @in? */
static int conflicts(const char *out, const char *in)
{
	char ro[PATH_MAX], ri[PATH_MAX];
	struct stat st;

	if (stat(in, &st)) /* an input not there cannot be overwritten */
		return 0;
	if (!S_ISDIR(st.st_mode))
		return sb_same_file(out, in);
	return !resolve(out, ro, sizeof(ro)) && realpath(in, ri) &&
	       sb_path_under(ri, ro);
}

/* Do outputs @a and @b (each "-" or a path) write one place? */
static int same_output(const char *a, const char *b)
{
	if (sb_out_is_stdout(a) || sb_out_is_stdout(b))
		return sb_out_is_stdout(a) && sb_out_is_stdout(b);
	return sb_same_file(a, b);
}

int sb_out_check_all(const struct sb_path_use *outs, size_t n_outs,
		     const struct sb_path_use *ins, size_t n_ins,
		     struct sb_error *e)
{
	for (size_t i = 0; i < n_outs; i++) {
		const struct sb_path_use *o = &outs[i];
		int r;

		if (!o->path)
			continue;
		for (size_t j = 0; j < i; j++)
			if (outs[j].path && same_output(o->path, outs[j].path))
				return sb_error_set(
					e, -EINVAL, NULL, o->option, o->path,
					"%s names it too: %s", outs[j].option,
					sb_out_is_stdout(o->path) ?
						"standard output takes one "
						"output; give this one a file" :
						"one output a file; name "
						"another");
		if (sb_out_is_stdout(o->path))
			continue;
		for (size_t j = 0; j < n_ins; j++)
			if (ins[j].path && conflicts(o->path, ins[j].path))
				return sb_error_set(
					e, -EINVAL, NULL, o->option, o->path,
					"%s %s %s: an output never overwrites "
					"what the command reads; name a file "
					"outside it",
					sb_same_file(o->path, ins[j].path) ?
						"is" :
						"lies inside",
					ins[j].option, ins[j].path);
		if ((r = writable(o->path)))
			return sb_out_error(e, r, o->option, o->path);
	}
	return 0;
}
