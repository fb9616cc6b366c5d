// SPDX-License-Identifier: GPL-2.0
/*
 * The guest initramfs: plan every entry (programs, the libraries ldd lists,
 * busybox applet links, scenario, init, device nodes), reuse the archive
 * when it is newer than every input and was built from the same plan, else
 * write it as newc cpio, atomically.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/array.h"
#include "common/atomicio.h"
#include "common/error.h"
#include "common/spawn.h"
#include "harness/boot/cache_lru.h"
#include "harness/boot/capture.h"
#include "harness/boot/capture_cache.h"
#include "harness/boot/cpio.h"
#include "harness/boot/initramfs.h"
#include "common/sha256.h"
#include "workloads/registry/registry.h"

#define TOOL_TIMEOUT_NS (60LL * 1000000000LL)

enum item_kind { ITEM_FILE, ITEM_LINK };

struct item {
	enum item_kind kind;
	char name[PATH_MAX]; /* in the archive, no leading '/' */
	char src[PATH_MAX]; /* host file, or the link target */
	mode_t perm;
};

struct plan {
	struct item *v;
	size_t n, cap;
};

static int plan_add(struct plan *p, enum item_kind kind, const char *name,
		    const char *src, mode_t perm)
{
	struct item *it;

	while (*name == '/')
		name++;
	it = sb_array_grow(p->v, &p->cap, p->n + 1, sizeof(*it));
	if (!it)
		return -ENOMEM;
	p->v = it;
	it = &p->v[p->n];
	if (snprintf(it->name, sizeof(it->name), "%s", name) >=
		    (int)sizeof(it->name) ||
	    snprintf(it->src, sizeof(it->src), "%s", src) >=
		    (int)sizeof(it->src))
		return -ENAMETOOLONG;
	it->kind = kind;
	it->perm = perm;
	p->n++;
	return 0;
}

/* A host file (a program or library) at @name: its failure is the host's. */
static int plan_file(struct plan *p, const char *name, const char *src,
		     struct sb_error *e)
{
	int ret = plan_add(p, ITEM_FILE, name, src, 0755);

	return ret ? sb_error_set(e, sb_env_errno(ret), NULL, NULL, NULL,
				  "initramfs: %s: %s", src, strerror(-ret)) :
		     0;
}

/* Plan the shared libraries of @prog as ldd lists them (none if static). */
static int plan_libs(struct plan *p, const char *prog, struct sb_error *e)
{
	const char *argv[] = { "ldd", prog, NULL };
	/* the libraries it names: the program, and the loader's cache */
	const struct capture_key key = {
		.hash = (const char *const[]){ prog, NULL },
		.stat = (const char *const[]){ "/etc/ld.so.cache", NULL },
	};
	char *out = NULL;
	int rc = capture_run_cached(argv, 1, TOOL_TIMEOUT_NS, &key, &out),
	    ret = 0;

	if (rc < 0)
		return sb_error_set(e, sb_env_errno(rc), NULL, NULL, NULL,
				    "ldd %s: %s", prog, strerror(-rc));
	if (rc != 0 || strstr(out, "not a dynamic executable")) {
		free(out);
		return 0; /* static */
	}
	for (char *line = out; line && *line && !ret;) {
		char *end = strchr(line, '\n'), *lib, *arrow;

		if (end)
			*end = '\0';
		arrow = strstr(line, "=> ");
		lib = arrow ? arrow + 3 : line + strspn(line, " \t");
		lib[strcspn(lib, " \t")] = '\0';
		if (arrow && !strcmp(lib, "not"))
			ret = sb_error_set(
				e, -ENOPKG, prog, NULL, NULL,
				"library %.*s not found",
				(int)strcspn(line + strspn(line, " \t"), " "),
				line + strspn(line, " \t"));
		else if (lib[0] == '/')
			ret = plan_file(p, lib, lib, e);
		line = end ? end + 1 : NULL;
	}
	free(out);
	return ret;
}

/* A host program and its libraries at @name in the archive. */
static int plan_program(struct plan *p, const char *prog, const char *name,
			struct sb_error *e)
{
	char path[PATH_MAX];
	int ret;

