// SPDX-License-Identifier: GPL-2.0
/*
 * Kernels built from source: a pristine tree (the linux-source tarball
 * unpacked once, or KSRC), a per-build patched copy when there is a patch
 * queue, tinyconfig + the fragment (a check that every fragment option
 * survived) or the descriptor's full .config, and an out-of-tree bzImage
 * build cached by its inputs; or (for a bisection's steps) one work tree
 * per source where patches are applied and reverted in place, or where a
 * git tree's commits are checked out.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/error.h"
#include "common/sha256.h"
#include "common/spawn.h"
#include "harness/boot/kernel.h"
#include "harness/boot/capture.h"
#include "common/fmt.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/build_progress.h"
#include "harness/boot/kernel_build.h"

#define STEP_TIMEOUT_NS (3600LL * 1000000000LL)

struct build {
	struct kernel_info *ki;
	char pristine[PATH_MAX]; /* unpacked source tree */
	char dir[PATH_MAX]; /* <cache>/builds/<key> */
	char src[PATH_MAX]; /* tree the build uses: a linked copy, patched */
	char obj[PATH_MAX]; /* O= directory */
	char log[PATH_MAX];
	char key[65];
	int user_tree; /* KSRC or a tree directory: always let make decide */
	const char *tarball; /* the tarball to unpack, or NULL */
	size_t top_len; /* length of its top directory's name */
	struct sb_error *e;
};

/*
 * Run one step with its output appended to the build log; with @progress,
 * a line on where it is every BUILD_PROGRESS_EVERY_NS.
 */
static int step_counted(struct build *b, const char *what,
			const char *const *argv, const char *cwd,
			struct build_progress *progress)
{
	FILE *f = fopen(b->log, "a");
	int rc;

	if (f) {
		fprintf(f, "\n==> %s:", what);
		for (int i = 0; argv[i]; i++)
			fprintf(f, " %s", argv[i]);
		fprintf(f, "\n");
		fclose(f);
	}
	sb_note("kernel %s: %s", b->ki->name, what);
	rc = sb_run_ticking(&(struct sb_spawn){ .argv = argv,
						.stdout_path = b->log,
						.stderr_path = b->log,
						.append = 1,
						.cwd = cwd,
						.new_pgrp = 1 },
			    STEP_TIMEOUT_NS, BUILD_PROGRESS_EVERY_NS,
			    progress ? build_progress_tick : NULL, progress);
	if (rc) {
		char last[600] = "";

		kernel_build_log_errors(b->log, last, sizeof(last));
		return sb_error_set(b->e, rc < 0 ? sb_env_errno(rc) : -EIO,
				    NULL, NULL, NULL,
				    "kernel %s: %s failed (%s); log %s: %s",
				    b->ki->name, what,
				    rc < 0 ? strerror(-rc) : "exit status",
				    b->log, last);
	}
	return 0;
}

static int step(struct build *b, const char *what, const char *const *argv,
		const char *cwd)
{
	return step_counted(b, what, argv, cwd, NULL);
}

/* "kernel NAME: @msg: @arg" with @code (a -errno). */
static int fail(struct build *b, int code, const char *msg, const char *arg)
{
	return sb_error_set(b->e, code, NULL, NULL, NULL, "kernel %s: %s%s%s",
			    b->ki->name, msg, arg ? ": " : "", arg ? arg : "");
}

const char *kernel_source_tree(const struct kernel_info *ki, char *buf,
			       size_t len)
{
	const char *ksrc = getenv("KSRC");
	const char *eq = ksrc ? strchr(ksrc, '=') : NULL;
	const char *slash = ksrc ? strchr(ksrc, '/') : NULL;
	size_t n = strlen(ki->name);

	if (!ksrc || !*ksrc)
		return ki->tree;
	if (!eq || (slash && slash < eq)) /* one DIR, for every kernel */
		return ksrc;
	for (const char *p = ksrc; *p; p += strcspn(p, ",")) {
		p += strspn(p, ",");
		if (!strncmp(p, ki->name, n) && p[n] == '=') {
			snprintf(buf, len, "%.*s", (int)strcspn(p + n + 1, ","),
				 p + n + 1);
			return buf;
		}
	}
	return ki->tree;
}

