// SPDX-License-Identifier: GPL-2.0
/* The kernel's clamp of custom slices, and the warning that says it happened. */
#include <stdio.h>

#include "common/duration.h"
#include "common/slice_range.h"

uint64_t sb_slice_clamp(uint64_t ns, int *clamped)
{
	uint64_t v = ns;

	if (v && v < SB_SLICE_MIN_NS)
		v = SB_SLICE_MIN_NS;
	if (v > SB_SLICE_MAX_NS)
		v = SB_SLICE_MAX_NS;
	if (clamped)
		*clamped = v != ns;
	return v;
}

const char *sb_slice_clamp_note(uint64_t requested, uint64_t applied, char *buf,
				size_t len)
{
	char r[32], a[32], lo[32], hi[32];

	snprintf(buf, len, "%s clamped to %s (the kernel's range is %s..%s)",
		 sb_format_duration(requested, r, sizeof(r)),
		 sb_format_duration(applied, a, sizeof(a)),
		 sb_format_duration(SB_SLICE_MIN_NS, lo, sizeof(lo)),
		 sb_format_duration(SB_SLICE_MAX_NS, hi, sizeof(hi)));
	return buf;
}