	if (sb_find_program(prog, path, sizeof(path)))
		return sb_error_set(
			e, -ENOPKG, NULL, NULL, NULL,
			"initramfs: %s not found (install it: make deps)",
			prog);
	ret = plan_file(p, name, path, e);
	return ret ? ret : plan_libs(p, path, e);
}

static int plan_busybox(struct plan *p, struct sb_error *e)
{
	char path[PATH_MAX], *out = NULL;
	const char *argv[] = { path, "--list-full", NULL };
	int ret = plan_program(p, "busybox", "bin/busybox", e);

	if (ret)
		return ret;
	sb_find_program("busybox", path, sizeof(path));
	if (capture_run_cached(
		    argv, 0, TOOL_TIMEOUT_NS,
		    &(const struct capture_key){
			    .hash = (const char *const[]){ path, NULL } },
		    &out)) {
		free(out);
		return sb_error_set(e, -EIO, NULL, NULL, NULL,
				    "initramfs: %s --list-full failed", path);
	}
	for (char *line = out; line && *line && !ret;) {
		char *end = strchr(line, '\n');

		if (end)
			*end = '\0';
		if (*line &&
		    (ret = plan_add(p, ITEM_LINK, line, "/bin/busybox", 0)))
			ret = sb_error_set(e, sb_env_errno(ret), NULL, NULL,
					   NULL, "initramfs: %s: %s", line,
					   strerror(-ret));
		line = end ? end + 1 : NULL;
	}
	free(out);
	return ret;
}

/* A program of the build's bin directory at bin/@prog, with its libraries. */
static int plan_built(struct plan *p, const struct initramfs_request *req,
		      const char *prog, int required, struct sb_error *e)
{
	char path[PATH_MAX], name[64];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", req->bin_dir, prog);
	if (access(path, X_OK))
		return required ? sb_error_set(e, -ENOPKG, NULL, NULL, NULL,
					       "initramfs: %s missing (build "
					       "it: make %s)",
					       path, path) :
				  0;
	snprintf(name, sizeof(name), "bin/%s", prog);
	ret = plan_file(p, name, path, e);
	return ret ? ret : plan_libs(p, path, e);
}

/* Does @req's guest run external program @name? */
static int runs_external(const struct initramfs_request *req, const char *name)
{
	for (int i = 0; i < req->n_tools; i++)
		if (!strcmp(req->tools[i], name))
			return 1;
	return req->all_tools;
}

/* The agent, then every listed workload: built ones in /bin, others in
 * /usr/bin (those the scenario runs, when the request has one). */
static int plan_workloads(struct plan *p, const struct initramfs_request *req,
			  struct sb_error *e)
{
	int ret = plan_built(p, req, "sbguest", !req->agent_optional, e);
	char name[64];

	for (const struct sbw_workload *const *w = sbw_list(); !ret && *w; w++)
		if (!(*w)->external)
			ret = plan_built(p, req, (*w)->name, 0, e);
	for (const struct sbw_workload *const *w = sbw_list(); !ret && *w; w++)
		if ((*w)->external && runs_external(req, (*w)->name)) {
			snprintf(name, sizeof(name), "usr/bin/%s", (*w)->name);
			ret = plan_program(p, (*w)->name, name, e);
		}
	return ret;
}

/* A file the request names (init, scenario, module): bad input if absent. */
static int plan_input(struct plan *p, const char *what, const char *src,
		      const char *name, mode_t perm, struct sb_error *e)
{
	if (access(src, R_OK))
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "initramfs: %s %s: %s", what, src,
				    strerror(errno));
	if (plan_add(p, ITEM_FILE, name, src, perm))
		return sb_error_set(e, -ENAMETOOLONG, NULL, NULL, NULL,
				    "initramfs: %s %s: path too long", what,
				    src);
	return 0;
}

/*
 * Kernels that build the results port's drivers as modules (Debian 6.1)
 * get those modules, numbered in load order; /init insmods them all.
 * A module absent from the tree is built in and needs nothing.
 */
static int plan_modules(struct plan *p, const struct kernel_info *ki,
			struct sb_error *e)
{
	static const char *const mods[] = {
		"drivers/virtio/virtio_ring.ko",
		"drivers/virtio/virtio.ko",
		"drivers/virtio/virtio_pci_legacy_dev.ko",
		"drivers/virtio/virtio_pci_modern_dev.ko",
		"drivers/virtio/virtio_pci.ko",
		"drivers/char/virtio_console.ko",
	};
	char src[PATH_MAX], name[128];
	int ret = 0;

