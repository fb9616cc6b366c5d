// SPDX-License-Identifier: GPL-2.0
/* Kernel descriptors: find, parse and validate kernels/<name>/kernel.json. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stddef.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/closest.h"
#include "common/error.h"
#include "common/jsonread.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"

/* Parse a value of a descriptor key (common/jsonread.h). */
static int parse_type(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len);
static int parse_path(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len);
static const char *machine_why(const void *s);

#define F_STRING SB_F_STRING, .min = 1
#define F_BOOL SB_F_BOOL
#define F_MACHINE SB_F_STRING, .min = 1, .check = machine_why
/* relative to the descriptor's directory unless absolute */
#define F_PATH SB_F_CALL, .parse = parse_path, .type_doc = "path"

/*
 * Every descriptor key: what it holds, where it goes, whether the kinds
 * having it require it. Which kinds have which key, each backend says
 * (its keys); type, description and custom_slices are every kind's.
 */
static const struct sb_field fields[] = {
/* @kind: the reader's type and its designators (F_STRING, ...), unbracketed. */
#define FIELD(k, kind, member, req, doc_)                                   \
	{                                                                   \
		.key = (k), .offset = offsetof(struct kernel_info, member), \
		.size = sizeof(((struct kernel_info *)0)->member),          \
		.required = (req), .missing = "missing", .doc = (doc_),     \
		.type = kind /* NOLINT(bugprone-macro-parentheses) */       \
	}
	{ .key = "type",
	  .type = SB_F_CALL,
	  .offset = offsetof(struct kernel_info, backend),
	  .required = 1,
	  .parse = parse_type,
	  .type_doc = "a kernel kind (`slicebench kernel list` names them)",
	  .doc = "where the kernel comes from (its backend)" },
	FIELD("description", F_STRING, description, 0, "one line for people"),
	FIELD("custom_slices", F_BOOL, custom_slices, 0,
	      "has EEVDF custom slices (default true)"),
	FIELD("machine", F_MACHINE, machine, 0,
	      "QEMU machine type: `pc` (default) or `microvm`"),
	FIELD("package", F_STRING, package, 1,
	      "the linux-image package name pattern (a glob)"),
	FIELD("tree", F_PATH, tree, 1,
	      "the source tarball or tree (KSRC overrides)"),
	FIELD("config", F_PATH, config, 0,
	      "a full .config, instead of tinyconfig + fragment"),
	FIELD("fragment", F_PATH, fragment, 0,
	      "the config fragment merged into tinyconfig"),
	FIELD("series", F_PATH, series, 0,
	      "the patch queue's series file (default: none)"),
	FIELD("commit", F_STRING, commit, 0,
	      "a commit of the git tree, built in a work tree of the cache"),
	FIELD("image", F_PATH, image, 1, "the bzImage, booted as is"),
#undef FIELD
};

static const char *machine_why(const void *s)
{
	return !strcmp(s, "pc") || !strcmp(s, "microvm") ?
		       NULL :
		       "is not \"pc\" or \"microvm\"";
}

static int parse_type(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len)
{
	const char *s = json_string_value(v);
	const struct kernel_backend *b = s ? kernel_backend_named(s) : NULL;

	(void)r;
	(void)f;
	if (b) {
		*(const struct kernel_backend **)dest = b;
		return 0;
	}
	snprintf(why, len, "is not a kernel type (%s)", kernel_backend_types());
	return -EINVAL;
}

static int every_kinds(const char *key)
{
	return !strcmp(key, "type") || !strcmp(key, "description") ||
	       !strcmp(key, "custom_slices");
}

static int has_key(const void *ki, const char *key)
{
	const struct kernel_backend *b =
		((const struct kernel_info *)ki)->backend;

	return every_kinds(key) || (b && kernel_backend_has_key(b, key));
}

static const char *type_why(const void *ki, char *buf, size_t len)
{
	snprintf(buf, len, "not a key of type \"%s\" kernels",
		 kernel_type_name(ki));
	return buf;
}

static const char *kinds_of(const char *key, char *buf, size_t len)
{
	return every_kinds(key) ? "" : kernel_backend_kinds_with(key, buf, len);
}

/* After every key: the backend's checks across keys. */
static int check_kind(struct sb_jr *r, void *ki, const json_t *j)
{
	const struct kernel_info *k = ki;

	(void)j;
	return k->backend->check ? k->backend->check(k, r->file, r->e) : 0;
}