/* Where the tree is: KSRC, a directory, or a tarball's unpack in the cache. */
static int pristine_path(struct build *b)
{
	char buf[PATH_MAX];
	const char *tree = kernel_source_tree(b->ki, buf, sizeof(buf));
	const char *base = strrchr(tree, '/');
	struct stat st;
	size_t n;

	if (stat(tree, &st))
		return fail(b, sb_env_errno(-errno),
			    "source tree or tarball missing", tree);
	b->user_tree = S_ISDIR(st.st_mode);
	b->tarball = b->user_tree ? NULL : tree;
	if (b->user_tree)
		return sb_fmt(b->pristine, sizeof(b->pristine), "%s", tree) ?
			       fail(b, -ENAMETOOLONG, "path too long", tree) :
			       0;
	base = base ? base + 1 : tree;
	n = strstr(base, ".tar") ? (size_t)(strstr(base, ".tar") - base) :
				   strlen(base);
	b->top_len = n;
	if (sb_fmt(b->pristine, sizeof(b->pristine), "%s/src/%.*s-%lld",
		   kernel_cache_dir(), (int)n, base, (long long)st.st_mtime))
		return fail(b, -ENAMETOOLONG, "path too long", tree);
	return 0;
}

/* Unpack the tarball once; its top directory must be named like it. */
static int unpack(struct build *b)
{
	const char *base = b->tarball ? strrchr(b->tarball, '/') : NULL;
	char dir[PATH_MAX], tmp[PATH_MAX], top[PATH_MAX];
	const char *argv[] = { "tar", "-xf", b->tarball, "-C", tmp, NULL };
	int ret;

	if (b->user_tree || !access(b->pristine, R_OK))
		return 0;
	base = base ? base + 1 : b->tarball;
	if (sb_fmt(dir, sizeof(dir), "%s/src", kernel_cache_dir()) ||
	    sb_fmt(tmp, sizeof(tmp), "%s.tmp.XXXXXX", b->pristine))
		return fail(b, -ENAMETOOLONG, "path too long", b->pristine);
	ret = sb_mkdir_p(dir, 0755);
	if (ret || !mkdtemp(tmp))
		return fail(b, sb_env_errno(ret ? ret : -errno),
			    "cannot create", tmp);
	ret = step(b, "unpacking the source", argv, NULL);
	if (!ret &&
	    (sb_fmt(top, sizeof(top), "%s/%.*s", tmp, (int)b->top_len, base) ||
	     (rename(top, b->pristine) && access(b->pristine, R_OK))))
		ret = fail(b, -EIO,
			   "the tarball has no top directory named like it",
			   b->tarball);
	sb_rm_rf(tmp);
	return ret;
}

int kernel_source_pristine(struct kernel_info *ki, char *buf, size_t len,
			   struct sb_error *e)
{
	struct build b = { .ki = ki, .e = e };
	int ret;

	snprintf(b.log, sizeof(b.log), "/dev/null");
	ret = pristine_path(&b) ?: unpack(&b);
	if (!ret && sb_fmt(buf, len, "%s", b.pristine))
		ret = fail(&b, -ENAMETOOLONG, "path too long", b.pristine);
	return ret;
}

/* Give @path in the hard-linked copy its own inode, so patching it cannot
 * reach the pristine tree whatever way patch writes. */
static int unshare(const char *tree, const char *path)
{
	char file[PATH_MAX], tmp[PATH_MAX + 8];
	struct stat st;
	char *data = NULL;
	size_t len;
	int ret;

	if (sb_fmt(file, sizeof(file), "%s/%s", tree, path) ||
	    sb_fmt(tmp, sizeof(tmp), "%s.unshare", file))
		return -ENAMETOOLONG;
	if (lstat(file, &st) || !S_ISREG(st.st_mode) || st.st_nlink < 2)
		return 0; /* new, not a file, or already its own */
	ret = sb_read_file(file, &data, &len);
	if (!ret)
		ret = sb_write_file_atomic(tmp, data, len);
	free(data);
	if (!ret && (chmod(tmp, st.st_mode & 07777) || rename(tmp, file)))
		ret = -errno;
	return ret;
}

