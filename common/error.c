// SPDX-License-Identifier: GPL-2.0
/* Fill an error record, and map a library's -errno to a command's exit code. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "common/exitcodes.h"

static void put(char *dst, size_t size, const char *s)
{
	snprintf(dst, size, "%s", s ? s : "");
}

int sb_error_set(struct sb_error *e, int code, const char *file,
		 const char *path, const char *value, const char *fmt, ...)
{
	const char *const parts[] = { file, path, value };
	size_t n = 0;
	va_list ap;

	if (!e)
		return code;
	e->code = code;
	put(e->file, sizeof(e->file), file);
	put(e->path, sizeof(e->path), path);
	put(e->value, sizeof(e->value), value);
	e->msg[0] = '\0';
	/* From the arguments: the message keeps what the fields cut short. */
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		if (parts[i] && *parts[i] && n < sizeof(e->msg))
			n += (size_t)snprintf(e->msg + n, sizeof(e->msg) - n,
					      "%s: ", parts[i]);
	if (n < sizeof(e->msg)) {
		va_start(ap, fmt);
		vsnprintf(e->msg + n, sizeof(e->msg) - n, fmt, ap);
		va_end(ap);
	}
	return code;
}

int sb_exit_code(int rc)
{
	switch (rc) {
	case 0:
		return SB_EXIT_OK;
	case -EINVAL:
	case -EBADMSG:
	case -ENAMETOOLONG:
	case -ERANGE:
		return SB_EXIT_USAGE;
	default:
		return SB_EXIT_UNMEASURED;
	}
}

int sb_env_errno(int rc)
{
	return sb_exit_code(rc) == SB_EXIT_USAGE ? -EIO : rc;
}

int sb_error_report(const char *cmd, int rc, const struct sb_error *e)
{
	fprintf(stderr, "%s: %s\n", cmd, e->msg);
	return sb_exit_code(rc);
}
