/* SPDX-License-Identifier: GPL-2.0 */
/* The project's own files written from the structs their rows read into: the other way of common/jsonread.h, by the same rows. */
#ifndef SB_JSONWRITE_H
#define SB_JSONWRITE_H

#include <jansson.h>

#include "common/jsonread.h"

/*
 * The value of row @f in the struct at @obj, as the reader takes it back;
 * NULL when the row has none to write (an empty STRING that is not
 * required, a row that stores nothing) or out of memory. Rows of types
 * STRING, STRDUP, INT, INT64, NUMBER, BOOL, ENUM, and ARRAYs (alloc) of
 * STRDUP.
 */
json_t *sb_jw_value(const struct sb_field *f, const void *obj);

/* Every row of @t with a value, in the table's order; NULL: out of memory. */
json_t *sb_jw_object(const struct sb_jr_table *t, const void *obj);

#endif
