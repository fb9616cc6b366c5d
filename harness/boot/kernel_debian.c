// SPDX-License-Identifier: GPL-2.0
/*
 * Debian kernels: resolve the newest linux-image package matching the
 * descriptor's pattern with apt-cache, apt-get download it, dpkg-deb -x it
 * into the cache, and reuse that unpacked tree afterwards.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "common/array.h"
#include "common/atomicio.h"
#include "common/error.h"
#include "common/spawn.h"
#include "harness/boot/kernel.h"
#include "harness/boot/capture.h"
#include "harness/boot/capture_cache.h"
#include "common/fmt.h"
#include "harness/boot/kernel_backends.h"

#define APT_TIMEOUT_NS (600LL * 1000000000LL)

struct candidates {
	char **v;
	size_t n, cap;
};

static void candidates_free(struct candidates *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i]);
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}

static int candidates_add(struct candidates *c, const char *s, size_t len)
{
	char **nv = sb_array_grow(c->v, &c->cap, c->n + 1, sizeof(*nv));

	if (!nv)
		return -ENOMEM;
	c->v = nv;
	if (!(c->v[c->n] = strndup(s, len)))
		return -ENOMEM;
	c->n++;
	return 0;
}

static int newest_first(const void *a, const void *b)
{
	return strverscmp(*(char *const *)b, *(char *const *)a);
}

/* Glob (* and ?) into an anchored POSIX extended regex for apt-cache. */
static int glob_to_regex(const char *glob, char *re, size_t len)
{
	size_t o = 0;

	if (len < 3)
		return -ENAMETOOLONG;
	re[o++] = '^';
	for (; *glob; glob++) {
		const char *add = *glob == '*'			 ? ".*" :
				  *glob == '?'			 ? "." :
				  strchr(".+^$()[]{}|\\", *glob) ? "\\" :
								   "";
		size_t n = strlen(add);

		if (o + n + 3 > len)
			return -ENAMETOOLONG;
		memcpy(re + o, add, n);
		o += n;
		if (*glob != '*' && *glob != '?')
			re[o++] = *glob;
	}
	re[o++] = '$';
	re[o] = '\0';
	return 0;
}

/*
 * Is @pkg (a package name, or a cache entry "name_version") of point
 * release @version ("" matches any)? linux-image-6.12.107+deb12-... is of
 * 6.12.107, not of 6.12.10.
 */
static int is_release(const char *pkg, const char *version)
{
	size_t n = strlen(version);

	if (!n)
		return 1;
	for (const char *p = strstr(pkg, version); p;
	     p = strstr(p + 1, version))
		if (p > pkg && p[-1] == '-' && p[n] && strchr("+-~", p[n]))
			return 1;
	return 0;
}

/* What apt-cache's answers depend on: the package lists, the sources,
 * the pins and what is installed. */
static const struct capture_key apt_key = {
	.stat = (const char *const[]){ "/var/lib/apt/lists",
				       "/etc/apt/sources.list",
				       "/etc/apt/sources.list.d",
				       "/etc/apt/preferences",
				       "/etc/apt/preferences.d",
				       "/var/lib/dpkg/status", NULL },
};

static int search_packages(const char *pattern, const char *version,
			   struct candidates *c, struct sb_error *e)
{
	char re[256], *out = NULL;
	const char *argv[] = { "apt-cache", "search", "--names-only", re,
			       NULL };
	int rc;

	/* Any pattern fits the descriptor's field; this buffer is ours. */
	if (glob_to_regex(pattern, re, sizeof(re)))
		return sb_error_set(e, -ENOBUFS, NULL, NULL, NULL,
				    "package pattern too long: %s", pattern);
	rc = capture_run_cached(argv, 0, APT_TIMEOUT_NS, &apt_key, &out);
	if (rc) {
		free(out);
		return sb_error_set(e, rc < 0 ? sb_env_errno(rc) : -EIO, NULL,
				    NULL, NULL, "apt-cache search %s: %s", re,
				    rc < 0 ? strerror(-rc) : "failed");
	}
	for (char *line = out; line && *line;) {
		char *end = strchr(line, '\n');
		size_t n = strcspn(line, " \n");
		char name[256];

		if (n && n < sizeof(name)) {
			memcpy(name, line, n);
			name[n] = '\0';
			if (!fnmatch(pattern, name, 0) &&
			    is_release(name, version) &&
			    candidates_add(c, line, n)) {
				free(out);
				return sb_error_set(e, -ENOMEM, NULL, NULL,
						    NULL, "out of memory");
			}
		}
		line = end ? end + 1 : NULL;
	}
	free(out);
	if (c->n)
		qsort(c->v, c->n, sizeof(*c->v), newest_first);
	return 0;
}

