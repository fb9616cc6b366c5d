/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers shared by the ci/ writers: markup escaping, JSON numbers. */
#ifndef CI_UTIL_H
#define CI_UTIL_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/* Write @len bytes of @s with & < > " escaped (HTML and XML text/attributes). */
void ci_markup_escaped(FILE *f, const char *s, size_t len);
/* A JSON real, or null where @v is not finite (JSON has no infinities). */
json_t *ci_json_num(double v);

#endif