/* Apply @patch to @tree (or revert it: @reverse), its files unshared first. */
static int apply(struct build *b, const char *tree, const char *patch,
		 int reverse)
{
	const char *argv[] = { "patch",
			       "-p1",
			       "--batch",
			       "--forward",
			       "--no-backup-if-mismatch",
			       "-i",
			       patch,
			       reverse ? "-R" : NULL,
			       NULL };
	char what[PATH_MAX + 16], *paths = NULL, *p;
	size_t n = 0;
	int ret = kernel_patch_targets(patch, &paths, &n);

	p = paths;
	for (size_t i = 0; !ret && i < n; i++, p += strlen(p) + 1)
		ret = unshare(tree, p);
	free(paths);
	if (ret)
		return fail(b, sb_env_errno(ret), "cannot prepare the files of",
			    patch);
	snprintf(what, sizeof(what), "%s %s", reverse ? "revert" : "patch",
		 patch);
	if (step(b, what, argv, tree))
		return fail(b, -EINVAL,
			    reverse ? "patch does not revert" :
				      "patch does not apply",
			    patch);
	return 0;
}

/* A copy of the pristine tree at @tmp: hard links, else a real copy. */
static int copy_tree(struct build *b, const char *tmp)
{
	const char *link[] = { "cp", "-al", b->pristine, tmp, NULL };
	const char *copy[] = { "cp",	    "-a", "--reflink=auto",
			       b->pristine, tmp,  NULL };
	int ret;

	sb_rm_rf(tmp);
	/* Hard links cost no space; another filesystem needs a copy. */
	ret = step(b, "linking the tree for patching", link, NULL);
	if (ret) {
		sb_rm_rf(tmp);
		ret = step(b, "copying the tree for patching", copy, NULL);
	}
	return ret;
}

/*
 * The tree the build compiles, at <dir>/src, made once: a copy of the
 * pristine one (hard links, patched files unshared), with no patches too.
 * Every build then compiles ../src from its <dir>/obj, so ccache (its
 * base_dir the cache) sees one set of paths and a patched kernel reuses its
 * base's objects for every file its patches leave alone.
 */
static int patched_tree(struct build *b, const struct kernel_patches *q)
{
	char tmp[PATH_MAX];
	int ret;

	if (sb_fmt(b->src, sizeof(b->src), "%s/src", b->dir) ||
	    sb_fmt(tmp, sizeof(tmp), "%s/src.tmp", b->dir))
		return fail(b, -ENAMETOOLONG, "path too long", b->dir);
	if (!access(b->src, R_OK)) {
		if (!b->user_tree)
			return 0;
		/* The user's tree may have changed: copy it again. */
		sb_rm_rf(b->src);
	}
	ret = copy_tree(b, tmp);
	for (size_t i = 0; !ret && i < q->n; i++)
		ret = apply(b, tmp, q->path[i], 0);
	if (!ret && rename(tmp, b->src))
		ret = fail(b, sb_env_errno(-errno), "cannot rename", tmp);
	if (ret)
		sb_rm_rf(tmp);
	return ret;
}

/* The descriptor's full .config as the build's @config. */
static int copy_config(struct build *b, const char *config)
{
	char *text = NULL;
	size_t len;
	int ret = sb_read_file(b->ki->config, &text, &len);

	if (ret)
		return fail(b, -EINVAL, "cannot read the config",
			    b->ki->config);
	sb_note("kernel %s: config %s", b->ki->name, b->ki->config);
	ret = sb_write_file_atomic(config, text, len);
	free(text);
	return ret ? fail(b, sb_env_errno(ret), "cannot write", config) : 0;
}

static int configure(struct build *b)
{
	char obj_arg[PATH_MAX + 4], config[PATH_MAX + 16], merge[PATH_MAX + 32];
	char missing[512] = "";
	const char *tiny[] = { "make", "-s", obj_arg, "tinyconfig", NULL };
	const char *olddef[] = { "make", "-s", obj_arg, "olddefconfig", NULL };
	const char *mc[] = { merge,	      "-m", "-O", b->obj, config,
			     b->ki->fragment, NULL };
	int ret;

	if (sb_fmt(obj_arg, sizeof(obj_arg), "O=%s", b->obj) ||
	    sb_fmt(config, sizeof(config), "%s/.config", b->obj) ||
	    sb_fmt(merge, sizeof(merge), "%s/scripts/kconfig/merge_config.sh",
		   b->src))
		return fail(b, -ENAMETOOLONG, "path too long", b->obj);
	ret = sb_mkdir_p(b->obj, 0755);
	if (ret)
		return fail(b, sb_env_errno(ret), "cannot create", b->obj);
	if (*b->ki->config)
		ret = copy_config(b, config);
	else if (!(ret = step(b, "make tinyconfig", tiny, b->src)))
		ret = step(b, "merge_config.sh with the fragment", mc, b->src);
	if (!ret)
		ret = step(b, "make olddefconfig", olddef, b->src);
	if (ret || *b->ki->config)
		return ret;
	ret = kernel_fragment_check(b->ki->fragment, config, missing,
				    sizeof(missing));
	if (ret < 0)
		return fail(b, sb_env_errno(ret), "cannot read the config",
			    config);
	if (ret > 0)
		return fail(
			b, -EINVAL,
			"fragment options that did not survive olddefconfig",
			missing);
	return 0;
}

