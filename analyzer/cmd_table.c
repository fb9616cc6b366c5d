// SPDX-License-Identifier: GPL-2.0
/* `slicebench table`: a trace file into a perf-sched-style delay table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt_read.h"
#include "analyzer/table_input.h"
#include "analyzer/table_run.h"
#include "common/outcheck.h"
#include "common/outfile.h"
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
	int roots[TABLE_MAX_WORKLOAD_PIDS]; /* a run's started workloads */
	int window_given; /* --since or --until */
	int whole_trace;
	int group, no_group;
	int help;
};

static int set_comm(void *dest, const char *v, const char **why)
{
	struct table_args *a = dest;

	if (a->rq.table.ncomms == MAX_FILTERS) {
		*why = "is one --comm filter too many";
		return -EINVAL;
	}
	a->comms[a->rq.table.ncomms++] = v;
	return 0;
}

static int set_pid(void *dest, const char *v, const char **why)
{
	struct table_args *a = dest;
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || end == v || n <= 0 || n > 0x3fffffff) {
		*why = "is not a pid";
		return -EINVAL;
	}
	if (a->rq.core.npids == MAX_FILTERS) {
		*why = "is one --pid filter too many";
		return -EINVAL;
	}
	a->pids[a->rq.core.npids++] = (int)n;
	return 0;
}

static int set_seconds(void *dest, const char *v, const char **why)
{
	*why = "is not a time in seconds (e.g. 1234.567890)";
	return sbt_parse_seconds(v, dest);
}

/* --wait-from's words by enum sbt_wait_from. */
static const char *const wait_from_names[] = {
	[SBT_WAIT_AUTO] = "auto",
	[SBT_WAIT_WAKING] = "waking",
	[SBT_WAIT_WAKEUP] = "wakeup",
	[SBT_WAIT_WAKEUP + 1] = NULL,
};

static const char usage[] =
	"usage: slicebench table FILE [options]\n"
	"FILE: trace.dat (trace-cmd) or perf.data (perf record; not pipe-mode,"
	"\nnot -z compressed).\nA delay is a runnable->running wait, from a "
	"wakeup or a preemption until the\ntask is switched in; it is counted "
	"when the switch-in falls in the window.";

static const struct sb_field table_rows[] = {
	{ .key = "json",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct table_args, json),
	  .metavar = "FILE",
	  .doc = "also write the JSON table to FILE (-: standard output, alone)" },
	{ .key = "comm",
	  .type = SB_F_CALL,
	  .offset = 0, /* the whole struct table_args */
	  .parse_arg = set_comm,
	  .metavar = "C",
	  .doc = "only tasks whose (last) comm is C; repeatable" },
	{ .key = "pid",
	  .type = SB_F_CALL,
	  .offset = 0, /* the whole struct table_args */
	  .parse_arg = set_pid,
	  .metavar = "P",
	  .doc = "only task P; repeatable" },
	{ .key = "since",
	  .type = SB_F_CALL,
	  .offset = offsetof(struct table_args, rq.core.since_ns),
	  .given = SB_GIVEN(struct table_args, window_given),
	  .parse_arg = set_seconds,
	  .metavar = "T",
	  .doc = "window start, trace seconds (trace-cmd report's)" },
	{ .key = "until",
	  .type = SB_F_CALL,
	  .offset = offsetof(struct table_args, rq.core.until_ns),
	  .given = SB_GIVEN(struct table_args, window_given),
	  .parse_arg = set_seconds,
	  .metavar = "T",
	  .doc = "window end, trace seconds" },
	{ .key = "sort",
	  .type = SB_F_ENUM,
	  .offset = offsetof(struct table_args, rq.table.sort),
	  .choices = sbt_sort_names,
	  .metavar = "KEY",
	  .doc = "avg|max|switches|runtime|sum (default avg, as perf)" },
	{ .key = "wait-from",
	  .type = SB_F_ENUM,
	  .offset = offsetof(struct table_args, rq.core.wait_from),
	  .choices = wait_from_names,
	  .metavar = "W",
	  .doc = "auto|waking|wakeup: where a wait after a wakeup starts "
		 "(default auto: waking when the trace has sched_waking, as "
		 "perf)" },
	{ .key = "group",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct table_args, group),
	  .doc = "one row per comm, name:(N) (default)" },
	{ .key = "no-group",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct table_args, no_group),
	  .doc = "one row per task, comm:pid" },
	{ .key = "whole-trace",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct table_args, whole_trace),
	  .doc = "the whole trace, every task by name, though it sits "
		 "in a run directory (default there: the run's window "
		 "and workloads, as its table.txt)" },
	{ .key = "percentiles",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct table_args, text.percentiles),
	  .doc = "add delay p50/p90/p99/p99.9 columns" },
	SB_F_HELP_ROW(struct table_args, help),
	{ 0 },
};

