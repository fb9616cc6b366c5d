// SPDX-License-Identifier: GPL-2.0
/* The kernel backends as one table: Debian packages, source builds, the running kernel, an image file. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/error.h"
#include "harness/boot/kernel_backends.h"

/* The running kernel: its release and /boot/config-<release>. */
static int find_host(struct kernel_info *ki)
{
	struct utsname u;
	char config[PATH_MAX];

	if (uname(&u))
		return -errno;
	snprintf(ki->release, sizeof(ki->release), "%s", u.release);
	snprintf(ki->source, sizeof(ki->source), "running kernel %s",
		 u.release);
	snprintf(config, sizeof(config), "/boot/config-%s", u.release);
	return kernel_set_config(ki, config);
}

static int prepare_host(struct kernel_info *ki, struct sb_error *e)
{
	(void)ki;
	(void)e;
	return 0;
}

/* An image file: the lookup read its release; it stays where it is. */
static int prepare_path(struct kernel_info *ki, struct sb_error *e)
{
	if (access(ki->image, R_OK))
		return sb_error_set(e, -EINVAL, ki->image, NULL, NULL, "%s",
				    strerror(errno));
	return 0;
}

static const struct kernel_backend host_backend = {
	.type = KERNEL_HOST,
	.name = "host",
	.descriptor = 1,
	.find = find_host,
	.prepare = prepare_host,
};

static const struct kernel_backend path_backend = {
	.type = KERNEL_PATH,
	.name = "path",
	.prepare = prepare_path,
};

static const struct kernel_backend *const backends[] = {
	[KERNEL_DEBIAN] = &kernel_debian_backend,
	[KERNEL_SOURCE] = &kernel_source_backend,
	[KERNEL_HOST] = &host_backend,
	[KERNEL_PATH] = &path_backend,
};
#define N_BACKENDS (sizeof(backends) / sizeof(backends[0]))

const struct kernel_backend *kernel_backend_of(enum kernel_type t)
{
	return backends[(unsigned int)t < N_BACKENDS ? t : KERNEL_PATH];
}

const struct kernel_backend *kernel_backend_named(const char *name)
{
	for (size_t i = 0; i < N_BACKENDS; i++)
		if (!strcmp(backends[i]->name, name))
			return backends[i];
	return NULL;
}

const char *kernel_type_name(enum kernel_type t)
{
	return (unsigned int)t < N_BACKENDS ? backends[t]->name : "?";
}
