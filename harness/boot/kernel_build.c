// SPDX-License-Identifier: GPL-2.0
/* Patch queues, build cache keys, fragment checks and build-log errors. */
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "harness/boot/capture.h"
#include "common/fmt.h"
#include "common/spawn.h"
#include "harness/boot/kernel_build.h"
#include "common/sha256.h"

/* patch on a few copied files: seconds at most; never a hang */
#define PATCH_TRY_TIMEOUT_NS (60LL * 1000000000LL)

#define KEY_RECIPE \
	"slicebench-kbuild-1" /* bump when the build recipe changes */

void kernel_patches_free(struct kernel_patches *q)
{
	for (size_t i = 0; i < q->n; i++)
		free(q->path[i]);
	free(q->path);
	q->path = NULL;
	q->n = 0;
}

static int add_patch(struct kernel_patches *q, const char *dir,
		     const char *name, size_t len)
{
	char **nv = realloc(q->path, (q->n + 1) * sizeof(*nv));
	char path[4096];

	if (!nv)
		return -ENOMEM;
	q->path = nv;
	if (sb_fmt(path, sizeof(path), "%s/%.*s", dir, (int)len, name))
		return -ENAMETOOLONG;
	if (!(q->path[q->n] = strdup(path)))
		return -ENOMEM;
	q->n++;
	return 0;
}

int kernel_patches_load(const char *series, struct kernel_patches *q,
			struct sb_error *e)
{
	char *text = NULL, dir[4096], tmp[4096];
	size_t len;
	int ret = 0;

	q->path = NULL;
	q->n = 0;
	if (!series || !*series)
		return 0;
	if (sb_read_file(series, &text, &len))
		return sb_error_set(e, -EINVAL, series, NULL, NULL,
				    "cannot read the patch series");
	snprintf(tmp, sizeof(tmp), "%s", series);
	snprintf(dir, sizeof(dir), "%s", dirname(tmp));
	for (char *line = text; line && *line && !ret;) {
		char *end = strchr(line, '\n');
		size_t n;

		line += strspn(line, " \t");
		n = end ? (size_t)(end - line) : strlen(line);
		while (n && strchr(" \t\r", line[n - 1]))
			n--;
		if (n && *line != '#') {
			ret = add_patch(q, dir, line, n);
			if (ret)
				ret = sb_error_set(e, sb_env_errno(ret), series,
						   NULL, NULL, "out of memory");
			else if (access(q->path[q->n - 1], R_OK))
				ret = sb_error_set(e, -EINVAL, series, "patch",
						   q->path[q->n - 1], "%s",
						   strerror(errno));
		}
		line = end ? end + 1 : NULL;
	}
	free(text);
	if (ret)
		kernel_patches_free(q);
	return ret;
}

int kernel_patch_targets(const char *patch, char **paths, size_t *count)
{
	char *text = NULL, *out = NULL;
	size_t len, olen = 0;
	FILE *f;
	int ret = sb_read_file(patch, &text, &len);

	*paths = NULL;
	*count = 0;
	if (ret)
		return ret;
	f = open_memstream(&out, &olen);
	if (!f) {
		free(text);
		return -ENOMEM;
	}
	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n');

		if (!strncmp(line, "+++ ", 4) || !strncmp(line, "--- ", 4)) {
			const char *p = line + 4;
			size_t n = strcspn(p, "\t\n");
			const char *slash = memchr(p, '/', n);

			if (strncmp(p, "/dev/null", 9) && slash &&
			    slash + 1 < p + n) {
				fprintf(f, "%.*s%c", (int)(p + n - slash - 1),
					slash + 1, 0);
				(*count)++;
			}
		}
		line = end ? end + 1 : NULL;
	}
	free(text);
	if (fclose(f)) {
		free(out);
		*count = 0;
		return -ENOMEM;
	}
	*paths = out;
	return 0;
}

static int hash_file(FILE *s, const char *label, const char *path)
{
	char *text = NULL;
	size_t len;
	int ret = sb_read_file(path, &text, &len);

	if (ret)
		return ret;
	fprintf(s, "%s%c%zu%c", label, 0, len, 0);
	fwrite(text, 1, len, s);
	free(text);
	return 0;
}

