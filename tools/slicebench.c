// SPDX-License-Identifier: GPL-2.0
/* slicebench front end: owns the table of subcommands and the global options; each part declares its own commands in <part>/cmds.h. */
#include <stdio.h>
#include <string.h>

#include "analyzer/cmds.h"
#include "ci/cmds.h"
#include "common/byname.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/opts.h"
#include "harness/cmds.h"
#include "merge/cmds.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
};

static const struct command commands[] = {
	{ "run", cmd_run, "run a scenario on a kernel (the matrix runner)" },
	{ "plan", cmd_plan, "print the matrix as run units for any engine" },
	{ "merge", cmd_merge, "combine per-host results into one run" },
	{ "table", cmd_table, "build the delay table of a trace" },
	{ "compare", cmd_compare, "feature sets and kernels side by side" },
	{ "gate", cmd_gate, "baseline vs candidate; exit 1 on a regression" },
	{ "check", cmd_check,
	  "run base and candidate in turn until the gate decides" },
	{ "bisect", cmd_bisect, "the first patch of a series that regresses" },
	{ "report", cmd_report,
	  "a run's tables, verdicts in words, and report.html" },
	{ "kernel", cmd_kernel, "list, fetch or build kernels under test" },
};

static const char global_options[] =
	"global options (before or after the command):\n"
	"  -q, --quiet  only warnings and errors: no progress lines\n"
	"  --version    print the version and exit\n";

static void usage(FILE *f)
{
	fprintf(f, "usage: slicebench [global options] <command> [options]\n\n"
		   "commands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(f,
		"\n%s  -h, --help   this help\n"
		"\n'slicebench <command> --help' describes each one.\n"
		"Every output option takes a FILE; - is standard output.\n"
		"exit codes: 0 ok, 1 regression found, 2 bad usage or input,\n"
		"3 cannot decide (too few runs, inconclusive), 4 could not measure\n"
		"(VM or workload failed, dependency missing, cannot write results)\n",
		global_options);
}

/* --quiet: the logger keeps the warnings and drops progress and notes. */
static void quiet_sink(enum sb_log_level level, const char *line, void *ctx)
{
	(void)ctx;
	if (level == SB_LOG_WARN)
		fprintf(stderr, "%s\n", line);
}

/*
 * Take the global options out of argv[1..] wherever they stand before a
 * "--" (the command never sees them); *@version when --version was there.
 * Returns the new argc.
 */
static int take_globals(int argc, char **argv, int *version)
{
	int n = 1, i = 1;

	for (; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet"))
			sb_log_set(quiet_sink, NULL);
		else if (!strcmp(argv[i], "--version"))
			*version = 1;
		else
			argv[n++] = argv[i];
	}
	while (i < argc)
		argv[n++] = argv[i++];
	argv[n] = NULL;
	return n;
}

int main(int argc, char **argv)
{
	int version = 0;
	long cmd;

	argc = take_globals(argc, argv, &version);
	if (version) {
		printf("slicebench %s\n", SB_VERSION);
		return SB_EXIT_OK;
	}
	if (argc < 2) {
		usage(stderr);
		return SB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return SB_EXIT_OK;
	}
	sb_cli_set_global_help(global_options);
	cmd = sb_index_named(commands, sizeof(commands) / sizeof(commands[0]),
			     name, argv[1]);
	if (cmd >= 0)
		return commands[cmd].run(argc - 1, argv + 1);
	fprintf(stderr, "slicebench: %s \"%s\"\n",
		argv[1][0] == '-' ? "unknown option" : "unknown command",
		argv[1]);
	usage(stderr);
	return SB_EXIT_USAGE;
}