	if (!ki || !ki->modules_dir[0])
		return 0;
	for (size_t i = 0; !ret && i < sizeof(mods) / sizeof(mods[0]); i++) {
		const char *base = strrchr(mods[i], '/') + 1;

		if (snprintf(src, sizeof(src), "%s/kernel/%s", ki->modules_dir,
			     mods[i]) >= (int)sizeof(src))
			continue;
		if (access(src, R_OK))
			continue;
		snprintf(name, sizeof(name), "lib/modules/%zu-%s", i, base);
		ret = plan_input(p, "module", src, name, 0644, e);
	}
	return ret;
}

static int make_plan(struct plan *p, const struct initramfs_request *req,
		     struct sb_error *e)
{
	int ret;

	ret = plan_input(p, "init", req->init_path, "init", 0755, e);
	if (!ret && req->scenario_path)
		ret = plan_input(p, "scenario", req->scenario_path,
				 "etc/slicebench/scenario.json", 0644, e);
	if (!ret)
		ret = plan_workloads(p, req, e);
	if (!ret && req->with_perf)
		ret = plan_program(p, "perf", "usr/bin/perf", e);
	if (!ret)
		ret = plan_modules(p, req->kernel, e);
	/* After the real programs, so an applet never shadows one. */
	if (!ret)
		ret = plan_busybox(p, e);
	return ret;
}

/* The archive's content: every item's name, mode and source, and every
 * packed file's SHA-256 (kept by stat, capture_sha256_file()). */
static int plan_hash(const struct plan *p, char hex[SB_SHA256_HEX])
{
	char *text = NULL, sum[SB_SHA256_HEX];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int e = 0;

	if (!f)
		return -errno;
	for (size_t i = 0; i < p->n; i++) {
		*sum = '\0';
		if (p->v[i].kind == ITEM_FILE && !e)
			e = capture_sha256_file(p->v[i].src, sum);
		fprintf(f, "%d %o %s%c%s%c%s%c", p->v[i].kind,
			(unsigned int)p->v[i].perm, p->v[i].name, 0,
			p->v[i].src, 0, sum, 0);
	}
	if (fclose(f) && !e)
		e = -ENOMEM;
	if (!e)
		sb_sha256_buf(text, len, hex);
	free(text);
	return e;
}

/* Is @out there, built from the content hashed @hash? */
static int reusable(const char *out, const char *stamp, const char *hash)
{
	char *old = NULL;
	size_t len;
	int same;

	if (access(out, R_OK) || sb_read_file(stamp, &old, &len))
		return 0;
	same = len >= 64 && !strncmp(old, hash, 64);
	free(old);
	return same;
}

static int write_archive(const struct plan *p, const char *out,
			 struct sb_error *e)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "tmp",
					    "run", "out",  "mnt" };
	const char *what = NULL; /* what failed, for the message */
	struct cpio c;
	int ret = 0;

	cpio_init(&c);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		cpio_add_dir(&c, dirs[i], 0755);
	cpio_add_node(&c, "dev/console", S_IFCHR, 0600, 5, 1);
	cpio_add_node(&c, "dev/null", S_IFCHR, 0666, 1, 3);
	for (size_t i = 0; i < p->n && !ret; i++) {
		const struct item *it = &p->v[i];

		ret = it->kind == ITEM_LINK ?
			      cpio_add_symlink(&c, it->name, it->src) :
			      cpio_add_file(&c, it->name, it->perm, it->src);
		if (ret)
			what = it->src;
	}
	if (!ret)
		ret = cpio_finish(&c);
	if (!ret && (ret = sb_write_file_atomic(out, c.buf, c.len)))
		what = out;
	cpio_free(&c);
	if (!ret)
		return 0;
	/* the host's failure, not the request's */
	return sb_error_set(e, sb_env_errno(ret), NULL, NULL, NULL,
			    "initramfs: %s%s%s", what ? what : "",
			    what ? ": " : "", strerror(-ret));
}