int kernel_build_key(const struct kernel_info *ki, const char *pristine,
		     const struct kernel_patches *q, char key[65],
		     struct sb_error *e)
{
	const char *argv[] = { "gcc", "--version", NULL };
	char *cc = NULL, *text = NULL;
	size_t len = 0;
	int ret = 0;
	FILE *s;

	if (capture_run(argv, 0, 30LL * 1000000000LL, &cc)) {
		free(cc);
		return sb_error_set(e, -ENOPKG, NULL, NULL, NULL,
				    "gcc --version failed: is gcc installed?");
	}
	s = open_memstream(&text, &len);
	if (!s) {
		free(cc);
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	}
	fprintf(s, "%s%c%s%c%.*s%c", KEY_RECIPE, 0, pristine, 0,
		(int)strcspn(cc, "\n"), cc, 0);
	free(cc);
	/* The commit a git tree is built at (a kernel without one keeps
	 * the key it always had). */
	if (*ki->commit)
		fprintf(s, "commit%c%s%c", 0, ki->commit, 0);
	if (*ki->config ? hash_file(s, "config", ki->config) :
			  hash_file(s, "fragment", ki->fragment))
		ret = sb_error_set(e, -EINVAL,
				   *ki->config ? ki->config : ki->fragment,
				   NULL, NULL, "cannot read the config%s",
				   *ki->config ? "" : " fragment");
	for (size_t i = 0; !ret && i < q->n; i++) {
		const char *base = strrchr(q->path[i], '/');

		if (hash_file(s, base ? base + 1 : q->path[i], q->path[i]))
			ret = sb_error_set(e, -EINVAL, q->path[i], NULL, NULL,
					   "cannot read");
	}
	if (fclose(s) && !ret)
		ret = sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				   "out of memory");
	if (!ret)
		sb_sha256_buf(text, len, key);
	free(text);
	return ret;
}

/* The value of option @name (@nlen bytes) in @config into @val: 1 if set. */
static int config_value(const char *config, const char *name, size_t nlen,
			char *val, size_t vlen)
{
	for (const char *line = config; line && *line;) {
		const char *end = strchr(line, '\n');

		if (!strncmp(line, name, nlen) && line[nlen] == '=') {
			size_t n = (end ? (size_t)(end - line) : strlen(line)) -
				   nlen - 1;

			snprintf(val, vlen, "%.*s", (int)n, line + nlen + 1);
			return 1;
		}
		line = end ? end + 1 : NULL;
	}
	return 0;
}

static void note_missing(char *missing, size_t len, const char *name,
			 size_t nlen, int *count)
{
	size_t used = strlen(missing);

	if (used + nlen + 2 < len)
		snprintf(missing + used, len - used, "%s%.*s", used ? " " : "",
			 (int)nlen, name);
	(*count)++;
}

int kernel_fragment_check(const char *fragment, const char *config,
			  char *missing, size_t len)
{
	char *frag = NULL, *conf = NULL, val[256];
	size_t flen, clen;
	int count = 0, ret;

	missing[0] = '\0';
	ret = sb_read_file(fragment, &frag, &flen);
	if (!ret)
		ret = sb_read_file(config, &conf, &clen);
	for (char *line = frag; !ret && line && *line;) {
		char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		const char *name = line;
		size_t nlen = strcspn(line, "= \n");
		int unset = !strncmp(line, "# CONFIG_", 9);

		if (unset) {
			name = line + 2;
			nlen = strcspn(name, " \n");
		}
		if (!strncmp(name, "CONFIG_", 7) &&
		    (unset || line[nlen] == '=')) {
			int has = config_value(conf, name, nlen, val,
					       sizeof(val));
			const char *want = line + nlen + 1;
			size_t wlen = n - nlen - 1;

			if (unset ? has && strcmp(val, "n") :
				    !has || strlen(val) != wlen ||
					    strncmp(val, want, wlen))
				note_missing(missing, len, name, nlen, &count);
		}
		line = end ? end + 1 : NULL;
	}
	free(frag);
	free(conf);
	return ret ? ret : count;
}