/*
 * Where the files a from-scratch build of @b's config compiled are kept,
 * so the next one of the same config (the patched kernel after its base,
 * a rebuild) can say how many are left.
 */
static int compiled_count_path(struct build *b, char *path, size_t len)
{
	char config[PATH_MAX + 16], hex[SB_SHA256_HEX];

	if (sb_fmt(config, sizeof(config), "%s/.config", b->obj) ||
	    sb_sha256_file(config, hex))
		return -ENOENT;
	return sb_fmt(path, len, "%s/builds/compiled-%.16s", kernel_cache_dir(),
		      hex);
}

static int compile(struct build *b)
{
	char obj_arg[PATH_MAX + 4], jobs[32], cc[64], vmlinux[PATH_MAX + 16];
	char counted[PATH_MAX];
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	const char *argv[] = { "make", obj_arg, jobs, cc, "bzImage", NULL };
	struct build_progress p;
	int ret, scratch, keep;

	if (sb_fmt(obj_arg, sizeof(obj_arg), "O=%s", b->obj) ||
	    sb_fmt(vmlinux, sizeof(vmlinux), "%s/vmlinux", b->obj))
		return fail(b, -ENAMETOOLONG, "path too long", b->obj);
	snprintf(jobs, sizeof(jobs), "-j%ld", n > 0 ? n : 1);
	snprintf(cc, sizeof(cc), "CC=%s",
		 sb_have_program("ccache") ? "ccache gcc" : "gcc");
	/* Fixed build identity, so ccache hits and images are reproducible. */
	setenv("KBUILD_BUILD_TIMESTAMP", "2024-01-01 00:00:00 UTC", 1);
	setenv("KBUILD_BUILD_USER", "slicebench", 1);
	setenv("KBUILD_BUILD_HOST", "slicebench", 1);
	setenv("CCACHE_BASEDIR", kernel_cache_dir(), 0);
	/* an incremental build compiles what changed: no count to expect */
	scratch = access(vmlinux, F_OK) != 0;
	keep = scratch && !compiled_count_path(b, counted, sizeof(counted));
	build_progress_start(&p, b->ki->name, b->log,
			     keep ? build_progress_expect(counted) : 0);
	ret = step_counted(b, "make bzImage", argv, b->src, &p);
	if (ret)
		return ret;
	n = (long)build_progress_end(&p);
	if (keep && build_progress_save(counted, (size_t)n))
		sb_warn("kernel %s: cannot keep the count of files compiled "
			"in %s (the next build says no time left)",
			b->ki->name, counted);
	return 0;
}

static int fill(struct build *b)
{
	char config[PATH_MAX + 16];
	int ret;

	if (sb_fmt(b->ki->image, sizeof(b->ki->image),
		   "%s/arch/x86/boot/bzImage", b->obj) ||
	    sb_fmt(config, sizeof(config), "%s/.config", b->obj))
		return fail(b, -ENAMETOOLONG, "path too long", b->obj);
	ret = kernel_image_release(b->ki->image, b->ki->release,
				   sizeof(b->ki->release));
	if (ret)
		return fail(b, sb_env_errno(ret), "not a bzImage",
			    b->ki->image);
	kernel_set_config(b->ki, config);
	snprintf(b->ki->build_log, sizeof(b->ki->build_log), "%s", b->log);
	return 0;
}

