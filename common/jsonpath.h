/* SPDX-License-Identifier: GPL-2.0 */
/* Dotted-path lookup in a JSON document ("overall.latency_ns.avg"). */
#ifndef SB_JSONPATH_H
#define SB_JSONPATH_H

#include <jansson.h>

/*
 * The value at dotted @path under @obj ("" is @obj itself), or NULL when a
 * step is absent, is not an object, or names a key of 64 bytes or more.
 */
json_t *sb_json_path(const json_t *obj, const char *path);

/* The number at @path under @obj, 0 when absent or not a number. */
double sb_json_number(const json_t *obj, const char *path);

#endif