/* apt-cache policy's candidate version of @pkg, or -ENOENT. */
static int candidate_version(const char *pkg, char *ver, size_t len)
{
	const char *argv[] = { "apt-cache", "policy", pkg, NULL };
	char *out = NULL;
	int rc = capture_run_cached(argv, 0, APT_TIMEOUT_NS, &apt_key, &out);

	if (rc == 0)
		rc = capture_field(out, "Candidate:", ver, len);
	else if (rc > 0)
		rc = -EIO;
	free(out);
	if (rc == 0 && (!strcmp(ver, "(none)") || !*ver))
		rc = -ENOENT;
	return rc;
}

/* Fill @ki from the unpacked package in @dir. Returns 0 or -errno. */
static int fill_from_unpack(struct kernel_info *ki, const char *dir,
			    const char *pkg, const char *ver)
{
	char boot[PATH_MAX], path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	snprintf(boot, sizeof(boot), "%s/boot", dir);
	d = opendir(boot);
	if (!d)
		return -errno;
	ki->release[0] = '\0';
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "vmlinuz-", 8))
			snprintf(ki->release, sizeof(ki->release), "%s",
				 de->d_name + 8);
	closedir(d);
	if (!ki->release[0])
		return -ENOENT;
	if (sb_fmt(ki->image, sizeof(ki->image), "%s/vmlinuz-%s", boot,
		   ki->release) ||
	    sb_fmt(path, sizeof(path), "%s/config-%s", boot, ki->release))
		return -ENAMETOOLONG;
	kernel_set_config(ki, path);
	if (sb_fmt(ki->modules_dir, sizeof(ki->modules_dir),
		   "%s/lib/modules/%s", dir, ki->release) ||
	    access(ki->modules_dir, R_OK))
		ki->modules_dir[0] = '\0';
	snprintf(ki->source, sizeof(ki->source), "%s=%s", pkg, ver);
	return 0;
}

static void debian_dir(char *buf, size_t len)
{
	snprintf(buf, len, "%s/debian", kernel_cache_dir());
}

static int find_debian(struct kernel_info *ki)
{
	char dir[PATH_MAX], best[256] = "", path[PATH_MAX + 256];
	struct dirent *de;
	DIR *d;

	debian_dir(dir, sizeof(dir));
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char name[256];
		char *us = strchr(de->d_name, '_');

		if (!us || (size_t)(us - de->d_name) >= sizeof(name) ||
		    !strncmp(de->d_name, "dl.", 3))
			continue;
		memcpy(name, de->d_name, (size_t)(us - de->d_name));
		name[us - de->d_name] = '\0';
		if (!fnmatch(ki->package, name, 0) &&
		    is_release(name, ki->version) && !strstr(us, ".deb") &&
		    !strstr(us, ".tmp.") &&
		    (!best[0] || strverscmp(de->d_name, best) > 0))
			snprintf(best, sizeof(best), "%s", de->d_name);
	}
	closedir(d);
	if (!best[0])
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/%s", dir, best);
	*strchr(best, '_') = '\0';
	return fill_from_unpack(ki, path, best, best + strlen(best) + 1);
}

/* The single *.deb apt-get left in @dir, moved to @dest. */
static int take_deb(const char *dir, const char *dest)
{
	char path[PATH_MAX + 256];
	struct dirent *de;
	int ret = -ENOENT;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 4 && !strcmp(de->d_name + n - 4, ".deb")) {
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			ret = rename(path, dest) ? -errno : 0;
			break;
		}
	}
	closedir(d);
	return ret;
}

/* "@tmp: why" for a temporary directory mkdtemp (or its name) refused. */
static int tmp_failed(struct sb_error *e, const char *tmp)
{
	int err = errno;

	return sb_error_set(e, err ? sb_env_errno(-err) : -EIO, tmp, NULL, NULL,
			    "%s", strerror(err));
}

static int download(const char *dir, const char *pkg, const char *ver,
		    const char *deb, struct sb_error *e)
{
	char tmp[PATH_MAX], spec[512], log[PATH_MAX + 16];
	const char *argv[] = { "apt-get", "download", "-q", spec, NULL };
	int rc;

	if (!access(deb, R_OK))
		return 0;
	if (sb_fmt(spec, sizeof(spec), "%s=%s", pkg, ver) ||
	    sb_fmt(tmp, sizeof(tmp), "%s/dl.XXXXXX", dir) || !mkdtemp(tmp))
		return tmp_failed(e, tmp);
	snprintf(log, sizeof(log), "%s.log", tmp);
	sb_note("kernel: apt-get download %s", spec);
	rc = sb_run(&(struct sb_spawn){ .argv = argv,
					.stdout_path = log,
					.stderr_path = log,
					.cwd = tmp },
		    APT_TIMEOUT_NS);
	if (rc == 0)
		rc = take_deb(tmp, deb);
	sb_rm_rf(tmp);
	if (rc)
		return sb_error_set(
			e, rc < 0 ? sb_env_errno(rc) : -EIO, NULL, NULL, NULL,
			"apt-get download %s failed (%s); see %s", spec,
			rc < 0 ? strerror(-rc) : "exit status", log);
	unlink(log);
	return 0;
}