const struct sb_jr_table kernel_descriptor_format = {
	.name = "kernel descriptor",
	.fields = fields,
	.n_fields = sizeof(fields) / sizeof(fields[0]),
	.has_key = has_key,
	.variant_why = type_why,
	.kinds_of = kinds_of,
	.finish = check_kind,
};

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kernel_list(char **names, size_t *count)
{
	DIR *d = opendir(kernel_dir());
	char **v = NULL, **nv, *out, *p;
	size_t n = 0, cap = 0, total = 0, i;
	struct dirent *de;
	int ret = 0;

	*names = NULL;
	*count = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char path[PATH_MAX];

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/kernel.json", kernel_dir(),
			 de->d_name);
		if (access(path, R_OK))
			continue;
		nv = sb_array_grow(v, &cap, n + 1, sizeof(*v));
		if (!nv) {
			ret = -ENOMEM;
			goto out;
		}
		v = nv;
		if (!(v[n] = strdup(de->d_name))) {
			ret = -ENOMEM;
			goto out;
		}
		total += strlen(v[n++]) + 1;
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_names);
	out = p = malloc(total + 1);
	if (!out) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++)
		p = stpcpy(p, v[i]) + 1;
	*names = out;
	*count = n;
out:
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	closedir(d);
	return ret;
}

static int set_string(char *dst, size_t size, const char *s)
{
	if (strlen(s) >= size)
		return -ENAMETOOLONG;
	strcpy(dst, s);
	return 0;
}

/* @s relative to @base (a directory) unless absolute. */
static int set_path(char *dst, size_t size, const char *base, const char *s)
{
	int n = s[0] == '/' ? snprintf(dst, size, "%s", s) :
			      snprintf(dst, size, "%s/%s", base, s);
	char real[PATH_MAX];

	if (n < 0 || (size_t)n >= size)
		return -ENAMETOOLONG;
	/* Canonical when it exists, so descriptors sharing a file agree. */
	if (realpath(dst, real) && strlen(real) < size)
		strcpy(dst, real);
	return 0;
}

/* r->user: the descriptor's directory. */
static int parse_path(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len)
{
	const char *s = json_string_value(v);

	if (!s || !*s)
		snprintf(why, len, "is not a non-empty string");
	else if (set_path(dest, f->size, r->user, s))
		snprintf(why, len, "is longer than %zu bytes as a path",
			 f->size - 1);
	else
		return 0;
	return -EINVAL;
}

int kernel_parse_descriptor(const char *path, const char *name,
			    struct kernel_info *ki, struct sb_error *e)
{
	char tmp[PATH_MAX], base[PATH_MAX];
	int ret;

	memset(ki, 0, sizeof(*ki));
	ki->custom_slices = 1;
	if (set_string(ki->name, sizeof(ki->name), name) ||
	    set_string(ki->descriptor, sizeof(ki->descriptor), path))
		return sb_error_set(e, -ENAMETOOLONG, path, NULL, NULL,
				    "kernel name too long");
	snprintf(tmp, sizeof(tmp), "%s", path);
	if (!realpath(dirname(tmp), base))
		snprintf(base, sizeof(base), "%s", dirname(tmp));
	ret = sb_jr_load(path, &kernel_descriptor_format, ki, base, e);
	if (ret)
		return ret;
	if (kernel_run_of(ki) == RUN_ON_HOST)
		ki->machine[0] = '\0';
	else if (!ki->machine[0])
		strcpy(ki->machine, "pc");
	return 0;
}

/* 1 if @release names a kernel with EEVDF custom slices (>= 6.12). */
static int release_has_slices(const char *release)
{
	unsigned int major = 0, minor = 0;

	if (sscanf(release, "%u.%u", &major, &minor) != 2)
		return 1;
	return major > 6 || (major == 6 && minor >= 12);
}

/* An image file @path, named @name ("path" when the user named none). */
static int lookup_path(const char *name, const char *path,
		       struct kernel_info *ki, struct sb_error *e)
{
	struct stat st;

	memset(ki, 0, sizeof(*ki));
	ki->backend = &kernel_path_backend;
	strcpy(ki->machine, "pc");
	if (set_string(ki->name, sizeof(ki->name), name))
		return sb_error_set(e, -EINVAL, NULL, NULL, name,
				    "a kernel name is at most %zu characters",
				    sizeof(ki->name) - 1);
	if (stat(path, &st) || !S_ISREG(st.st_mode) ||
	    !realpath(path, ki->image))
		return sb_error_set(e, -EINVAL, NULL, NULL, path,
				    "not a readable image file");
	if (set_string(ki->source, sizeof(ki->source), ki->image))
		return sb_error_set(e, -ENAMETOOLONG, NULL, NULL, path,
				    "path too long");
	strcpy(ki->description, "an image booted as is");
	if (kernel_image_release(ki->image, ki->release, sizeof(ki->release)))
		return sb_error_set(e, -EINVAL, NULL, NULL, path,
				    "not an x86 bzImage");
	ki->custom_slices = release_has_slices(ki->release);
	return 0;
}