static int64_t now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/* The stamp that marks the build of @b complete, after @secs seconds. */
static int write_done(struct build *b, size_t patches, int64_t secs,
		      const char *done)
{
	char when[40];
	json_t *stamp;
	int ret;

	stamp = json_pack("{s:i, s:s, s:I, s:I, s:s}", "schema", 1, "key",
			  b->key, "patches", (json_int_t)patches, "build_s",
			  (json_int_t)secs, "finished",
			  sb_iso_time_now(when, sizeof(when)));
	ret = !stamp || sb_json_dump_atomic(done, stamp);
	json_decref(stamp);
	return ret ? fail(b, -EIO, "cannot write", done) : 0;
}

/* Patch, configure, compile; then the stamp that marks the build complete. */
static int run_build(struct build *b, const struct kernel_patches *q,
		     const char *done)
{
	int64_t start = now_s();
	int ret;

	sb_note("kernel %s: building in %s (log: %s)", b->ki->name, b->dir,
		b->log);
	ret = patched_tree(b, q);
	if (!ret)
		ret = configure(b);
	if (!ret)
		ret = compile(b);
	if (!ret)
		ret = fill(b);
	return ret ? ret : write_done(b, q->n, now_s() - start, done);
}

/* Serialise builds of one key across processes; returns the lock fd or -1. */
static int lock_build(struct build *b)
{
	char path[PATH_MAX + 8];
	int fd;

	if (sb_fmt(path, sizeof(path), "%s.lock", b->dir))
		return -1;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		sb_note("kernel %s: waiting for another build of %s",
			b->ki->name, b->dir);
		if (flock(fd, LOCK_EX)) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/*
 * The full id of the commit @b->ki->commit names in the git tree, in its
 * place. 0, or -EINVAL (not a git tree, no such commit) with @b->e.
 */
static int resolve_commit(struct build *b)
{
	char rev[80], *out = NULL;
	const char *argv[] = { "git",	  "-C",	      b->pristine, "rev-parse",
			       "--quiet", "--verify", rev,	   NULL };
	int rc;

	if (!b->user_tree)
		return fail(b, -EINVAL, "commit: the tree is no git work tree",
			    b->pristine);
	snprintf(rev, sizeof(rev), "%s^{commit}", b->ki->commit);
	rc = capture_run(argv, 0, 60LL * 1000000000LL, &out);
	if (rc || strspn(out, "0123456789abcdef") != 40) {
		free(out);
		return sb_error_set(b->e, rc < 0 ? sb_env_errno(rc) : -EINVAL,
				    b->ki->descriptor, "commit", b->ki->commit,
				    "no such commit in the git tree %s",
				    b->pristine);
	}
	snprintf(b->ki->commit, sizeof(b->ki->commit), "%.40s", out);
	free(out);
	return 0;
}

/* Tree, patch queue, cache key and the build's paths; nothing is built. */
static int locate(struct build *b, struct kernel_patches *q, char *done,
		  size_t len)
{
	int ret = kernel_patches_load(b->ki->series, q, b->e);

	if (!ret)
		ret = pristine_path(b);
	if (!ret && *b->ki->commit)
		ret = resolve_commit(b);
	if (!ret)
		ret = kernel_build_key(b->ki, b->pristine, q, b->key, b->e);
	if (!ret && (sb_fmt(b->dir, sizeof(b->dir), "%s/builds/%.16s",
			    kernel_cache_dir(), b->key) ||
		     sb_fmt(b->obj, sizeof(b->obj), "%s/obj", b->dir) ||
		     sb_fmt(b->log, sizeof(b->log), "%s/build.log", b->dir) ||
		     sb_fmt(done, len, "%s/done", b->dir)))
		ret = fail(b, -ENAMETOOLONG, "path too long",
			   kernel_cache_dir());
	return ret;
}

static void describe(struct build *b, size_t patches)
{
	snprintf(b->ki->source, sizeof(b->ki->source),
		 "%.200s + %zu patch(es), build %.16s", b->pristine, patches,
		 b->key);
}

static int find_source(struct kernel_info *ki)
{
	struct kernel_patches q = { 0 };
	char done[PATH_MAX + 8];
	struct build b = { .ki = ki }; /* no record: a miss says nothing */
	int ret = locate(&b, &q, done, sizeof(done));

	if (!ret)
		ret = access(done, R_OK) ? -ENOENT : fill(&b);
	if (!ret)
		describe(&b, q.n);
	kernel_patches_free(&q);
	return ret;
}

static int build_in_place(struct kernel_info *ki, int64_t *secs,
			  struct sb_error *e);

static int build_source(struct kernel_info *ki, struct sb_error *e)
{
	struct kernel_patches q = { 0 };
	struct build b = { .ki = ki, .e = e };
	char done[PATH_MAX + 8];
	int64_t secs;
	int ret;

	if (*ki->commit) /* the user's tree stays at its own HEAD */
		return build_in_place(ki, &secs, e);
	ret = locate(&b, &q, done, sizeof(done));

	if (!ret && !b.user_tree && !access(done, R_OK)) {
		ret = fill(&b); /* cached */
	} else if (!ret) {
		int lock = sb_mkdir_p(b.dir, 0755) ? -1 : lock_build(&b);

		if (lock < 0)
			ret = fail(&b, -EIO, "cannot create or lock", b.dir);
		else if (!b.user_tree && !access(done, R_OK))
			ret = fill(&b); /* built meanwhile by the holder */
		else if (!(ret = unpack(&b)))
			ret = run_build(&b, &q, done);
		if (lock >= 0)
			close(lock);
	}
	if (!ret)
		describe(&b, q.n);
	kernel_patches_free(&q);
	return ret;
}

/* A descriptor names exactly one of config and fragment; a commit, no series. */
static int check_source(const struct kernel_info *ki, const char *path,
			struct sb_error *e)
{
	if (*ki->commit && *ki->series)
		return sb_error_set(e, -EINVAL, path, "commit", ki->commit,
				    "and series exclude each other: a commit "
				    "of a git tree is built as it is");
	if (!*ki->config == !*ki->fragment)
		return sb_error_set(
			e, -EINVAL, path, *ki->config ? "config" : "fragment",
			NULL, "%s",
			*ki->config ? "and fragment exclude each other (a full "
				      ".config, or tinyconfig + a fragment): "
				      "keep one" :
				      "missing (or config: a full .config)");
	return 0;
}

static const char *const source_tools[] = { "make",  "gcc", "flex",
					    "bison", "bc",  NULL };

/*
 * In-place builds: one work tree per source and fragment, at
 * <cache>/builds/<key without patches>.work, holding src/ (a linked copy),
 * obj/ and applied.d/ (a copy of each applied patch, in order, so it can be
 * reverted whatever became of the file it came from). A build with another
 * patch queue reverts and applies only where the queues differ, and make
 * rebuilds only what those patches touch. A kernel at a commit of a git
 * tree has <key without the commit>.git-work instead, whose src/ is a
 * clone sharing the tree's objects, where each build checks out its commit.
 */
static int work_paths(struct build *w, struct build *b)
{
	struct kernel_patches none = { 0 };
	char commit[sizeof(b->ki->commit)];
	int ret;

	*w = *b;
	snprintf(commit, sizeof(commit), "%s", b->ki->commit);
	b->ki->commit[0] = '\0';
	ret = kernel_build_key(b->ki, b->pristine, &none, w->key, b->e);
	snprintf(b->ki->commit, sizeof(b->ki->commit), "%s", commit);
	if (!ret && (sb_fmt(w->dir, sizeof(w->dir), "%s/builds/%.16s.%s",
			    kernel_cache_dir(), w->key,
			    *commit ? "git-work" : "work") ||
		     sb_fmt(w->src, sizeof(w->src), "%s/src", w->dir) ||
		     sb_fmt(w->obj, sizeof(w->obj), "%s/obj", w->dir) ||
		     sb_fmt(w->log, sizeof(w->log), "%s/build.log", w->dir)))
		ret = fail(b, -ENAMETOOLONG, "path too long",
			   kernel_cache_dir());
	return ret;
}

static int applied_path(const struct build *w, size_t i, char *buf, size_t len)
{
	return sb_fmt(buf, len, "%s/applied.d/%04zu.patch", w->dir, i);
}

/* How many of @q's first patches the work tree holds, in order; all in @n. */
static size_t applied_prefix(const struct build *w,
			     const struct kernel_patches *q, size_t *n)
{
	char path[PATH_MAX], have[65], want[65];
	size_t same = 0;

	for (*n = 0;
	     !applied_path(w, *n, path, sizeof(path)) && !access(path, R_OK);
	     (*n)++)
		if (same == *n && *n < q->n && !sb_sha256_file(path, have) &&
		    !sb_sha256_file(q->path[*n], want) && !strcmp(have, want))
			same++;
	return same;
}

/* The work tree, made afresh (with no objects, no patches) when missing. */
static int work_tree(struct build *w)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	int ret;

	if (!access(w->src, R_OK))
		return 0;
	if (sb_fmt(tmp, sizeof(tmp), "%s.tmp", w->src) ||
	    sb_fmt(dir, sizeof(dir), "%s/applied.d", w->dir))
		return fail(w, -ENAMETOOLONG, "path too long", w->dir);
	/* Objects of a former tree may be newer than the linked pristine
	 * files, so make would keep them: they go with it. */
	sb_rm_rf(w->obj);
	sb_rm_rf(dir);
	ret = sb_mkdir_p(dir, 0755);
	if (ret)
		return fail(w, sb_env_errno(ret), "cannot create", dir);
	ret = copy_tree(w, tmp);
	if (!ret && rename(tmp, w->src))
		ret = fail(w, sb_env_errno(-errno), "cannot rename", tmp);
	return ret;
}

