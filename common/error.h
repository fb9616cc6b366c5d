/* SPDX-License-Identifier: GPL-2.0 */
/* The error record libraries fill beside their -errno: file, JSON path or field, value, and the one-line message. */
#ifndef SB_ERROR_H
#define SB_ERROR_H

#include <stddef.h>

struct sb_error {
	int code; /* the -errno returned with it */
	char file[256]; /* the file at fault, or "" */
	char path[128]; /* JSON path, option or field, or "" */
	char value[128]; /* the offending value, or "" */
	char msg[1024]; /* the whole line: "file: path: value: why" */
};

/*
 * Fill @e (when not NULL) and return @code (a -errno): the message is
 * @file, @path and @value (each left out when NULL or "") then the
 * printf-style reason, joined by ": ".
 */
int sb_error_set(struct sb_error *e, int code, const char *file,
		 const char *path, const char *value, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * The exit code a command gives for a library's @rc: 0 for 0; 2 (bad
 * usage or input) for -EINVAL, -EBADMSG, -ENAMETOOLONG, -ERANGE;
 * 4 (could not measure: the environment) for any other -errno (-ENOPKG: a program
 * is missing).
 */
int sb_exit_code(int rc);

/*
 * @rc (a -errno) as a failure of the environment, not of the input:
 * -EIO in place of the codes sb_exit_code() reads as bad input.
 */
int sb_env_errno(int rc);

/* For commands only: "@cmd: <e->msg>" on stderr; returns sb_exit_code(@rc). */
int sb_error_report(const char *cmd, int rc, const struct sb_error *e);

#endif
