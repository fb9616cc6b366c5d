// SPDX-License-Identifier: GPL-2.0
/* The command side of the options engine: a command's start (--help, operand count) and its usage errors, printed with exit code 2. */
#include <stdarg.h>
#include <stdio.h>

#include "common/exitcodes.h"
#include "common/opts.h"

int sb_cli_usage_error(const struct sb_cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cli->on_error == SB_CLI_ERR_USAGE)
		fprintf(stderr, "%s\n", cli->usage);
	else if (cli->on_error == SB_CLI_ERR_HELP)
		sb_cli_help(cli, stderr);
	return SB_EXIT_USAGE;
}

int sb_cli_parse_command(const struct sb_cli *cli, int argc, char **argv)
{
	void *help_set = NULL;
	const struct sb_field *help = sb_cli_find(cli, "help", &help_set);
	struct sb_cli counted = *cli; /* the operands counted here too */
	char err[1024];
	int n = 0, ret;

	counted.n_operands = &n;
	ret = sb_cli_parse(&counted, argc, argv, err, sizeof(err));
	if (cli->n_operands)
		*cli->n_operands = n;
	if (ret < 0)
		return sb_cli_usage_error(cli, "%s", err);
	if (help && help->type == SB_F_FLAG && *(int *)help_set) {
		sb_cli_help(cli, stdout);
		return SB_EXIT_OK;
	}
	if (n < cli->min_operands)
		return sb_cli_usage_error(cli, "%s",
					  cli->too_few ? cli->too_few :
							 "too few arguments");
	return SB_CLI_CONTINUE;
}
