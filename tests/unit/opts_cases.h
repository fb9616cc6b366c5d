/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: command lines from word lists, tables of bad option vectors with their exact errors, the help text. */
#ifndef SB_OPTS_CASES_H
#define SB_OPTS_CASES_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include "common/opts.h"
#include "tests/unit/capture.h"

#define OPTS_MAX_WORDS 31

/* @argv: "t" then the NULL-terminated words of @ap. Returns argc. */
static inline int opts_argv(char **argv, va_list ap)
{
	int argc = 1;

	argv[0] = "t";
	while ((argv[argc] = va_arg(ap, char *)))
		assert_true(++argc < OPTS_MAX_WORDS);
	return argc;
}

/* sb_cli_parse() of the NULL-terminated words in @ap (after "t"). */
static inline int opts_vparse(const struct sb_cli *cli, char *err,
			      size_t errlen, va_list ap)
{
	char *argv[OPTS_MAX_WORDS + 1];
	int argc = opts_argv(argv, ap);

	err[0] = '\0';
	return sb_cli_parse(cli, argc, argv, err, errlen);
}

/* sb_cli_parse() of "t" and the NULL-terminated words after @errlen. */
static inline int opts_parse(const struct sb_cli *cli, char *err, size_t errlen,
			     ...)
{
	va_list ap;
	int r;

	va_start(ap, errlen);
	r = opts_vparse(cli, err, errlen, ap);
	va_end(ap);
	return r;
}

static inline void opts_print_help(FILE *f, const void *cli)
{
	sb_cli_help(cli, f);
}

/* The --help text of @cli, as a malloc'd string. */
static inline char *opts_help(const struct sb_cli *cli)
{
	return capture(opts_print_help, cli);
}

/* One bad command line: up to two words, and the whole error it gives. */
struct opts_bad_case {
	const char *args[3];
	const char *msg;
};

/*
 * Each of the @n @cases, parsed on @cli, fails with -EINVAL and its
 * message (an error depends on the words alone, not on what @cli's
 * earlier parses set).
 */
static inline void opts_check_bad_cases(const struct opts_bad_case *cases,
					size_t n, const struct sb_cli *cli)
{
	char err[256];

	for (size_t i = 0; i < n; i++) {
		char *argv[] = { "t", (char *)cases[i].args[0],
				 (char *)cases[i].args[1], NULL };
		int argc = 1;

		while (argc < 3 && argv[argc])
			argc++;
		err[0] = '\0';
		assert_int_equal(sb_cli_parse(cli, argc, argv, err,
					      sizeof(err)),
				 -EINVAL);
		assert_string_equal(err, cases[i].msg);
	}
}

#endif
