// SPDX-License-Identifier: GPL-2.0
/* CPU lists ("0-3,6,8-15:2"): parsing with one grammar, and formatting. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/cpulist.h"

static int parse_cpu(const char **s, long *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -EINVAL;
	errno = 0;
	*out = strtol(*s, &end, 10);
	if (errno || *out >= CPU_SETSIZE)
		return -EINVAL;
	*s = end;
	return 0;
}

int sb_cpulist_parse(const char *s, cpu_set_t *set)
{
	cpu_set_t tmp;

	CPU_ZERO(&tmp);
	do {
		long a, b, stride = 1;

		if (parse_cpu(&s, &a))
			return -EINVAL;
		b = a;
		if (*s == '-') {
			s++;
			if (parse_cpu(&s, &b) || b < a)
				return -EINVAL;
			if (*s == ':') {
				s++;
				if (parse_cpu(&s, &stride) || stride < 1)
					return -EINVAL;
			}
		}
		for (long i = a; i <= b; i += stride)
			CPU_SET((int)i, &tmp);
	} while (*s++ == ',');
	if (s[-1] != '\0')
		return -EINVAL;
	*set = tmp;
	return 0;
}

void sb_cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (int i = 0; i < CPU_SETSIZE && l + 16 < len; i++) {
		int j = i;

		if (!CPU_ISSET(i, set))
			continue;
		while (j + 1 < CPU_SETSIZE && CPU_ISSET(j + 1, set))
			j++;
		l += (size_t)snprintf(buf + l, len - l, "%s%d", l ? "," : "",
				      i);
		if (j > i)
			l += (size_t)snprintf(buf + l, len - l, "-%d", j);
		i = j;
	}
}