static int unpack(const char *deb, const char *final, struct sb_error *e)
{
	char tmp[PATH_MAX];
	const char *argv[] = { "dpkg-deb", "-x", deb, tmp, NULL };
	int rc;

	if (sb_fmt(tmp, sizeof(tmp), "%s.tmp.XXXXXX", final) || !mkdtemp(tmp))
		return tmp_failed(e, tmp);
	sb_note("kernel: dpkg-deb -x %s", deb);
	rc = sb_run(&(struct sb_spawn){ .argv = argv }, APT_TIMEOUT_NS);
	if (rc == 0 && rename(tmp, final)) {
		int e = errno;

		/* Another fetch may have unpacked it first: then use theirs. */
		rc = access(final, R_OK) ? -e : 0;
		sb_rm_rf(tmp);
	}
	if (rc) {
		sb_rm_rf(tmp);
		return sb_error_set(e, rc < 0 ? sb_env_errno(rc) : -EIO, NULL,
				    NULL, NULL, "dpkg-deb -x %s: %s", deb,
				    rc < 0 ? strerror(-rc) : "failed");
	}
	return 0;
}

static int fetch_debian(struct kernel_info *ki, struct sb_error *e)
{
	struct candidates c = { 0 };
	char dir[PATH_MAX], ver[128] = "", final[PATH_MAX + 512];
	char deb[PATH_MAX + 512];
	const char *pkg = NULL;
	int ret;

	debian_dir(dir, sizeof(dir));
	ret = sb_mkdir_p(dir, 0755);
	if (ret)
		return sb_error_set(e, sb_env_errno(ret), dir, NULL, NULL, "%s",
				    strerror(-ret));
	ret = search_packages(ki->package, ki->version, &c, e);
	for (size_t i = 0; !ret && i < c.n && !pkg; i++)
		if (!candidate_version(c.v[i], ver, sizeof(ver)))
			pkg = c.v[i];
	if (!pkg) {
		candidates_free(&c);
		if (!find_debian(ki)) {
			sb_warn("kernel %s: apt gave no candidate for %s; using the cached %s",
				ki->name, ki->package, ki->source);
			return 0;
		}
		if (ret)
			return ret;
		return sb_error_set(
			e, -ENOENT, NULL, NULL, NULL,
			"kernel %s: no installable package matches %s%s%s (apt-get update?%s)",
			ki->name, ki->package, *ki->version ? " of " : "",
			ki->version,
			*ki->version ?
				"; slicebench kernel list shows the versions apt offers" :
				"");
	}
	snprintf(final, sizeof(final), "%s/%s_%s", dir, pkg, ver);
	snprintf(deb, sizeof(deb), "%s/%s_%s.deb", dir, pkg, ver);
	if (access(final, R_OK)) {
		ret = download(dir, pkg, ver, deb, e);
		if (!ret)
			ret = unpack(deb, final, e);
	}
	if (!ret) {
		ret = fill_from_unpack(ki, final, pkg, ver);
		if (ret)
			ret = sb_error_set(e, sb_env_errno(ret), final, NULL,
					   NULL,
					   "no boot/vmlinuz-* in the package");
	}
	candidates_free(&c);
	return ret;
}

/* The point releases apt offers, newest first; 0 or -EIO (apt-cache failed). */
static int debian_versions(const struct kernel_info *ki, char *buf, size_t len)
{
	struct candidates c = { 0 };
	size_t off = 0;
	int ret = search_packages(ki->package, "", &c, NULL);

	*buf = '\0';
	for (size_t i = 0; !ret && i < c.n && off < len; i++) {
		/* the release after "linux-image-": 6.12.107, or 6.1.0-37 (ABI) */
		const char *v = strstr(c.v[i], "image-");
		size_t n;

		v = v ? v + 6 : c.v[i];
		n = strspn(v, "0123456789.");
		if (v[n] == '-' && strspn(v + n + 1, "0123456789") &&
		    v[n + 1 + strspn(v + n + 1, "0123456789")] == '-')
			n += 1 + strspn(v + n + 1, "0123456789"); /* 6.1.0-37 */
		off += (size_t)snprintf(buf + off, len - off, "%s%.*s",
					off ? " " : "", (int)n, v);
	}
	candidates_free(&c);
	return ret ? -EIO : 0;
}

static const char *const debian_tools[] = { "apt-cache", "apt-get", "dpkg-deb",
					    NULL };

const struct kernel_backend kernel_debian_backend = {
	.name = "debian",
	.keys = "machine package",
	.run = RUN_IN_VM,
	.tools = debian_tools,
	.not_ready = "(not fetched)",
	.find = find_debian,
	.prepare = fetch_debian,
	.versions = debian_versions,
};
