/* SPDX-License-Identifier: GPL-2.0 */
/* Value checks shared by command-line options (opts.c) and config files (jsonread.c): one grammar and one wording per kind of value. */
#ifndef SB_VALCHECK_H
#define SB_VALCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "common/duration.h"

/* What is wrong with a value, said after the quoted value. */
#define SB_WHY_NOT_DURATION "is not a duration (units: " SB_DURATION_UNITS ")"
#define SB_WHY_NOT_CPULIST "is not a CPU list"

/* Is @v outside [@min, @max]? No range (never outside) when @max <= @min. */
int sb_out_of_range(int64_t v, int64_t min, int64_t max);
int sb_out_of_range_u64(uint64_t v, int64_t min, int64_t max);

/* "[min, max]" into @buf; durations in their units ("[10us, 10s]"). */
const char *sb_range_text(char *buf, size_t len, int64_t min, int64_t max,
			  int duration);

/* Decimal @s into @out (sb_parse_u64: no sign): 0 or -EINVAL. */
int sb_parse_i64(const char *s, int64_t *out);
int sb_parse_u64(const char *s, uint64_t *out);

/* The index of @s in NULL-terminated @choices into @idx: 0 or -EINVAL. */
int sb_enum_find(const char *s, const char *const *choices, int *idx);

/* "is not one of a, b, c" into @buf. */
const char *sb_enum_why(char *buf, size_t len, const char *const *choices);

/* Is @s a CPU list in the one grammar (common/cpulist.h)? */
int sb_cpulist_ok(const char *s);

#endif
