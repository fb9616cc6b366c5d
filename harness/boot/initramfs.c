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
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "common/spawn.h"
#include "harness/boot/capture.h"
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
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 128;
		struct item *nv = realloc(p->v, cap * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		p->v = nv;
		p->cap = cap;
	}
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

/* Plan the shared libraries of @prog as ldd lists them (none if static). */
static int plan_libs(struct plan *p, const char *prog, char *err, size_t errlen)
{
	const char *argv[] = { "ldd", prog, NULL };
	char *out = NULL;
	int rc = capture_run(argv, 1, TOOL_TIMEOUT_NS, &out), ret = 0;

	if (rc < 0) {
		snprintf(err, errlen, "ldd %s: %s", prog, strerror(-rc));
		return SB_EXIT_ENV;
	}
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
		if (arrow && !strcmp(lib, "not")) {
			snprintf(err, errlen, "%s: library %.*s not found",
				 prog,
				 (int)strcspn(line + strspn(line, " \t"), " "),
				 line + strspn(line, " \t"));
			ret = SB_EXIT_ENV;
		} else if (lib[0] == '/' &&
			   plan_add(p, ITEM_FILE, lib, lib, 0755)) {
			ret = SB_EXIT_ENV;
		}
		line = end ? end + 1 : NULL;
	}
	free(out);
	return ret;
}

/* A host program and its libraries at @name in the archive. */
static int plan_program(struct plan *p, const char *prog, const char *name,
			char *err, size_t errlen)
{
	char path[PATH_MAX];
	int ret;

	if (sb_find_program(prog, path, sizeof(path))) {
		snprintf(err, errlen,
			 "initramfs: %s not found (install it: make deps)",
			 prog);
		return SB_EXIT_ENV;
	}
	ret = plan_add(p, ITEM_FILE, name, path, 0755);
	if (ret) {
		snprintf(err, errlen, "initramfs: %s: %s", prog,
			 strerror(-ret));
		return SB_EXIT_ENV;
	}
	return plan_libs(p, path, err, errlen);
}

static int plan_busybox(struct plan *p, char *err, size_t errlen)
{
	char path[PATH_MAX], *out = NULL;
	const char *argv[] = { path, "--list-full", NULL };
	int ret = plan_program(p, "busybox", "bin/busybox", err, errlen);

	if (ret)
		return ret;
	sb_find_program("busybox", path, sizeof(path));
	if (capture_run(argv, 0, TOOL_TIMEOUT_NS, &out)) {
		free(out);
		snprintf(err, errlen, "initramfs: %s --list-full failed", path);
		return SB_EXIT_ENV;
	}
	for (char *line = out; line && *line && !ret;) {
		char *end = strchr(line, '\n');

		if (end)
			*end = '\0';
		if (*line && plan_add(p, ITEM_LINK, line, "/bin/busybox", 0))
			ret = SB_EXIT_ENV;
		line = end ? end + 1 : NULL;
	}
	free(out);
	return ret;
}

/* A program of the build's bin directory at bin/@prog, with its libraries. */
static int plan_built(struct plan *p, const struct initramfs_request *req,
		      const char *prog, int required, char *err, size_t errlen)
{
	char path[PATH_MAX], name[64];

	snprintf(path, sizeof(path), "%s/%s", req->bin_dir, prog);
	if (access(path, X_OK)) {
		if (required) {
			snprintf(err, errlen,
				 "initramfs: %s missing (build it: make %s)",
				 path, path);
			return SB_EXIT_ENV;
		}
		return 0;
	}
	snprintf(name, sizeof(name), "bin/%s", prog);
	if (plan_add(p, ITEM_FILE, name, path, 0755) ||
	    plan_libs(p, path, err, errlen))
		return SB_EXIT_ENV;
	return 0;
}

/* The agent, then every listed workload: built ones in /bin, others in /usr/bin. */
static int plan_workloads(struct plan *p, const struct initramfs_request *req,
			  char *err, size_t errlen)
{
	int ret = plan_built(p, req, "sbguest", !req->agent_optional, err,
			     errlen);
	char name[64];

	for (const struct sb_workload *const *w = sbw_list(); !ret && *w; w++)
		if (!(*w)->external)
			ret = plan_built(p, req, (*w)->name, 0, err, errlen);
	for (const struct sb_workload *const *w = sbw_list(); !ret && *w; w++)
		if ((*w)->external) {
			snprintf(name, sizeof(name), "usr/bin/%s", (*w)->name);
			ret = plan_program(p, (*w)->name, name, err, errlen);
		}
	return ret;
}

