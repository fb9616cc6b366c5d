// SPDX-License-Identifier: GPL-2.0
/* Value checks shared by command-line options and config files. */
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cpulist.h"
#include "common/valcheck.h"

int sb_out_of_range(int64_t v, int64_t min, int64_t max)
{
	return max > min && (v < min || v > max);
}

int sb_out_of_range_u64(uint64_t v, int64_t min, int64_t max)
{
	return max > min && (v < (uint64_t)min || v > (uint64_t)max);
}

const char *sb_range_text(char *buf, size_t len, int64_t min, int64_t max,
			  int duration)
{
	char lo[32], hi[32];

	if (duration)
		snprintf(buf, len, "[%s, %s]",
			 sb_format_duration((uint64_t)min, lo, sizeof(lo)),
			 sb_format_duration((uint64_t)max, hi, sizeof(hi)));
	else
		snprintf(buf, len, "[%" PRId64 ", %" PRId64 "]", min, max);
	return buf;
}

int sb_parse_i64(const char *s, int64_t *out)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(s, &end, 10);
	if (!*s || *end || errno)
		return -EINVAL;
	*out = x;
	return 0;
}

int sb_parse_u64(const char *s, uint64_t *out)
{
	unsigned long long x;
	char *end;

	errno = 0;
	x = strtoull(s, &end, 10);
	/* strtoull takes "-1" as ULLONG_MAX: a digit first refuses signs */
	if (*s < '0' || *s > '9' || *end || errno)
		return -EINVAL;
	*out = x;
	return 0;
}

int sb_enum_find(const char *s, const char *const *choices, int *idx)
{
	for (int i = 0; choices[i]; i++)
		if (!strcmp(s, choices[i])) {
			*idx = i;
			return 0;
		}
	return -EINVAL;
}

const char *sb_enum_why(char *buf, size_t len, const char *const *choices)
{
	size_t l = (size_t)snprintf(buf, len, "is not one of");

	for (int i = 0; choices[i] && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s %s", i ? "," : "",
				      choices[i]);
	return buf;
}

int sb_cpulist_ok(const char *s)
{
	cpu_set_t set;

	return !sb_cpulist_parse(s, &set);
}
