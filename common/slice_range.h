/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's range for custom EEVDF slices, mirrored once for the loaders and the generators. */
#ifndef SB_SLICE_RANGE_H
#define SB_SLICE_RANGE_H

#include <stddef.h>
#include <stdint.h>

#define SB_SLICE_MIN_NS 100000ULL /* the kernel clamps custom slices to */
#define SB_SLICE_MAX_NS 100000000ULL /* [100us, 100ms] */

/*
 * The kernel's clamp of a requested slice: 0 (the kernel's default slice)
 * stays 0, anything else is clamped to [SB_SLICE_MIN_NS, SB_SLICE_MAX_NS].
 * *@clamped (may be NULL) is set when the value changed.
 */
uint64_t sb_slice_clamp(uint64_t ns, int *clamped);

/* The one warning text: "10us clamped to 100us (the kernel's range is ...)". */
const char *sb_slice_clamp_note(uint64_t requested, uint64_t applied, char *buf,
				size_t len);

#endif