void kernel_build_log_errors(const char *log, char *out, size_t len)
{
	const char *lines[4] = { 0 }, *last[3] = { 0 };
	size_t lens[4] = { 0 }, llens[3] = { 0 }, used = 0;
	char *text = NULL;
	size_t tlen;
	int n = 0, m = 0;

	out[0] = '\0';
	if (sb_read_file(log, &text, &tlen))
		return;
	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t l = end ? (size_t)(end - line) : strlen(line);

		if (l && (memmem(line, l, "error", 5) ||
			  memmem(line, l, "Error", 5))) {
			lines[n % 4] = line;
			lens[n++ % 4] = l;
		}
		if (l) {
			last[m % 3] = line;
			llens[m++ % 3] = l;
		}
		line = end ? end + 1 : NULL;
	}
	for (int i = n > 4 ? n - 4 : 0; i < n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%.*s",
					 used ? " | " : "", (int)lens[i % 4],
					 lines[i % 4]);
	for (int i = m > 3 ? m - 3 : 0; !n && i < m && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%.*s",
					 used ? " | " : "", (int)llens[i % 3],
					 last[i % 3]);
	free(text);
}

/* Copy @rel of @from into @to (its directories made), unless there already. */
static int copy_in(const char *from, const char *to, const char *rel)
{
	char src[PATH_MAX], dst[PATH_MAX], *data = NULL, *slash;
	size_t len;
	int ret;

	if (sb_fmt(src, sizeof(src), "%s/%s", from, rel) ||
	    sb_fmt(dst, sizeof(dst), "%s/%s", to, rel))
		return -ENAMETOOLONG;
	if (!access(dst, F_OK) || access(src, F_OK))
		return 0; /* an earlier patch's result, or a new file */
	slash = strrchr(dst, '/');
	*slash = '\0';
	ret = sb_mkdir_p(dst, 0755);
	*slash = '/';
	if (!ret && !(ret = sb_read_file(src, &data, &len)))
		ret = sb_write_file_atomic(dst, data, len);
	free(data);
	return ret;
}

int kernel_patches_dry_run(const char *name, const char *pristine,
			   const struct kernel_patches *q, struct sb_error *e)
{
	char dir[] = "/tmp/sb-patch-check-XXXXXX", *paths = NULL;
	size_t n = 0;
	int ret = 0, rc;

	if (!mkdtemp(dir))
		return sb_error_set(e, sb_env_errno(-errno), dir, NULL, NULL,
				    "cannot create: %s", strerror(errno));
	for (size_t i = 0; !ret && i < q->n; i++) {
		const char *argv[] = { "patch", "-p1", "--batch",  "--forward",
				       "-s",	"-i",  q->path[i], NULL };
		const char *p;
		size_t k;

		ret = kernel_patch_targets(q->path[i], &paths, &n);
		for (p = paths, k = 0; !ret && k < n; k++, p += strlen(p) + 1)
			ret = copy_in(pristine, dir, p);
		free(paths);
		if (ret) {
			ret = sb_error_set(e, sb_env_errno(ret), q->path[i],
					   NULL, NULL,
					   "cannot try it on a copy of %s: %s",
					   pristine, strerror(-ret));
			break;
		}
		rc = sb_run(&(struct sb_spawn){ .argv = argv,
						.stdout_path = "/dev/null",
						.stderr_path = "/dev/null",
						.cwd = dir },
			    PATCH_TRY_TIMEOUT_NS);
		if (rc < 0)
			ret = sb_error_set(e, sb_env_errno(rc), q->path[i],
					   NULL, NULL, "cannot run patch: %s",
					   strerror(-rc));
		else if (rc)
			ret = sb_error_set(
				e, -EINVAL, q->path[i], NULL, NULL,
				"patch %zu of kernel %s's series does not "
				"apply after the %zu before it (patch -p1 "
				"--forward, tried on a copy of %s before any "
				"build)",
				i + 1, name, i, pristine);
	}
	sb_rm_rf(dir);
	return ret;
}
