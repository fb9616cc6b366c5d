// SPDX-License-Identifier: GPL-2.0
/*
 * The table of kernel backends and the questions the rest of slicebench
 * asks a kernel through it. A new kind of kernel is one file defining its
 * struct kernel_backend plus one row in KERNEL_BACKENDS below.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/byname.h"
#include "common/spawn.h"
#include "harness/boot/kernel_backends.h"

/* A test binary includes this file with rows of its own here. */
#ifndef KERNEL_BACKENDS_MORE
#define KERNEL_BACKENDS_MORE(row)
#endif

/* Every backend, kernel_<kind>_backend, one row each, in the order messages list them. */
/* clang-format off */
#define KERNEL_BACKENDS(row) \
	row(debian) \
	row(source) \
	row(host) \
	row(path) \
	KERNEL_BACKENDS_MORE(row)
/* clang-format on */

#define DECLARE(kind) \
	extern const struct kernel_backend kernel_##kind##_backend;
#define ROW(kind) &kernel_##kind##_backend,
KERNEL_BACKENDS(DECLARE)
static const struct kernel_backend *const backends[] = { KERNEL_BACKENDS(ROW) };
#define N_BACKENDS (sizeof(backends) / sizeof(backends[0]))

const struct kernel_backend *kernel_backend_named(const char *name)
{
	long i = sb_index_named_ptr(backends, N_BACKENDS, name, name);

	return i < 0 ? NULL : backends[i];
}

const char *kernel_backend_types(void)
{
	static char types[256];
	size_t n = 0;

	if (*types)
		return types;
	for (size_t i = 0; i < N_BACKENDS && n < sizeof(types); i++)
		n += (size_t)snprintf(types + n, sizeof(types) - n, "%s%s",
				      n ? ", " : "", backends[i]->name);
	return types;
}

int kernel_backend_has_key(const struct kernel_backend *b, const char *key)
{
	size_t n = strlen(key), len;

	for (const char *k = b->keys; *k; k += len) {
		k += strspn(k, " ");
		len = strcspn(k, " ");
		if (len == n && !strncmp(k, key, n))
			return 1;
	}
	return 0;
}

const char *kernel_backend_kinds_with(const char *key, char *buf, size_t len)
{
	size_t n = 0;

	*buf = '\0';
	for (size_t i = 0; i < N_BACKENDS && n < len; i++)
		if (kernel_backend_has_key(backends[i], key))
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n ? ", " : "", backends[i]->name);
	return buf;
}

const char *kernel_type_name(const struct kernel_info *ki)
{
	return ki->backend ? ki->backend->name : "?";
}

int kernel_build_in_place(struct kernel_info *ki, int64_t *secs,
			  struct sb_error *e)
{
	*secs = -1;
	if (!kernel_has_series(ki) && !ki->commit[0])
		return sb_error_set(e, -EOPNOTSUPP, ki->descriptor, NULL,
				    ki->name, "has no patch series to step");
	return ki->backend->build_in_place(ki, secs, e);
}

int kernel_steps_in_place(const struct kernel_info *ki)
{
	return ki->backend->build_in_place != NULL;
}

int kernel_has_series(const struct kernel_info *ki)
{
	return kernel_steps_in_place(ki) && ki->series[0];
}

enum kernel_run kernel_run_of(const struct kernel_info *ki)
{
	return ki->backend->run;
}

int kernel_verify(const struct kernel_info *ki, struct sb_error *e)
{
	return ki->backend->verify ? ki->backend->verify(ki, e) : 0;
}

const char *kernel_missing_tool(const struct kernel_info *ki)
{
	const char *const *t = ki->backend->tools;

	if (*ki->image)
		return NULL;
	for (; t && *t; t++)
		if (!sb_have_program(*t))
			return *t;
	return NULL;
}
