// SPDX-License-Identifier: GPL-2.0
/* `slicebench table`: a trace file into a perf-sched-style delay table. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt_read.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "analyzer/cmds.h"

#define MAX_FILTERS 64

struct table_args {
	struct sbt_request rq;
	struct sbt_text_opts text;
	const char *json;
	const char *comms[MAX_FILTERS];
	int pids[MAX_FILTERS];
	int help;
};

struct option_desc {
	const char *name;
	const char *arg; /* NULL: a flag */
	const char *help;
	/* Returns 0, or -EINVAL with "what is wrong" in @why. */
	int (*set)(struct table_args *a, const char *v, const char **why);
};

static int set_json(struct table_args *a, const char *v, const char **why)
{
	(void)why;
	a->json = v;
	return 0;
}

static int set_comm(struct table_args *a, const char *v, const char **why)
{
	if (a->rq.table.ncomms == MAX_FILTERS) {
		*why = "too many --comm filters";
		return -EINVAL;
	}
	a->comms[a->rq.table.ncomms++] = v;
	return 0;
}

static int set_pid(struct table_args *a, const char *v, const char **why)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || end == v || n <= 0 || n > 0x3fffffff) {
		*why = "is not a pid";
		return -EINVAL;
	}
	if (a->rq.core.npids == MAX_FILTERS) {
		*why = "too many --pid filters";
		return -EINVAL;
	}
	a->pids[a->rq.core.npids++] = (int)n;
	return 0;
}

static int set_since(struct table_args *a, const char *v, const char **why)
{
	*why = "is not a time in seconds (e.g. 1234.567890)";
	return sbt_parse_seconds(v, &a->rq.core.since_ns);
}

static int set_until(struct table_args *a, const char *v, const char **why)
{
	*why = "is not a time in seconds (e.g. 1234.567890)";
	return sbt_parse_seconds(v, &a->rq.core.until_ns);
}

static int set_sort(struct table_args *a, const char *v, const char **why)
{
	*why = "is not one of runtime, switches, avg, max, sum";
	return sbt_sort_parse(v, &a->rq.table.sort);
}

static int set_wait_from(struct table_args *a, const char *v, const char **why)
{
	*why = "is not waking or wakeup";
	if (!strcmp(v, "waking"))
		a->rq.core.wait_from = SBT_WAIT_WAKING;
	else if (!strcmp(v, "wakeup"))
		a->rq.core.wait_from = SBT_WAIT_WAKEUP;
	else
		return -EINVAL;
	return 0;
}

static int set_group(struct table_args *a, const char *v, const char **why)
{
	(void)v, (void)why;
	a->text.grouped = 1;
	return 0;
}

static int set_no_group(struct table_args *a, const char *v, const char **why)
{
	(void)v, (void)why;
	a->text.grouped = 0;
	return 0;
}

static int set_percentiles(struct table_args *a, const char *v,
			   const char **why)
{
	(void)v, (void)why;
	a->text.percentiles = 1;
	return 0;
}

static int set_help(struct table_args *a, const char *v, const char **why)
{
	(void)v, (void)why;
	a->help = 1;
	return 0;
}

static const struct option_desc options[] = {
	{ "json", "OUT", "also write the JSON table to OUT ('-': stdout only)",
	  set_json },
	{ "comm", "C", "only tasks whose (last) comm is C; repeatable",
	  set_comm },
	{ "pid", "P", "only task P; repeatable", set_pid },
	{ "since", "T", "window start, trace seconds (trace-cmd report's)",
	  set_since },
	{ "until", "T", "window end, trace seconds", set_until },
	{ "sort", "KEY", "runtime|switches|avg|max|sum (default avg, as perf)",
	  set_sort },
	{ "wait-from", "W",
	  "waking|wakeup: where a wait after a wakeup starts (default:"
	  " waking when the trace has sched_waking, as perf)",
	  set_wait_from },
	{ "group", NULL, "one row per comm, name:(N) (default)", set_group },
	{ "no-group", NULL, "one row per task, comm:pid", set_no_group },
	{ "percentiles", NULL, "add delay p50/p90/p99/p99.9 columns",
	  set_percentiles },
	{ "help", NULL, "this help", set_help },
};

#define NOPTS (sizeof(options) / sizeof(options[0]))