/* 0 when @patch applies to the work tree (tried, nothing written), else 1. */
static int applies(struct build *w, const char *patch)
{
	const char *argv[] = { "patch",	    "-p1", "--batch", "--forward",
			       "--dry-run", "-i",  patch,     NULL };
	char what[PATH_MAX + 16];

	snprintf(what, sizeof(what), "try patch %s", patch);
	if (!step(w, what, argv, w->src))
		return 0;
	fail(w, -EINVAL, "patch does not apply", patch);
	return 1;
}

/*
 * Revert the applied patches @q does not start with, apply the rest.
 * Returns 0, 1 (a patch of @q does not apply: the tree is left whole, @e
 * set) or -errno (the tree's state is unknown).
 */
static int sync_patches(struct build *w, const struct kernel_patches *q)
{
	char path[PATH_MAX], *data = NULL;
	size_t n, len, same = applied_prefix(w, q, &n);
	int ret = 0;

	while (!ret && n > same) {
		n--;
		ret = applied_path(w, n, path, sizeof(path)) ?:
			      apply(w, w->src, path, 1);
		if (!ret && unlink(path))
			ret = fail(w, sb_env_errno(-errno), "cannot remove",
				   path);
	}
	for (size_t i = same; !ret && i < q->n; i++) {
		ret = applies(w, q->path[i]) ?: apply(w, w->src, q->path[i], 0);
		if (!ret && (applied_path(w, i, path, sizeof(path)) ||
			     sb_read_file(q->path[i], &data, &len) ||
			     sb_write_file_atomic(path, data, len)))
			ret = fail(w, -EIO, "cannot keep a copy of",
				   q->path[i]);
		free(data);
		data = NULL;
	}
	return ret;
}

