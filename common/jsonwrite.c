// SPDX-License-Identifier: GPL-2.0
/* The project's own files written from the structs their rows read into: the other way of common/jsonread.h, by the same rows. */
#include <stdint.h>

#include "common/jsonwrite.h"

/* An alloc'd ARRAY of STRDUP: char *[count]. */
static json_t *strings(const struct sb_field *f, const void *at,
		       const void *obj)
{
	char *const *v = *(char *const *const *)at;
	size_t n = *(const size_t *)((const char *)obj + f->count_offset);
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_string(v[i] ? v[i] : ""))) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

json_t *sb_jw_value(const struct sb_field *f, const void *obj)
{
	const void *at = (const char *)obj + f->offset;

	if (f->check_only)
		return NULL;
	switch (f->type) {
	case SB_F_STRING:
		return *(const char *)at || f->required ?
			       json_string((const char *)at) :
			       NULL;
	case SB_F_STRDUP:
		return *(char *const *)at ? json_string(*(char *const *)at) :
					    NULL;
	case SB_F_INT:
		return json_integer(*(const int *)at);
	case SB_F_INT64:
		return json_integer((json_int_t) * (const int64_t *)at);
	case SB_F_NUMBER:
		return json_real(*(const double *)at);
	case SB_F_BOOL:
		return json_boolean(*(const int *)at);
	case SB_F_ENUM:
		return json_string(f->choices[*(const int *)at]);
	case SB_F_ARRAY:
		if (f->alloc && f->item && f->item->type == SB_F_STRDUP)
			return strings(f, at, obj);
		return NULL;
	default:
		return NULL;
	}
}

json_t *sb_jw_object(const struct sb_jr_table *t, const void *obj)
{
	json_t *j = json_object();

	for (size_t i = 0; j && i < t->n_fields; i++) {
		const struct sb_field *f = &t->fields[i];
		json_t *v = sb_jw_value(f, obj);

		if (v && json_object_set_new(j, f->key, v)) {
			json_decref(j);
			j = NULL;
		}
	}
	return j;
}
