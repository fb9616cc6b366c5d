/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is an event format text the one the running kernel gives? Text the
 * kernel wrote is what libtraceevent is made to parse, so a recording's
 * format that equals it byte for byte needs no parse in a child first.
 */
#ifndef SB_HOST_FORMATS_H
#define SB_HOST_FORMATS_H

#include <stddef.h>

/*
 * 1 when @text (@len bytes, a "name: NAME\n..." format of system @sys) is
 * byte for byte the file @tracefs/events/@sys/NAME/format; 0 when it
 * differs, names no plain event, or that file cannot be read (not root,
 * no tracefs, an event this kernel lacks).
 */
int host_format_same(const char *tracefs, const char *sys,
		     const unsigned char *text, size_t len);

#endif
