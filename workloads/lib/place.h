/* SPDX-License-Identifier: GPL-2.0 */
/* CPU and memory placement with sched_setaffinity and libnuma. */
#ifndef WL_PLACE_H
#define WL_PLACE_H

#include <sched.h>

#include "common/error.h"

/*
 * Restrict the calling thread (and what it later creates) to @cpus (NULL =
 * leave alone) and, when @node >= 0, run on that NUMA node and prefer its
 * memory. Returns 0 or -errno with @e filled: -EINVAL when the
 * request does not fit this machine (no CPU of the list is available, node
 * out of range: bad input), other values for the environment (no libnuma).
 */
int wl_place(const cpu_set_t *cpus, int node, struct sb_error *e);

/* wl_place() of the --cpus and --node options in @c (absent: left alone). */
struct wl_common;
int wl_common_place(const struct wl_common *c, struct sb_error *e);

#endif