/* The options into @a; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse_args(int argc, char **argv, struct table_args *a)
{
	const char *file = NULL;
	const struct sb_cli cli = {
		.usage = usage,
		.epilogue =
			"exit: 0 ok, 2 bad usage, an unreadable/corrupt/"
			"unsupported trace or a bad output, 4 libtracecmd\n"
			"missing or writing the output failed\n" SB_OUT_HELP,
		.tables = { { table_rows, a } },
		.operands = &file,
		.max_operands = 1,
		.prog = "slicebench table",
		.min_operands = 1,
		.too_few = "expected one trace FILE",
	};
	int rc = sb_cli_parse_command(&cli, argc, argv);

	if (rc != SB_CLI_CONTINUE)
		return rc;
	a->text.grouped = !a->no_group || a->group;
	a->rq.path = file;
	if (a->rq.core.until_ns && a->rq.core.until_ns < a->rq.core.since_ns) {
		fprintf(stderr,
			"slicebench table: --until is before --since\n");
		return SB_EXIT_USAGE;
	}
	return SB_CLI_CONTINUE;
}

struct table_doc {
	const struct sbt_table *t;
	const struct sbt_source *src;
};

static int fill_json(json_t *env, const void *ctx)
{
	const struct table_doc *d = ctx;

	return sbt_format_json(env, d->t, d->src) ? -ENOMEM : 0;
}

static int write_json(const struct table_args *a, const struct sbt_table *t,
		      const struct sbt_source *src, int argc, char **argv)
{
	const struct table_doc d = { t, src };
	struct sb_error e;
	int r;

	fflush(stdout); /* the table before any error about the JSON */
	r = sb_out_envelope(a->json, "--json", "slicebench-table", argc, argv,
			    fill_json, &d, &e);
	return r ? sb_error_report("slicebench table", r, &e) : SB_EXIT_OK;
}

int cmd_table(int argc, char **argv)
{
	struct table_args a = { 0 };
	struct sbt_table t;
	struct sbt_source src;
	struct sb_error e;
	int rc;

	a.rq.table.sort = SBT_SORT_AVG;
	a.rq.table.comms = a.comms;
	a.rq.core.pids = a.pids;
	rc = parse_args(argc, argv, &a);
	if (rc != SB_CLI_CONTINUE)
		return rc;
	if ((rc = table_check_input(a.rq.path)) ||
	    (!a.window_given && !a.whole_trace &&
	     (rc = table_run_default_scope(a.rq.path, &a.rq.core, a.roots))))
		return rc;
	const struct sb_path_use out = { "--json", a.json },
				 in = { "FILE", a.rq.path };

	if ((rc = sb_out_check_all(&out, 1, &in, 1, &e)))
		return sb_error_report("slicebench table", rc, &e);
	rc = sbt_analyze(&a.rq, &t, &src, &e);
	if (rc)
		return sb_error_report("slicebench table", rc, &e);
	if ((rc = table_check_window(a.rq.path, &a.rq.core, &t))) {
		sbt_table_free(&t);
		return rc;
	}
	if (!sb_out_is_stdout(a.json) &&
	    sbt_format_text(stdout, &t, &src, &a.text))
		rc = SB_EXIT_UNMEASURED;
	if (!rc && a.json)
		rc = write_json(&a, &t, &src, argc, argv);
	sbt_table_free(&t);
	return rc;
}
