/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options as data: one table of struct sb_opt per command drives parsing,
 * value validation (types, ranges, choices) and --help. sb_cli_parse() never
 * prints or exits: it returns -EINVAL and a one-line message that names the
 * option and the value.
 *
 * A command fills its option variables with their defaults, builds its table
 * (pointers to those variables), and calls sb_cli_parse_command(), which
 * also answers --help, checks the operand count and reports bad usage in
 * the one format ("PROG: why" on stderr); --help prints the defaults from
 * the variables themselves.
 */
#ifndef SB_OPTS_H
#define SB_OPTS_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum sb_opt_type {
	SB_OPT_FLAG, /* no value; dest: int *, set to 1 */
	SB_OPT_INT, /* decimal integer; dest: int64_t *, range [min, max] */
	SB_OPT_U64, /* decimal, no sign; dest: uint64_t *, [min, max] */
	SB_OPT_DURATION, /* "500us", "2s", ns; dest: uint64_t *, [min, max] */
	SB_OPT_CPULIST, /* "0-3,6" (common/cpulist.h); dest: cpu_set_t * */
	SB_OPT_ENUM, /* one of choices[]; dest: int *, the index */
	SB_OPT_STRING, /* dest: const char ** (points into argv) */
	SB_OPT_CALL, /* parse(dest, value, &why): values a type cannot say */
};

struct sb_opt {
	const char *name; /* long name without "--"; NULL ends a table */
	int short_name; /* 0 = none */
	enum sb_opt_type type;
	void *dest;
	int *given; /* optional: set to 1 when the option appears */
	const char *metavar; /* "N", "D", "LIST", "FILE" */
	const char *help; /* one line */
	int64_t min, max; /* checked when max > min (INT, U64, DURATION) */
	const char *const *choices; /* ENUM: NULL-terminated */
	/* CALL: 0, or -errno with what is wrong with the value in *why. */
	int (*parse)(void *dest, const char *value, const char **why);
};

/* A table row of the common fields (ENUM and CALL rows name theirs). */
#define SB_OPTION(l, s, t, d, g, m, h, lo, hi)                            \
	{                                                                 \
		.name = (l), .short_name = (s), .type = (t), .dest = (d), \
		.given = (g), .metavar = (m), .help = (h), .min = (lo),   \
		.max = (hi)                                               \
	}

#define SB_CLI_TABLES 4

/* What sb_cli_usage_error() prints on stderr after its "PROG: why" line. */
enum sb_cli_on_error {
	SB_CLI_ERR_LINE, /* nothing more */
	SB_CLI_ERR_USAGE, /* the usage text */
	SB_CLI_ERR_HELP, /* the whole --help */
};

/* A command line: tables are searched in order; NULL ends the list. */
struct sb_cli {
	const char *usage; /* "usage: slicebench gate BASE CAND [options]\n..." */
	const char *epilogue; /* printed after the options (NULL: none) */
	void (*help_tail)(FILE *f); /* after the epilogue: run-time text */
	const struct sb_opt *tables[SB_CLI_TABLES + 1];
	int stop_at_nonopt; /* stop at the first operand (like env) */
	/*
	 * Operands met among the options go here (at most max_operands). With
	 * stop_at_nonopt they are not copied: the operands are the last
	 * *n_operands words of argv.
	 */
	const char **operands;
	int max_operands;
	int *n_operands;
	/* For sb_cli_parse_command(): */
	const char *prog; /* the error line's prefix: "slicebench gate" */
	enum sb_cli_on_error on_error;
	int min_operands;
	const char *too_few; /* the error below min_operands: "needs BASE" */
};

/*
 * Parse @argv: "--name value", "--name=value", "-n value", "-nvalue",
 * clustered short flags ("-qb"); "--" ends the options. Returns the index
 * where parsing stopped: @argc, or with stop_at_nonopt the first operand.
 * On bad input returns -EINVAL with a one-line message in @err naming the
 * option and the value, e.g. `--interval: "5xs" is not a duration`.
 */
int sb_cli_parse(const struct sb_cli *cli, int argc, char **argv, char *err,
		 size_t errlen);

/* The row of long option @name, or NULL. */
const struct sb_opt *sb_cli_find(const struct sb_cli *cli, const char *name);

/*
 * The usage, every option with metavar, help and default (unless the help
 * says "(default ..." itself), then the epilogue, help_tail and the global
 * options.
 */
void sb_cli_help(const struct sb_cli *cli, FILE *f);

/*
 * What every command's --help ends with: the options the front end takes
 * before or after any command (-q, --version). For the front end only.
 */
void sb_cli_set_global_help(const char *text);

/* The command side (common/cmd_opts.c): they print and give exit codes. */

/* sb_cli_parse_command(): the command goes on with its work. */
#define SB_CLI_CONTINUE (-1)

/*
 * A command's start: sb_cli_parse(), then the FLAG option named "help"
 * prints sb_cli_help() on stdout, then at least min_operands operands.
 * Returns SB_CLI_CONTINUE, SB_EXIT_OK after the help, or SB_EXIT_USAGE
 * after sb_cli_usage_error() said what is wrong (a bad option or value
 * first, then too_few). For commands only: it prints. In a command:
 *
 *	if ((rc = sb_cli_parse_command(&cli, argc, argv)) != SB_CLI_CONTINUE)
 *		return rc;
 */
int sb_cli_parse_command(const struct sb_cli *cli, int argc, char **argv);

/*
 * "@cli->prog: <why>" on stderr, then what @cli->on_error says; returns
 * SB_EXIT_USAGE. For the usage errors a command finds after parsing.
 */
int sb_cli_usage_error(const struct sb_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
