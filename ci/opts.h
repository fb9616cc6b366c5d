/* SPDX-License-Identifier: GPL-2.0 */
/* Options as data for compare and gate: one table drives parsing, validation and --help. */
#ifndef CI_OPTS_H
#define CI_OPTS_H

#include <stddef.h>
#include <stdio.h>

enum ci_opt_type {
	CI_OPT_FLAG, /* int, set to 1 */
	CI_OPT_STR, /* const char *, points into argv */
	CI_OPT_U64, /* uint64_t, decimal */
};

struct ci_opt {
	const char *name; /* long name without "--" */
	enum ci_opt_type type;
	size_t off; /* offset of the field in the options struct */
	const char *arg; /* argument name in --help */
	const char *help;
};

/*
 * Parse @argv[1..] ("--name value", "--name=value", "--" ends options) into
 * @dst; other words are positionals, stored in @pos (at most @max_pos).
 * Returns the positional count, or -1 with @err set.
 */
int ci_opts_parse(const struct ci_opt *opts, size_t n_opts, void *dst, int argc,
		  char **argv, const char **pos, int max_pos, char *err,
		  size_t errlen);
void ci_opts_help(FILE *f, const char *usage, const struct ci_opt *opts,
		  size_t n_opts, const char *after);

#endif
