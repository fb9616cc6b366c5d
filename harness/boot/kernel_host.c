// SPDX-License-Identifier: GPL-2.0
/* The running kernel as a kernel under test: no VM, nothing to make ready. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/utsname.h>

#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"

/* Its release and /boot/config-<release>. */
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

const struct kernel_backend kernel_host_backend = {
	.name = "host",
	.keys = "",
	.run = RUN_ON_HOST,
	.not_ready = "(not readable)",
	.find = find_host,
	.prepare = prepare_host,
};
