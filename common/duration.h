/* SPDX-License-Identifier: GPL-2.0 */
/* Parse and format durations such as "500us", "0.5ms", "100ms", "2s". */
#ifndef SB_DURATION_H
#define SB_DURATION_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse @s into nanoseconds. Accepted: a non-negative decimal number with an
 * optional unit ns, us, ms, s, m or min (minutes), h; no unit means
 * nanoseconds.
 * Fractions are allowed ("0.5ms") but the result must be a whole number of
 * nanoseconds. Returns 0, -EINVAL on a malformed string, -ERANGE on overflow.
 */
int sb_parse_duration_ns(const char *s, uint64_t *out_ns);
/* The units sb_parse_duration_ns() knows, for error messages. */
#define SB_DURATION_UNITS "ns (the default), us, ms, s, min (or m), h"

/* Format @ns with the largest unit that keeps it exact-ish ("500us", "1.5ms"). */
const char *sb_format_duration(uint64_t ns, char *buf, size_t len);

#endif
