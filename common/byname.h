/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Find by name: the element of an array of structs, or of pointers to
 * structs, whose name field is a given string (inline, as array.h: the
 * programs that list their sources one by one need no other file).
 */
#ifndef SB_BYNAME_H
#define SB_BYNAME_H

#include <stddef.h>
#include <string.h>

/* How sb_name_index() reaches an element's name. */
#define SB_NAME_PTR 1u /* the field is a char * (NULL: no name), not an array */
#define SB_NAME_DEREF 2u /* the elements point to the structs; NULL ends them */

/*
 * The index of the first of the @n elements of @stride bytes at @base
 * whose name (at byte @off of its struct) is @name, or -1 (also for a NULL
 * @name). Use the macros below: they work out @stride, @off and @how.
 */
static inline long sb_name_index(const void *base, size_t n, size_t stride,
				 size_t off, unsigned how, const char *name)
{
	for (size_t i = 0; name && i < n; i++) {
		const char *el = (const char *)base + i * stride;
		const void *p; /* a pointer read whatever its type (memcpy) */

		if (how & SB_NAME_DEREF) {
			memcpy(&p, el, sizeof(p));
			if (!p)
				break;
			el = p;
		}
		p = el + off;
		if (how & SB_NAME_PTR)
			memcpy(&p, el + off, sizeof(p));
		if (p && !strcmp(p, name))
			return (long)i;
	}
	return -1;
}

/* SB_NAME_PTR when @field of *@p is a pointer, 0 when an array. */
#define SB_NAME_KIND(p, field) \
	_Generic(&(p)->field, char **: SB_NAME_PTR,                      \
		const char **: SB_NAME_PTR, char *const *: SB_NAME_PTR, \
		const char *const *: SB_NAME_PTR, default: 0u)

/* The index in @arr (@n structs) of the first whose @field is @name, or -1. */
#define sb_index_named(arr, n, field, name)                \
	sb_name_index((arr), (n), sizeof(*(arr)),          \
		      offsetof(__typeof__(*(arr)), field), \
		      SB_NAME_KIND((arr), field), (name))

/* As sb_index_named in @arr of @n pointers to structs (or up to a NULL). */
#define sb_index_named_ptr(arr, n, field, name)             \
	sb_name_index((arr), (n), sizeof(*(arr)),           \
		      offsetof(__typeof__(**(arr)), field), \
		      SB_NAME_DEREF | SB_NAME_KIND(*(arr), field), (name))

#endif
