/* SPDX-License-Identifier: GPL-2.0 */
/* /proc/<tid>/schedstat: run time, run delay, timeslices of one task. */
#ifndef WL_SCHEDSTAT_H
#define WL_SCHEDSTAT_H

#include <stdint.h>
#include <sys/types.h>
#include <jansson.h>

struct wl_schedstat {
	uint64_t run_ns; /* time on the CPU */
	uint64_t run_delay_ns; /* time runnable but waiting */
	uint64_t timeslices; /* times switched in */
};

/* Read task @tid's (0 = calling thread) schedstat. Returns 0 or -errno. */
int wl_schedstat_read(pid_t tid, struct wl_schedstat *s);
/* Parse the text of a schedstat file ("a b c\n"). Returns 0 or -EINVAL. */
int wl_schedstat_parse(const char *text, struct wl_schedstat *s);
/* {"run_ns", "run_delay_ns", "timeslices"} */
json_t *wl_schedstat_to_json(const struct wl_schedstat *s);

#endif
