// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: duration strings (common/duration.c) against an independent
 * 128-bit reference of the grammar in common/duration.h, plus the
 * format -> parse round trip.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/duration.h"
#include "fuzz/fuzz_io.h"

#define MAX_FRAC_DIGITS 12 /* finer fractions are refused as malformed */

typedef unsigned __int128 u128;

static u128 unit_ns(const char *s, int *ok)
{
	static const struct {
		const char *name;
		u128 ns;
	} units[] = { { "", 1 },
		      { "ns", 1 },
		      { "us", 1000 },
		      { "ms", 1000000 },
		      { "s", 1000000000 },
		      { "m", 60000000000 },
		      { "min", 60000000000 },
		      { "h", 3600000000000 } };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(s, units[i].name)) {
			*ok = 1;
			return units[i].ns;
		}
	*ok = 0;
	return 0;
}

/* 0 with *ns set, -EINVAL, or -ERANGE (more than 64 bits). */
static int reference(const char *s, uint64_t *ns)
{
	u128 whole = 0, frac = 0, scale = 1, u, v;
	int digits = 0, ok;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	for (; *s >= '0' && *s <= '9'; s++) {
		whole = whole * 10 + (u128)(*s - '0');
		if (whole > UINT64_MAX) /* the digits alone overflow */
			return -ERANGE;
	}
	if (*s == '.') {
		if (*++s < '0' || *s > '9')
			return -EINVAL;
		for (; *s >= '0' && *s <= '9'; s++, digits++) {
			if (digits == MAX_FRAC_DIGITS)
				return -EINVAL;
			frac = frac * 10 + (u128)(*s - '0');
			scale *= 10;
		}
	}
	u = unit_ns(s, &ok);
	if (!ok)
		return -EINVAL;
	if ((frac * u) % scale)
		return -EINVAL;
	v = whole * u + frac * u / scale;
	if (v > UINT64_MAX)
		return -ERANGE;
	*ns = (uint64_t)v;
	return 0;
}

static void round_trip(uint64_t ns)
{
	char buf[64];
	uint64_t back = 0;
	double err;

	sb_format_duration(ns, buf, sizeof(buf));
	if (sb_parse_duration_ns(buf, &back)) {
		fz_check(strpbrk(buf, ".e") != NULL,
			 "only rounded values (\"1.5ms\", %.6g) fail to parse");
		return;
	}
	/* Six significant digits: within half a unit of the sixth. */
	err = ns > back ? (double)(ns - back) : (double)(back - ns);
	fz_check(err <= 5e-6 * (double)ns,
		 "format then parse is within 6 digits");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char *s = fz_strdup(data, len);
	uint64_t got = 0, want = 0;
	int r, ref;

	if (strlen(s) != len) { /* an embedded NUL: C strings end there */
		free(s);
		return 0;
	}
	r = sb_parse_duration_ns(s, &got);
	ref = reference(s, &want);
	fz_check(r == 0 || r == -EINVAL || r == -ERANGE,
		 "returns 0/EINVAL/ERANGE");
	fz_check((r == 0) == (ref == 0), "accepts exactly the valid strings");
	if (!r) {
		fz_check(got == want, "value agrees with the reference");
		round_trip(got);
	} else {
		fz_check(r == ref, "the same kind of error as the reference");
	}
	if (len >= 8) {
		uint64_t ns;

		memcpy(&ns, data, sizeof(ns));
		round_trip(ns);
	}
	free(s);
	return 0;
}