/* Is @name (an archive path) @prog in a directory of the guest's PATH? */
static int on_guest_path(const char *name, const char *prog)
{
	static const char *const dirs[] = { "bin/", "sbin/", "usr/bin/",
					    "usr/sbin/" };

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		size_t n = strlen(dirs[d]);

		if (!strncmp(name, dirs[d], n) && !strcmp(name + n, prog))
			return 1;
	}
	return 0;
}

int initramfs_missing_program(const struct initramfs_request *req,
			      const char *const *progs, size_t n,
			      size_t *missing, struct sb_error *e)
{
	struct plan p = { 0 };
	int ret = make_plan(&p, req, e);

	for (size_t k = 0; !ret && k < n; k++) {
		size_t i = 0;

		while (i < p.n && !on_guest_path(p.v[i].name, progs[k]))
			i++;
		if (i == p.n) {
			*missing = k;
			ret = 1;
		}
	}
	free(p.v);
	return ret;
}

void initramfs_prune(const char *dir)
{
	static struct cache_entry k[1024];
	char path[PATH_MAX + NAME_MAX + 8];
	size_t n = cache_lru(dir, ".cpio.plan", k, 1024);
	time_t now = time(NULL);

	/* least recently used first: the rest were used later */
	for (size_t i = 0; i + INITRAMFS_KEPT < n &&
			   now - k[i].used.tv_sec > INITRAMFS_UNUSED_S;
	     i++) {
		snprintf(path, sizeof(path), "%.4000s/%.255s", dir, k[i].name);
		unlink(path);
		path[strlen(path) - 5] = '\0'; /* the archive */
		unlink(path);
	}
}

/* @req's plan into @p and its content key into @hex; errors as the build's. */
static int hashed_plan(const struct initramfs_request *req, struct plan *p,
		       char hex[SB_SHA256_HEX], struct sb_error *e)
{
	int ret = make_plan(p, req, e);

	if (!ret && (ret = plan_hash(p, hex)))
		ret = sb_error_set(e, sb_env_errno(ret), NULL, NULL, NULL,
				   "initramfs: cannot hash its files: %s",
				   strerror(-ret));
	return ret;
}

/* @p, of content key @hash, into @out unless it was built from that key. */
static int build_to(const struct plan *p, const char *hash, const char *out,
		    struct sb_error *e)
{
	char stamp[PATH_MAX + 8];
	int ret;

	snprintf(stamp, sizeof(stamp), "%s.plan", out);
	if (reusable(out, stamp, hash)) {
		utimensat(AT_FDCWD, stamp, NULL, 0); /* its last use */
		return 0;
	}
	ret = write_archive(p, out, e);
	if (!ret && (ret = sb_write_file_atomic(stamp, hash, 64)))
		ret = sb_error_set(e, sb_env_errno(ret), NULL, NULL, NULL,
				   "initramfs: %s: cannot write", stamp);
	return ret;
}

static int needs_inputs(const struct initramfs_request *req, struct sb_error *e)
{
	return req->init_path && req->bin_dir ?
		       0 :
		       sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "initramfs: init and bin_dir are required");
}

int initramfs_build(const struct initramfs_request *req, struct sb_error *e)
{
	struct plan p = { 0 };
	char hash[SB_SHA256_HEX];
	int ret;

	if (!req->out_path)
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "initramfs: out_path is required");
	ret = needs_inputs(req, e)		    ?:
		      hashed_plan(req, &p, hash, e) ?:
		      build_to(&p, hash, req->out_path, e);
	free(p.v);
	return ret;
}

int initramfs_build_in(const struct initramfs_request *req, const char *dir,
		       char *out, size_t len, struct sb_error *e)
{
	struct plan p = { 0 };
	char hash[SB_SHA256_HEX];
	int ret = needs_inputs(req, e) ?: hashed_plan(req, &p, hash, e);

	if (!ret && (size_t)snprintf(out, len, "%s/%s-%.16s.cpio", dir,
				     req->kernel->name, hash) >= len)
		ret = sb_error_set(e, -ENAMETOOLONG, NULL, dir, NULL,
				   "initramfs: the path is too long");
	if (!ret)
		ret = build_to(&p, hash, out, e);
	free(p.v);
	return ret;
}
