/* SPDX-License-Identifier: GPL-2.0 */
/* Options as data: one table per command drives parsing, validation and --help. */
#ifndef SB_OPTS_H
#define SB_OPTS_H

#include <stddef.h>
#include <stdio.h>

enum sb_opt_type {
	SB_OPT_FLAG, /* int, set to 1 */
	SB_OPT_STR, /* const char *, points into argv */
	SB_OPT_U64, /* uint64_t, decimal */
};

struct sb_opt {
	const char *name; /* long name without "--" */
	enum sb_opt_type type;
	size_t off; /* offset of the field in the options struct */
	const char *arg; /* argument name in --help */
	const char *help;
};

/*
 * Parse @argv[1..] ("--name value", "--name=value", "--" ends options) into
 * @dst; other words are positionals, stored in @pos (at most @max_pos).
 * Returns the positional count, or -1 with @err set.
 */
int sb_opts_parse(const struct sb_opt *opts, size_t n_opts, void *dst, int argc,
		  char **argv, const char **pos, int max_pos, char *err,
		  size_t errlen);
/* --help: @usage, "options:", a line per option (names aligned), @after. */
void sb_opts_help(FILE *f, const char *usage, const struct sb_opt *opts,
		  size_t n_opts, const char *after);
/* One option line of a --help: "  --name ARG" padded to @width, then @help
 * (for the commands whose options are parsed some other way). */
void sb_opt_help_line(FILE *f, int width, const char *name, const char *arg,
		      const char *help);

#endif
