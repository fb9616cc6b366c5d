// SPDX-License-Identifier: GPL-2.0
/* `slicebench table`: a trace file into a perf-sched-style delay table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt_read.h"
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

static int set_sort(void *dest, const char *v, const char **why)
{
	*why = "is not one of runtime, switches, avg, max, sum";
	return sbt_sort_parse(v, dest);
}

static int set_wait_from(void *dest, const char *v, const char **why)
{
	enum sbt_wait_from *from = dest;

	*why = "is not waking or wakeup";
	if (!strcmp(v, "waking"))
		*from = SBT_WAIT_WAKING;
	else if (!strcmp(v, "wakeup"))
		*from = SBT_WAIT_WAKEUP;
	else
		return -EINVAL;
	return 0;
}

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
	  .type = SB_F_CALL,
	  .offset = offsetof(struct table_args, rq.table.sort),
	  .parse_arg = set_sort,
	  .metavar = "KEY",
	  .doc = "runtime|switches|avg|max|sum (default avg, as "
		 "perf)" },
	{ .key = "wait-from",
	  .type = SB_F_CALL,
	  .offset = offsetof(struct table_args, rq.core.wait_from),
	  .parse_arg = set_wait_from,
	  .metavar = "W",
	  .doc = "waking|wakeup: where a wait after a wakeup starts "
		 "(default: waking when the trace has sched_waking, "
		 "as perf)" },
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

/*
 * The trace must be a regular file (read at offsets of its own headers): a
 * directory or a FIFO would fail later with words about the format. 0, or
 * SB_EXIT_USAGE said with what to give instead.
 */
static int check_input(const char *path)
{
	static const char *const in_dir[] = { "trace.dat", "perf.data" };
	char inner[4200];
	struct stat st;

	if (stat(path, &st) || S_ISREG(st.st_mode))
		return 0; /* the reader says why it cannot open it */
	if (S_ISDIR(st.st_mode)) {
		for (size_t i = 0; i < 2; i++) {
			snprintf(inner, sizeof(inner), "%s/%s", path,
				 in_dir[i]);
			if (!access(inner, F_OK)) {
				fprintf(stderr,
					"slicebench table: %s: is a directory: "
					"give its trace, %s\n",
					path, inner);
				return SB_EXIT_USAGE;
			}
		}
		fprintf(stderr,
			"slicebench table: %s: is a directory: give a "
			"trace.dat or perf.data file\n",
			path);
		return SB_EXIT_USAGE;
	}
	fprintf(stderr,
		"slicebench table: %s: is a %s, not a file: traces are read at "
		"their own offsets; save it to a file first\n",
		path,
		S_ISFIFO(st.st_mode) ? "FIFO" :
		S_ISSOCK(st.st_mode) ? "socket" :
				       "device");
	return SB_EXIT_USAGE;
}

/*
 * A trace in a run directory (window.json beside it) gets the run's own
 * window and workloads, as the run's table.txt has them, unless a window
 * or --whole-trace is given. 0, or SB_EXIT_USAGE said.
 */
static int run_scope(struct table_args *a)
{
	const char *slash = strrchr(a->rq.path, '/');
	char dir[4096], win[4200];
	struct sb_error e;

	if (a->window_given || a->whole_trace)
		return 0;
	snprintf(dir, sizeof(dir), "%.*s",
		 slash ? (int)(slash - a->rq.path) : 1,
		 slash ? a->rq.path : ".");
	snprintf(win, sizeof(win), "%s/window.json", dir);
	if (access(win, F_OK))
		return 0;
	if (table_run_scope(dir, &a->rq.core, a->roots, TABLE_MAX_WORKLOAD_PIDS,
			    &e))
		return sb_error_report("slicebench table", -EINVAL, &e);
	fprintf(stderr,
		"slicebench table: the run's window and workloads (%s, "
		"agent.json), as its table.txt; --whole-trace for all of the "
		"trace\n",
		win);
	return 0;
}

/* --since/--until wholly outside the trace: an empty table would look like
 * a quiet system. 0, or SB_EXIT_USAGE said with the trace's window. */
static int check_window(const struct table_args *a, const struct sbt_table *t)
{
	const struct sbt_opts *w = &a->rq.core;
	const struct sbt_summary *m = &t->sum;

	if (!m->events || (w->since_ns <= m->last_ts_ns &&
			   (!w->until_ns || w->until_ns >= m->first_ts_ns)))
		return 0;
	fprintf(stderr,
		"slicebench table: %s: %s %.6f s is outside the trace's "
		"window %.6f .. %.6f s (its first and last events): choose "
		"times within it\n",
		a->rq.path, w->since_ns > m->last_ts_ns ? "--since" : "--until",
		(w->since_ns > m->last_ts_ns ? w->since_ns : w->until_ns) / 1e9,
		m->first_ts_ns / 1e9, m->last_ts_ns / 1e9);
	return SB_EXIT_USAGE;
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
	if ((rc = check_input(a.rq.path)) || (rc = run_scope(&a)))
		return rc;
	const struct sb_path_use out = { "--json", a.json },
				 in = { "FILE", a.rq.path };

	if ((rc = sb_out_check_all(&out, 1, &in, 1, &e)))
		return sb_error_report("slicebench table", rc, &e);
	rc = sbt_analyze(&a.rq, &t, &src, &e);
	if (rc)
		return sb_error_report("slicebench table", rc, &e);
	if ((rc = check_window(&a, &t))) {
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