/* -EINVAL: "unknown kernel 'NAME'; available: ...; did you mean X?" (the descriptors). */
static int unknown_kernel(const char *name, struct sb_error *e)
{
	char *names = NULL, *p, err[sizeof(e->msg)];
	size_t count = 0, used, errlen = sizeof(err);
	const char *near;

	used = (size_t)snprintf(err, errlen,
				"unknown kernel '%s'; available:", name);
	kernel_list(&names, &count);
	p = names;
	for (size_t i = 0; i < count && used < errlen; i++, p += strlen(p) + 1)
		used += (size_t)snprintf(err + used, errlen - used, "%s %s",
					 i ? "," : "", p);
	if (used < errlen)
		used += (size_t)snprintf(
			err + used, errlen - used,
			"%s or [NAME=]PATH of a bzImage (from %s)",
			count ? "," : "", kernel_dir());
	near = sb_closest(name, names, count);
	if (near && used < errlen)
		snprintf(err + used, errlen - used, "; did you mean %s?", near);
	free(names);
	return sb_error_set(e, -EINVAL, NULL, NULL, NULL, "%s", err);
}

/* "NAME@VERSION": NAME's descriptor, which must be of type debian, pinned. */
static int lookup_pinned(const char *name, struct kernel_info *ki,
			 struct sb_error *e)
{
	const char *at = strchr(name, '@');
	char base[64];
	int ret;

	if (at - name >= (long)sizeof(base) || !at[1] ||
	    strlen(at + 1) >= sizeof(ki->version) ||
	    strspn(at + 1, "0123456789.-") != strlen(at + 1))
		return sb_error_set(e, -EINVAL, NULL, NULL, name,
				    "VERSION of NAME@VERSION is a release as "
				    "`slicebench kernel list` shows it, such "
				    "as 6.12.107");
	snprintf(base, sizeof(base), "%.*s", (int)(at - name), name);
	ret = kernel_lookup(base, ki, e);
	if (ret)
		return ret;
	if (!ki->backend->versions)
		return sb_error_set(e, -EINVAL, NULL, NULL, name,
				    "@VERSION pins a Debian-type kernel; %s "
				    "is of type %s",
				    base, kernel_type_name(ki));
	snprintf(ki->name, sizeof(ki->name), "%s", name);
	snprintf(ki->version, sizeof(ki->version), "%s", at + 1);
	ki->image[0] = ki->release[0] = ki->source[0] = '\0';
	ki->config_path[0] = ki->config_sha256[0] = ki->modules_dir[0] = '\0';
	ki->backend->find(ki);
	return 0;
}

int kernel_name_ok(const char *name, size_t len)
{
	size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");

	/* no leading '-': a name is also an argument of make and git */
	return len && n >= len && name[0] != '.' && name[0] != '-';
}

/* -EINVAL naming @arg: the NAME of NAME=PATH (@len bytes of @arg) is bad. */
static int bad_name(const char *arg, size_t len, struct sb_error *e)
{
	return sb_error_set(e, -EINVAL, NULL, NULL, arg,
			    "bad kernel name \"%.*s\": NAME of NAME=PATH is 1 "
			    "to %d characters of [A-Za-z0-9_.-], not starting "
			    "with '.' or '-'",
			    (int)len, arg, KERNEL_NAME_MAX);
}

int kernel_lookup(const char *name, struct kernel_info *ki, struct sb_error *e)
{
	const char *eq = strchr(name, '=');
	char path[PATH_MAX], own[64];
	int ret;

	/* NAME=PATH, unless the whole is a file (a path may hold '=') */
	if (eq && access(name, F_OK)) {
		size_t n = (size_t)(eq - name);

		if (!kernel_name_ok(name, n) || n > KERNEL_NAME_MAX)
			return bad_name(name, n, e);
		snprintf(own, sizeof(own), "%.*s", (int)n, name);
		return lookup_path(own, eq + 1, ki, e);
	}
	if (strchr(name, '/'))
		return lookup_path("path", name, ki, e);
	if (strchr(name, '@'))
		return lookup_pinned(name, ki, e);
	snprintf(path, sizeof(path), "%s/%s/kernel.json", kernel_dir(), name);
	if (!kernel_name_ok(name, strlen(name)) || access(path, R_OK))
		return unknown_kernel(name, e);
	ret = kernel_parse_descriptor(path, name, ki, e);
	if (ret)
		return ret;
	if (ki->backend->find)
		ki->backend->find(ki);
	return 0;
}

int kernel_prepare(struct kernel_info *ki, struct sb_error *e)
{
	return ki->backend->prepare(ki, e);
}
