// SPDX-License-Identifier: GPL-2.0
/* Duration strings ("500us", "0.5ms", "2s", "1h", plain ns) to and from nanoseconds. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/byname.h"
#include "common/duration.h"

struct unit {
	const char *name;
	uint64_t ns;
};

/* Suffixes are matched whole: "ms" is never "m" + garbage. */
static const struct unit units[] = {
	{ "ns", 1ULL },
	{ "us", 1000ULL },
	{ "ms", 1000000ULL },
	{ "s", 1000000000ULL },
	{ "m", 60000000000ULL },
	{ "min", 60000000000ULL },
	{ "h", 3600000000000ULL },
};

static const struct unit *find_unit(const char *suffix)
{
	long i = sb_index_named(units, sizeof(units) / sizeof(units[0]), name,
				suffix);

	if (!*suffix)
		return &units[0];
	return i < 0 ? NULL : &units[i];
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

int sb_parse_duration_ns(const char *s, uint64_t *out_ns)
{
	uint64_t whole = 0, frac = 0, frac_scale = 1;
	uint64_t g, frac_ns;
	const char *p = s;
	const struct unit *u;

	if (!s || !*s)
		return -EINVAL;
	if (*p < '0' || *p > '9')
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (whole > (UINT64_MAX - d) / 10)
			return -ERANGE;
		whole = whole * 10 + d;
	}
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return -EINVAL;
		for (; *p >= '0' && *p <= '9'; p++) {
			if (frac_scale >= 1000000000000ULL)
				return -EINVAL; /* finer than any unit allows */
			frac = frac * 10 + (uint64_t)(*p - '0');
			frac_scale *= 10;
		}
	}
	u = find_unit(p);
	if (!u)
		return -EINVAL;
	/*
	 * The fraction must resolve to whole nanoseconds: with g = gcd(unit,
	 * scale), frac / scale * unit is whole when scale / g divides frac, and
	 * is then (frac / (scale / g)) * (unit / g) < unit, computed without
	 * overflow (frac * unit would not fit in 64 bits).
	 */
	g = gcd(u->ns, frac_scale);
	if (frac % (frac_scale / g))
		return -EINVAL;
	frac_ns = frac / (frac_scale / g) * (u->ns / g);
	if (whole > (UINT64_MAX - frac_ns) / u->ns)
		return -ERANGE;
	*out_ns = whole * u->ns + frac_ns;
	return 0;
}

const char *sb_format_duration(uint64_t ns, char *buf, size_t len)
{
	static const struct unit shown[] = {
		{ "s", 1000000000ULL },
		{ "ms", 1000000ULL },
		{ "us", 1000ULL },
	};

	for (size_t i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		if (ns >= shown[i].ns) {
			if (ns % shown[i].ns == 0)
				snprintf(buf, len, "%" PRIu64 "%s",
					 ns / shown[i].ns, shown[i].name);
			else
				snprintf(buf, len, "%.6g%s",
					 (double)ns / (double)shown[i].ns,
					 shown[i].name);
			return buf;
		}
	}
	snprintf(buf, len, "%" PRIu64 "ns", ns);
	return buf;
}
