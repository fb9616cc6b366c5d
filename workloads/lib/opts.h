/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The options every generator shares (see docs/formats.md), as one table of
 * the common options engine (common/opts.h), defined once in wl_common_rows.
 */
#ifndef WL_OPTS_H
#define WL_OPTS_H

#include <sched.h>
#include <stdint.h>

#include "common/opts.h"

/* The end of every generator's --help. */
#define WL_HELP_EPILOGUE                                     \
	"Durations: 500us, 0.5ms, 100ms, 2s, or plain ns.\n" \
	"Exit status: 0 ok, 2 bad usage, 3 environment.\n"

/* The options every generator shares. */
struct wl_common {
	uint64_t duration_ns; /* --duration: the measured window */
	uint64_t warmup_ns; /* --warmup: run first, excluded from figures */
	/* --start-at: the CLOCK_MONOTONIC time (ns) the warm-up starts at,
	 * so that generators started one after another measure one window;
	 * 0: when the generator is ready */
	int64_t start_at_ns;
	uint64_t slice_ns; /* --slice */
	int slice_given; /* absent: leave the inherited slice alone */
	int batch; /* --batch: SCHED_BATCH */
	cpu_set_t cpus; /* --cpus LIST */
	int cpus_given;
	int64_t node; /* --node N */
	int node_given;
	const char *json_path; /* --json FILE, "-" = stdout, NULL = none */
	int64_t seed; /* --seed */
	int quiet; /* --quiet: no text output */
	int help; /* --help */
	int check_args; /* --check-args: parse and check, then exit 0 */
};

/* Longest --duration: one day (bounds the per-second interval arrays). */
#define WL_MAX_DURATION_NS (86400 * (int64_t)1000000000)

/* Set the shared defaults (duration @duration_ns, seed 1, the rest off). */
void wl_common_init(struct wl_common *c, uint64_t duration_ns);

/* The shared options' rows, into a struct wl_common: WL_COMMON_TABLE(). */
extern const struct sb_field wl_common_rows[];
/* The struct sb_cli table of the shared options, into @c (a pointer). */
#define WL_COMMON_TABLE(c)          \
	{                           \
		wl_common_rows, (c) \
	}

/*
 * The run's times, CLOCK_MONOTONIC ns: work starts at @start, the window
 * is [@measure, @end). Without --start-at the warm-up starts @margin_ns
 * from now. With it the warm-up starts at --start-at, or from now plus
 * @margin_ns where the generator's setup took longer (it still works the
 * whole warm-up's rest), and the window follows it; a setup longer than
 * the warm-up moves the window to its end.
 */
struct wl_times {
	uint64_t start, measure, end;
};
void wl_common_times(const struct wl_common *c, uint64_t margin_ns,
		     struct wl_times *t);
/* The window's start for work started at @start (wl_common_times). */
uint64_t wl_common_measure(const struct wl_common *c, uint64_t start);

/* Whether to print the text output: not --quiet, and the JSON is not on stdout. */
int wl_common_text(const struct wl_common *c);

/* The slice request of --slice and --batch (nothing else set). */
struct wl_slice_req;
void wl_common_slice_req(const struct wl_common *c, struct wl_slice_req *req);

#endif