/* Copy @name (under the work tree's obj/) into the build @b's obj/. */
static int keep_file(const struct build *w, struct build *b, const char *name)
{
	char from[PATH_MAX], to[PATH_MAX], dir[PATH_MAX], *data = NULL, *slash;
	size_t len;
	int ret;

	if (sb_fmt(from, sizeof(from), "%s/%s", w->obj, name) ||
	    sb_fmt(to, sizeof(to), "%s/%s", b->obj, name))
		return fail(b, -ENAMETOOLONG, "path too long", b->obj);
	snprintf(dir, sizeof(dir), "%s", to);
	slash = strrchr(dir, '/');
	*slash = '\0';
	ret = sb_mkdir_p(dir, 0755);
	if (!ret)
		ret = sb_read_file(from, &data, &len);
	if (!ret)
		ret = sb_write_file_atomic(to, data, len);
	free(data);
	return ret ? fail(b, sb_env_errno(ret), "cannot copy", from) : 0;
}

/*
 * The clone of the git tree (made once, sharing its objects, so the
 * user's tree and HEAD are never touched) at the commit: checkout rewrites
 * only the files that differ, whose new times make make rebuild them.
 */
static int git_checkout(struct build *w)
{
	char tmp[PATH_MAX], what[128];
	const char *clone[] = { "git",	    "clone",
				"--shared", "--no-checkout",
				"--quiet",  w->pristine,
				tmp,	    NULL };
	const char *co[] = {
		"git",	    "-c",	   "advice.detachedHead=false",
		"checkout", "--quiet",	   "--force",
		"--detach", w->ki->commit, NULL
	};
	int ret = 0;

	if (sb_fmt(tmp, sizeof(tmp), "%s.tmp", w->src))
		return fail(w, -ENAMETOOLONG, "path too long", w->dir);
	if (access(w->src, R_OK)) {
		sb_rm_rf(tmp);
		ret = step(w, "cloning the git tree (objects shared)", clone,
			   NULL);
		if (!ret && rename(tmp, w->src))
			ret = fail(w, sb_env_errno(-errno), "cannot rename",
				   tmp);
	}
	snprintf(what, sizeof(what), "checkout %.40s", w->ki->commit);
	return ret ?: step(w, what, co, w->src);
}

