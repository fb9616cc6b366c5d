// SPDX-License-Identifier: GPL-2.0
/* slicebench compare: feature sets and kernels side by side, with summaries over repeats, the gate's verdicts in words, and plots. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "ci/compare_end.h"
#include "ci/compare_out.h"
#include "ci/compare_sides.h"
#include "ci/plots.h"
#include "ci/spec.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/outfile.h"
#include "ci/cmds.h"

struct compare_opts {
	int help, plots, all_tasks;
	const char *json, *markdown, *csv, *out, *groups, *rules;
};

static const char usage[] =
	"usage: slicebench compare DIR[:kernel[/feature-set]] [DIR...] [options]\n"
	"One DIR: its feature sets side by side per kernel; several: kernels side by side.\n"
	"A DIR may also be a run's DIR/KERNEL or DIR/KERNEL/FEATURE-SET.";
static const char after[] =
	"Prints each repeat's grouped delay table (kernel threads and the\n"
	"harness's tasks folded into other:(N) unless --all-tasks), per task group\n"
	"and metric the medians over repeats, min-max, CoV and the change of the\n"
	"medians; then, as a run ends, the summary against the first column with\n"
	"the gate's estimate (the ratio of the runs' geometric means), interval and\n"
	"verdict under the rules, and the words. Each output FILE may be - (standard\n"
	"output: that output alone there, the text on stderr).\n"
	"exit: 0 ok, 2 bad usage or input (a RUN_DIR not there, a hand-edited\n"
	"run file, runs of two scenarios in one DIR, a bad output), 4 no complete\n"
	"runs, no gnuplot or writing an output failed\n" SB_OUT_HELP;

/* Every output asked for; the text on @say. An exit code. */
static int outputs(const struct compare_opts *o, const struct ci_compare *c,
		   const char *end, FILE *say, int argc, char **argv)
{
	struct sb_error e;
	int r = 0;

	ci_compare_print_runs(say, c, 0);
	ci_compare_print_summary(say, c, 0);
	fputs(end, say);
	fflush(say); /* the text before any error about an output */
	if (o->markdown)
		r = ci_compare_write_markdown(o->markdown, c, end, &e);
	if (!r && o->json)
		r = ci_compare_write_json(o->json, c, argc, argv, &e);
	if (!r && o->csv)
		r = ci_compare_write_csv(o->csv, c, &e);
	return r ? sb_error_report("slicebench compare", r, &e) : SB_EXIT_OK;
}

static int run_compare(const struct compare_opts *o, struct ci_results *res,
		       size_t n, int argc, char **argv)
{
	struct ci_columns cols;
	struct ci_row *rows = NULL;
	long nrows = -1;
	size_t shown;
	char *end = NULL;
	/* an output on standard output has it alone: the text goes to stderr */
	FILE *say = sb_out_is_stdout(o->json) ||
				    sb_out_is_stdout(o->markdown) ||
				    sb_out_is_stdout(o->csv) ?
			    stderr :
			    stdout;
	int code = SB_EXIT_UNMEASURED;

	if (!ci_columns_build(res, n, &cols))
		nrows = ci_rows_build(&cols, &rows);
	if (nrows < 0) {
		fprintf(stderr, "slicebench compare: out of memory\n");
		goto out;
	}
	if ((code = ci_compare_check_groups(o->groups, rows, (size_t)nrows)))
		goto out;
	shown = o->all_tasks ? (size_t)nrows :
			       ci_rows_drop_other(rows, (size_t)nrows);
	struct ci_compare c = { &cols, rows,
				ci_rows_filter(rows, shown, o->groups),
				o->groups, o->all_tasks };

	if ((code = ci_compare_end_text(res[0].dir, o->rules, &cols, n, &end)))
		goto out;
	code = outputs(o, &c, end, say, argc, argv);
	if (!code && o->plots) {
		struct sb_error e;
		int r = ci_plots_write(o->out ? o->out : res[0].dir, &c, NULL,
				       &e);

		if (r)
			code = sb_error_report("slicebench compare", r, &e);
	}
out:
	free(end);
	free(rows);
	ci_columns_free(&cols);
	return code;
}

static const struct sb_field compare_rows[] = {
	{ .key = "markdown",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, markdown),
	  .metavar = "FILE",
	  .doc = "write the tables and the end as Markdown" },
	{ .key = "json",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, json),
	  .metavar = "FILE",
	  .doc = "write the medians as JSON" },
	{ .key = "csv",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, csv),
	  .metavar = "FILE",
	  .doc = "write the summary as CSV (RFC 4180), a row per group, "
		 "metric and column" },
	{ .key = "plots",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct compare_opts, plots),
	  .doc = "write PNG plots (gnuplot) and report.html" },
	{ .key = "out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, out),
	  .metavar = "DIR",
	  .doc = "where --plots writes plots/ and report.html "
		 "(default: the first DIR)" },
	{ .key = "groups",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, groups),
	  .metavar = "LIST",
	  .doc = "only these task groups / workloads (comma-separated)" },
	{ .key = "all-tasks",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct compare_opts, all_tasks),
	  .doc = "show kernel threads and the harness's tasks, not "
		 "folded into other:(N)" },
	{ .key = "rules",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct compare_opts, rules),
	  .metavar = "FILE",
	  .doc = "the verdicts' rules (default: the rules the first "
		 "DIR's scenario names, else ci/gate.json)" },
	SB_F_HELP_ROW(struct compare_opts, help),
	{ 0 },
};

int cmd_compare(int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct ci_results res[CI_COMPARE_MAX_DIRS] = { 0 };
	const char *pos[CI_COMPARE_MAX_DIRS];
	struct sb_error e;
	int n = 0, loaded = 0;
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { compare_rows, &o } },
				    .operands = pos,
				    .max_operands = CI_COMPARE_MAX_DIRS,
				    .n_operands = &n,
				    .prog = "slicebench compare",
				    .on_error = SB_CLI_ERR_USAGE,
				    .min_operands = 1,
				    .too_few = "needs at least one DIR" };
	int code = sb_cli_parse_command(&cli, argc, argv);

	if (code != SB_CLI_CONTINUE)
		return code;
	const struct sb_path_use outs[] = { { "--markdown", o.markdown },
					    { "--json", o.json },
					    { "--csv", o.csv } };

	if ((code = ci_spec_check_outputs(pos, (size_t)n, o.rules, outs, 3,
					  &e)) ||
	    (o.plots && o.out && (code = sb_out_dir_check("--out", o.out, &e))))
		return sb_error_report("slicebench compare", code, &e);
	code = SB_EXIT_OK;
	for (; loaded < n && !code; loaded++) {
		int r = ci_spec_load(pos[loaded], 0, &res[loaded], &e);

		if (r)
			code = sb_error_report("slicebench compare", r, &e);
	}
	if (!code) {
		ci_compare_warn_sides(res, (size_t)n);
	}
	if (!code)
		code = run_compare(&o, res, (size_t)n, argc, argv);
	for (int i = 0; i < loaded; i++)
		ci_results_free(&res[i]);
	return code;
}
