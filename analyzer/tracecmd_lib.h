/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libtracecmd, loaded when a trace.dat is read: the commands that read none
 * (a perf.data table, compare, gate, run) start without it and the
 * libtracefs and libzstd it brings, whose loading every command paid
 * (docs/performance.md).
 */
#ifndef SB_TRACECMD_LIB_H
#define SB_TRACECMD_LIB_H

#include <trace-cmd.h>

#include "common/error.h"

struct tracecmd_lib {
	__typeof__(tracecmd_open) *open;
	__typeof__(tracecmd_open_head) *open_head;
	__typeof__(tracecmd_get_tep) *get_tep;
	__typeof__(tracecmd_iterate_events) *iterate_events;
	__typeof__(tracecmd_close) *close;
	__typeof__(tracecmd_set_loglevel) *set_loglevel;
};

/* The library's functions (loaded once, kept to the end); NULL with @e
 * set (-ENOENT, the file named @path) when it cannot be loaded. */
const struct tracecmd_lib *tracecmd_lib(const char *path, struct sb_error *e);

#endif
