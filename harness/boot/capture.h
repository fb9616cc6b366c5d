/* SPDX-License-Identifier: GPL-2.0 */
/* Run a program (argv, no shell) and capture what it prints. */
#ifndef SB_BOOT_CAPTURE_H
#define SB_BOOT_CAPTURE_H

#include <stdint.h>

/*
 * Run @argv with stdout (and stderr too when @with_stderr) captured into a
 * malloc'd NUL-terminated @out (free it). Waits at most @timeout_ns (< 0:
 * forever). Returns the exit code (0..255, 128+signal) or -errno
 * (-ENOENT: program not found, -ETIMEDOUT).
 */
int capture_run(const char *const *argv, int with_stderr, int64_t timeout_ns,
		char **out);

/* The first line of @text starting with @prefix, copied without it. */
int capture_field(const char *text, const char *prefix, char *buf, size_t len);

#endif
