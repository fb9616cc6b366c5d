/* SPDX-License-Identifier: GPL-2.0 */
/* A fixed calibration loop timed in the guest and on the host: how fast the guest runs. */
#ifndef SB_CALIB_H
#define SB_CALIB_H

#include <stdint.h>

/* Iterations of the loop (common/calib.c says what one does). */
#define SB_CALIB_ITERATIONS 200000u

/*
 * The loop's time in ns of CLOCK_MONOTONIC, from the fastest of
 * @tries * 10 timings of each tenth of it (the least disturbed by other
 * work); 0 when out of memory or a pipe or thread fails.
 */
uint64_t sb_calib_loop_ns(unsigned int tries);

#endif