static int plan_input(struct plan *p, const char *what, const char *src,
		      const char *name, mode_t perm, char *err, size_t errlen)
{
	if (access(src, R_OK)) {
		snprintf(err, errlen, "initramfs: %s %s: %s", what, src,
			 strerror(errno));
		return SB_EXIT_USAGE;
	}
	if (plan_add(p, ITEM_FILE, name, src, perm)) {
		snprintf(err, errlen, "initramfs: %s %s: path too long", what,
			 src);
		return SB_EXIT_USAGE;
	}
	return 0;
}

/*
 * Kernels that build the results port's drivers as modules (Debian 6.1)
 * get those modules, numbered in load order; /init insmods them all.
 * A module absent from the tree is built in and needs nothing.
 */
static int plan_modules(struct plan *p, const struct kernel_info *ki, char *err,
			size_t errlen)
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
		ret = plan_input(p, "module", src, name, 0644, err, errlen);
	}
	return ret;
}

static int make_plan(struct plan *p, const struct initramfs_request *req,
		     char *err, size_t errlen)
{
	int ret;

	ret = plan_input(p, "init", req->init_path, "init", 0755, err, errlen);
	if (!ret && req->scenario_path)
		ret = plan_input(p, "scenario", req->scenario_path,
				 "etc/slicebench/scenario.json", 0644, err,
				 errlen);
	if (!ret)
		ret = plan_workloads(p, req, err, errlen);
	if (!ret && req->with_perf)
		ret = plan_program(p, "perf", "usr/bin/perf", err, errlen);
	if (!ret)
		ret = plan_modules(p, req->kernel, err, errlen);
	/* After the real programs, so an applet never shadows one. */
	if (!ret)
		ret = plan_busybox(p, err, errlen);
	return ret;
}

static int plan_hash(const struct plan *p, char hex[SB_SHA256_HEX])
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return -errno;
	for (size_t i = 0; i < p->n; i++)
		fprintf(f, "%d %o %s%c%s%c", p->v[i].kind,
			(unsigned int)p->v[i].perm, p->v[i].name, 0,
			p->v[i].src, 0);
	if (fclose(f)) {
		free(text);
		return -ENOMEM;
	}
	sb_sha256_buf(text, len, hex);
	free(text);
	return 0;
}

static int newer(const struct stat *a, const struct stat *b)
{
	return a->st_mtim.tv_sec > b->st_mtim.tv_sec ||
	       (a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
		a->st_mtim.tv_nsec > b->st_mtim.tv_nsec);
}

/* Is @out newer than every input, and built from the plan hashed @hash? */
static int reusable(const struct plan *p, const char *out, const char *stamp,
		    const char *hash)
{
	struct stat so, si;
	char *old = NULL;
	size_t len;
	int same;

	if (stat(out, &so) || sb_read_file(stamp, &old, &len))
		return 0;
	same = len >= 64 && !strncmp(old, hash, 64);
	free(old);
	for (size_t i = 0; same && i < p->n; i++)
		if (p->v[i].kind == ITEM_FILE &&
		    (stat(p->v[i].src, &si) || !newer(&so, &si)))
			return 0;
	return same;
}

static int write_archive(const struct plan *p, const char *out, char *err,
			 size_t errlen)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "tmp",
					    "run", "out",  "mnt" };
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
			snprintf(err, errlen, "initramfs: %s: %s", it->src,
				 strerror(-ret));
	}
	if (!ret && (ret = cpio_finish(&c)))
		snprintf(err, errlen, "initramfs: %s", strerror(-ret));
	if (!ret && (ret = sb_write_file_atomic(out, c.buf, c.len)))
		snprintf(err, errlen, "initramfs: %s: %s", out, strerror(-ret));
	cpio_free(&c);
	return ret ? SB_EXIT_ENV : 0;
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
			      size_t *missing, char *err, size_t errlen)
{
	struct plan p = { 0 };
	int ret = make_plan(&p, req, err, errlen);

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

int initramfs_build(const struct initramfs_request *req, char *err,
		    size_t errlen)
{
	struct plan p = { 0 };
	char stamp[PATH_MAX + 8], hash[65];
	int ret;

	if (!req->init_path || !req->bin_dir || !req->out_path) {
		snprintf(err, errlen,
			 "initramfs: init, bin_dir and out_path are required");
		return SB_EXIT_USAGE;
	}
	snprintf(stamp, sizeof(stamp), "%s.plan", req->out_path);
	ret = make_plan(&p, req, err, errlen);
	if (!ret && plan_hash(&p, hash)) {
		snprintf(err, errlen, "initramfs: out of memory");
		ret = SB_EXIT_ENV;
	}
	if (!ret) {
		if (!reusable(&p, req->out_path, stamp, hash)) {
			ret = write_archive(&p, req->out_path, err, errlen);
			if (!ret && sb_write_file_atomic(stamp, hash, 64)) {
				snprintf(err, errlen,
					 "initramfs: %s: cannot write", stamp);
				ret = SB_EXIT_ENV;
			}
		}
	}
	free(p.v);
	return ret;
}
