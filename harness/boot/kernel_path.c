// SPDX-License-Identifier: GPL-2.0
/*
 * A bzImage of one's own, booted as is where it is: named on the command
 * line (PATH or NAME=PATH) or by a descriptor {"type": "path", "image"}.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"

/* Its release, from the image's header. */
static int find_path(struct kernel_info *ki)
{
	snprintf(ki->source, sizeof(ki->source), "%.*s",
		 (int)sizeof(ki->source) - 1, ki->image);
	return kernel_image_release(ki->image, ki->release,
				    sizeof(ki->release));
}

/* Still there, and a bzImage? */
static int prepare_path(struct kernel_info *ki, struct sb_error *e)
{
	if (access(ki->image, R_OK))
		return sb_error_set(e, -EINVAL, ki->image, NULL, NULL, "%s",
				    strerror(errno));
	if (find_path(ki))
		return sb_error_set(e, -EINVAL, ki->image, NULL, NULL,
				    "not an x86 bzImage");
	return 0;
}

/*
 * The image opened and its boot header read, before a run: a descriptor's
 * image that is missing, a directory, a device or no bzImage is refused
 * naming the descriptor, its key and the value (a NAME=PATH is refused so
 * when looked up).
 */
static int verify_path(const struct kernel_info *ki, struct sb_error *e)
{
	char release[sizeof(ki->release)];
	const char *why = NULL;
	struct stat st;

	if (stat(ki->image, &st) || access(ki->image, R_OK))
		why = strerror(errno);
	else if (S_ISDIR(st.st_mode))
		why = "is a directory, not a bzImage";
	else if (!S_ISREG(st.st_mode))
		why = "is not a regular file, not a bzImage";
	else if (kernel_image_release(ki->image, release, sizeof(release)))
		why = "is not an x86 bzImage (no boot header with a release)";
	if (!why)
		return 0;
	return sb_error_set(e, -EINVAL,
			    ki->descriptor[0] ? ki->descriptor : NULL,
			    ki->descriptor[0] ? "image" : "--kernel", ki->image,
			    "%s", why);
}

const struct kernel_backend kernel_path_backend = {
	.name = "path",
	.keys = "machine image",
	.run = RUN_IN_VM,
	.not_ready = "(no image there)",
	.find = find_path,
	.prepare = prepare_path,
	.verify = verify_path,
};