static void usage(FILE *f)
{
	fprintf(f,
		"usage: slicebench table FILE [options]\n"
		"FILE: trace.dat (trace-cmd) or perf.data (perf record; not"
		" pipe-mode,\nnot -z compressed).\nA delay is a runnable->running wait, from"
		" a wakeup or a preemption until the\ntask is switched in;"
		" it is counted when the switch-in falls in the window.\n\n");
	for (size_t i = 0; i < NOPTS; i++)
		sb_opt_help_line(f, 16, options[i].name, options[i].arg,
				 options[i].help);
	fprintf(f, "\nexit: 0 ok, 2 bad usage or unreadable/corrupt/unsupported"
		   " trace, 3 environment\n");
}

static int parse_args(int argc, char **argv, struct table_args *a)
{
	struct option lopts[NOPTS + 1];
	int c;

	memset(lopts, 0, sizeof(lopts));
	for (size_t i = 0; i < NOPTS; i++)
		lopts[i] = (struct option){ options[i].name,
					    options[i].arg ? required_argument :
							     no_argument,
					    NULL, (int)i + 256 };
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", lopts, NULL)) != -1) {
		const char *why = "";

		if (c == 'h') {
			a->help = 1;
			continue;
		}
		if (c < 256) {
			fprintf(stderr, "slicebench table: %s: %s\n",
				argv[optind - 1],
				c == ':' ? "needs a value" : "unknown option");
			return SB_EXIT_USAGE;
		}
		if (options[c - 256].set(a, optarg, &why)) {
			fprintf(stderr, "slicebench table: --%s: \"%s\" %s\n",
				options[c - 256].name, optarg ? optarg : "",
				why);
			return SB_EXIT_USAGE;
		}
	}
	if (a->help)
		return SB_EXIT_OK;
	if (optind != argc - 1) {
		fprintf(stderr, "slicebench table: expected one trace FILE\n");
		usage(stderr);
		return SB_EXIT_USAGE;
	}
	a->rq.path = argv[optind];
	if (a->rq.core.until_ns && a->rq.core.until_ns < a->rq.core.since_ns) {
		fprintf(stderr,
			"slicebench table: --until is before --since\n");
		return SB_EXIT_USAGE;
	}
	return SB_EXIT_OK;
}

static int write_json(const struct table_args *a, const struct sbt_table *t,
		      const struct sbt_source *src, int argc, char **argv)
{
	json_t *doc = sb_envelope_new("slicebench-table", argc, argv);
	int rc = SB_EXIT_OK;

	if (!doc || sbt_format_json(doc, t, src)) {
		fprintf(stderr, "slicebench table: out of memory\n");
		json_decref(doc);
		return SB_EXIT_ENV;
	}
	sb_envelope_finish(doc, "ok");
	if (!strcmp(a->json, "-")) {
		if (json_dumpf(doc, stdout,
			       JSON_INDENT(2) | JSON_PRESERVE_ORDER) ||
		    fputc('\n', stdout) == EOF)
			rc = SB_EXIT_ENV;
	} else {
		int r = sb_json_dump_atomic(a->json, doc);

		if (r) {
			fprintf(stderr, "slicebench table: %s: %s\n", a->json,
				strerror(-r));
			rc = SB_EXIT_USAGE;
		}
	}
	json_decref(doc);
	return rc;
}

int cmd_table(int argc, char **argv)
{
	struct table_args a = { .text.grouped = 1 };
	struct sbt_table t;
	struct sbt_source src;
	char err[512], **args = calloc((size_t)argc + 1, sizeof(*args));
	int rc;

	if (!args)
		return SB_EXIT_ENV;
	/* getopt permutes its argv: keep the command line for the envelope */
	memcpy(args, argv, (size_t)argc * sizeof(*args));
	a.rq.table.sort = SBT_SORT_AVG;
	a.rq.table.comms = a.comms;
	a.rq.core.pids = a.pids;
	rc = parse_args(argc, args, &a);
	free(args);
	if (rc || a.help) {
		if (a.help)
			usage(stdout);
		return rc;
	}
	rc = sbt_analyze(&a.rq, &t, &src, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "slicebench table: %s\n", err);
		return rc;
	}
	if ((!a.json || strcmp(a.json, "-")) &&
	    sbt_format_text(stdout, &t, &src, &a.text))
		rc = SB_EXIT_ENV;
	if (!rc && a.json)
		rc = write_json(&a, &t, &src, argc, argv);
	sbt_table_free(&t);
	return rc;
}
