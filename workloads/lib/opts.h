/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options as data: one table of struct wl_opt drives getopt_long, value
 * validation and --help. The options every generator shares (see
 * docs/formats.md) are defined once here, in wl_common_opts().
 *
 * A tool fills its option variables with their defaults, builds its table
 * (pointers to those variables), and calls wl_cli_parse(); --help prints the
 * defaults from the variables themselves.
 */
#ifndef WL_OPTS_H
#define WL_OPTS_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum wl_opt_type {
	WL_OPT_FLAG, /* no value; dest: int *, set to 1 */
	WL_OPT_INT, /* decimal integer; dest: int64_t *, range [min, max] */
	WL_OPT_DURATION, /* "500us", "2s", ns; dest: uint64_t *, [min, max] */
	WL_OPT_CPULIST, /* "0-3,6"; dest: cpu_set_t * */
	WL_OPT_STRING, /* dest: const char ** (points into argv) */
};

struct wl_opt {
	const char *name; /* long name without "--"; NULL ends a table */
	int short_name; /* 0 = none */
	enum wl_opt_type type;
	void *dest;
	int *given; /* optional: set to 1 when the option appears */
	const char *metavar; /* "N", "D", "LIST", "FILE" */
	const char *help; /* one line */
	int64_t min, max; /* checked when max > min (INT, DURATION) */
};

/* A command line: tables are searched in order; NULL ends the list. */
#define WL_CLI_TABLES 4
struct wl_cli {
	const char *prog; /* "cyclic" */
	const char *synopsis; /* "[OPTIONS]" or "[OPTIONS] -- CMD [ARGS...]" */
	const char *about; /* one line under the usage line */
	const struct wl_opt *tables[WL_CLI_TABLES + 1];
	int stop_at_nonopt; /* stop at the first non-option (like env) */
};

/*
 * Parse @argv. Returns the index of the first non-option argument (>= 1),
 * or -EINVAL with a one-line message in @err that names the option and the
 * value, e.g. `--interval: "5xs" is not a duration` (the caller prints
 * "<prog>: <err>" and exits 2). Unless stop_at_nonopt, leftover arguments
 * are an error too.
 */
int wl_cli_parse(const struct wl_cli *cli, int argc, char **argv, char *err,
		 size_t errlen);

/* Usage, about, then every option with metavar, help and default. */
void wl_cli_help(const struct wl_cli *cli, FILE *f);

/* Parse "0-3,6,8-15:2" (ranges, comma lists, optional :stride). 0/-errno. */
int wl_cpulist_parse(const char *s, cpu_set_t *set);

/* The options every generator shares. */
struct wl_common {
	uint64_t duration_ns; /* --duration: the measured window */
	uint64_t warmup_ns; /* --warmup: run first, excluded from figures */
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
};

#define WL_COMMON_NOPTS 10
/* Longest --duration: one day (bounds the per-second interval arrays). */
#define WL_MAX_DURATION_NS (86400 * (int64_t)1000000000)

/* Set the shared defaults (duration @duration_ns, seed 1, the rest off). */
void wl_common_init(struct wl_common *c, uint64_t duration_ns);

/* Fill @tab (WL_COMMON_NOPTS + 1 entries, NULL-terminated) for @c. */
void wl_common_opts(struct wl_common *c, struct wl_opt *tab);

/* The slice request of --slice and --batch (nothing else set). */
struct wl_slice_req;
void wl_common_slice_req(const struct wl_common *c, struct wl_slice_req *req);

#endif
