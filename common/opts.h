/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options as data: file-scope tables of struct sb_field (common/field.h,
 * the rows config files are read by too) drive parsing, value validation
 * (types, ranges, choices) and --help. sb_cli_parse() never
 * prints or exits: it returns -EINVAL and a one-line message that names the
 * option and the value.
 *
 * A command fills its options struct with the defaults, hands its tables
 * with the struct's address to sb_cli_parse_command(), which also answers
 * --help, checks the operand count and reports bad usage in the one format
 * ("PROG: why" on stderr); --help prints the defaults from the struct.
 */
#ifndef SB_OPTS_H
#define SB_OPTS_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/field.h"

/*
 * A table of a command line: rows (struct sb_field, common/field.h) ending
 * with a row whose key is NULL, and the struct their offsets are into.
 */
struct sb_cli_table {
	const struct sb_field *rows;
	void *base;
};

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
	struct sb_cli_table tables[SB_CLI_TABLES + 1];
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

/* The row of long option @name, or NULL; its value's place in *@place. */
const struct sb_field *sb_cli_find(const struct sb_cli *cli, const char *name,
				   void **place);

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
 * A command's start: sb_cli_parse(), then the SB_F_FLAG option named "help"
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
