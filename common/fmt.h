/* SPDX-License-Identifier: GPL-2.0 */
/* Checked snprintf for paths and messages: truncation is an error. */
#ifndef SB_FMT_H
#define SB_FMT_H

#include <stddef.h>

/* Format into @buf; returns 0, or -ENAMETOOLONG when it did not fit. */
int sb_fmt(char *buf, size_t len, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

#endif