/* The work tree at @q's patches or at the commit; see sync_patches. */
static int sync_tree(struct build *w, const struct kernel_patches *q)
{
	if (*w->ki->commit)
		return git_checkout(w);
	return work_tree(w) ?: sync_patches(w, q);
}

/*
 * Bring the work tree to @q (or the commit) and build: a patch that does
 * not apply is bad input; after any other failure the tree's state is
 * unknown, so it is made afresh once.
 */
static int work_build(struct build *w, const struct kernel_patches *q)
{
	char config[PATH_MAX + 16];
	int ret = sync_tree(w, q);

	if (ret > 0)
		return -EINVAL;
	if (ret) {
		sb_note("kernel %s: the work tree %s is made afresh",
			w->ki->name, w->src);
		sb_rm_rf(w->src);
		ret = sync_tree(w, q);
		if (ret > 0)
			return -EINVAL;
	}
	if (!ret && (sb_fmt(config, sizeof(config), "%s/.config", w->obj) ||
		     access(config, R_OK)))
		ret = configure(w);
	return ret ?: compile(w);
}

static int build_in_place(struct kernel_info *ki, int64_t *secs,
			  struct sb_error *e)
{
	struct kernel_patches q = { 0 };
	struct build b = { .ki = ki, .e = e }, w;
	char done[PATH_MAX + 8];
	int64_t start = now_s();
	int ret, lock = -1, wlock = -1;

	*secs = -1;
	ret = locate(&b, &q, done, sizeof(done));
	if (!ret && b.user_tree && !*ki->commit) { /* never patched */
		kernel_patches_free(&q);
		return build_source(ki, e);
	}
	if (!ret && access(done, R_OK)) {
		lock = sb_mkdir_p(b.dir, 0755) ? -1 : lock_build(&b);
		ret = lock < 0 ?
			      fail(&b, -EIO, "cannot create or lock", b.dir) :
			      0;
	}
	if (!ret && access(done, R_OK)) { /* not built meanwhile */
		ret = unpack(&b) ?: work_paths(&w, &b);
		if (!ret) {
			wlock = sb_mkdir_p(w.dir, 0755) ? -1 : lock_build(&w);
			if (wlock < 0)
				ret = fail(&b, -EIO, "cannot create or lock",
					   w.dir);
		}
		sb_note("kernel %s: building in place in %s (log: %s)",
			ki->name, w.dir, w.log);
		ret = ret ?: work_build(&w, &q);
		ret = ret ?: keep_file(&w, &b, "arch/x86/boot/bzImage");
		ret = ret ?: keep_file(&w, &b, ".config");
		snprintf(b.log, sizeof(b.log), "%s", w.log);
		if (!ret)
			*secs = now_s() - start;
		ret = ret ?: write_done(&b, q.n, *secs, done);
	}
	ret = ret ?: fill(&b);
	if (!ret)
		describe(&b, q.n);
	if (wlock >= 0)
		close(wlock);
	if (lock >= 0)
		close(lock);
	kernel_patches_free(&q);
	return ret;
}

const struct kernel_backend kernel_source_backend = {
	.name = "source",
	.keys = "machine tree config fragment series commit",
	.run = RUN_IN_VM,
	.tools = source_tools,
	.not_ready = "(not built)",
	.builds = 1,
	.find = find_source,
	.prepare = build_source,
	.build_in_place = build_in_place,
	.check = check_source,
};
