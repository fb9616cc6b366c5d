// SPDX-License-Identifier: GPL-2.0
/* slicebench compare: feature sets and kernels side by side, with summaries over repeats and plots. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/compare_out.h"
#include "common/opts.h"
#include "ci/plots.h"
#include "ci/spec.h"
#include "common/outfile.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "ci/cmds.h"

#define MAX_DIRS 16

struct compare_opts {
	int help, markdown, plots;
	const char *json, *out, *groups;
};

static const char usage[] =
	"usage: slicebench compare DIR[:kernel[/feature-set]] [DIR...] [options]\n"
	"One DIR: its feature sets side by side per kernel; several: kernels side by side.";
static const char after[] =
	"Prints each repeat's grouped delay table, then per task group and metric\n"
	"the median over repeats, min-max, CoV and the change against the first column.\n"
	"exit: 0 ok, 2 bad usage or input, 4 no complete runs or no gnuplot\n";

/* The summary in the envelope of the command line; an exit code. */
static int write_json(const char *path, const struct ci_compare *c, int argc,
		      char **argv)
{
	json_t *env = sb_envelope_new("slicebench-compare", argc, argv);
	int r = env ? ci_compare_to_json(env, c) : -ENOMEM;

	if (!r) {
		sb_envelope_finish(env, "ok");
		r = sb_out_json(path, env);
	}
	json_decref(env);
	if (r)
		fprintf(stderr, "slicebench compare: --json: %s: %s\n", path,
			sb_out_why(r));
	return sb_out_exit_code(r);
}

/*
 * Is every name of --groups @list a group of @rows? 0, or SB_EXIT_USAGE
 * said with the groups there are.
 */
static int check_groups(const char *list, const struct ci_row *rows, size_t n)
{
	char name[256], known[2048] = "";
	size_t used = 0;

	for (const char *p = list; p && *p;) {
		size_t len = strcspn(p, ","), i = 0;

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		while (i < n && strcmp(rows[i].group, name))
			i++;
		p = p[len] ? p + len + 1 : NULL;
		if (i < n)
			continue;
		for (size_t k = 0; k < n; k++) { /* each group once */
			size_t j = 0;

			while (j < k && strcmp(rows[j].group, rows[k].group))
				j++;
			if (j == k && used < sizeof(known))
				used += (size_t)snprintf(known + used,
							 sizeof(known) - used,
							 "%s%s",
							 used ? ", " : "",
							 rows[k].group);
		}
		fprintf(stderr,
			"slicebench compare: --groups: \"%s\" is not a task "
			"group or workload of these results; they are: %s\n",
			name, *known ? known : "(none)");
		return SB_EXIT_USAGE;
	}
	return 0;
}

static int run_compare(const struct compare_opts *o, struct ci_results *res,
		       size_t n, int argc, char **argv)
{
	struct ci_columns cols;
	struct ci_row *rows = NULL;
	long nrows = -1;
	int code = SB_EXIT_UNMEASURED;

	if (!ci_columns_build(res, n, &cols))
		nrows = ci_rows_build(&cols, &rows);
	if (nrows < 0) {
		fprintf(stderr, "slicebench compare: out of memory\n");
		goto out;
	}
	if ((code = check_groups(o->groups, rows, (size_t)nrows)))
		goto out;
	struct ci_compare c = { &cols, rows,
				ci_rows_filter(rows, (size_t)nrows, o->groups),
				o->groups };

	if (!o->json || strcmp(o->json, "-")) { /* stdout: the JSON alone */
		ci_compare_print_runs(stdout, &c, o->markdown);
		ci_compare_print_summary(stdout, &c, o->markdown);
	}
	fflush(stdout); /* the tables before any error about the JSON */
	code = o->json ? write_json(o->json, &c, argc, argv) : SB_EXIT_OK;
	if (!code && o->plots) {
		struct sb_error e;
		int r = ci_plots_write(o->out ? o->out : res[0].dir, &c, NULL,
				       &e);

		if (r)
			code = sb_error_report("slicebench compare", r, &e);
	}
out:
	free(rows);
	ci_columns_free(&cols);
	return code;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_opts o = { 0 };
	const struct sb_opt opts[] = {
		SB_OPTION("markdown", 0, SB_OPT_FLAG, &o.markdown, NULL, NULL,
			  "print Markdown instead of text", 0, 0),
		SB_OPTION("json", 0, SB_OPT_STRING, &o.json, NULL, "OUT",
			  "write the summary as JSON (- for standard output, "
			  "then without the tables)",
			  0, 0),
		SB_OPTION("plots", 0, SB_OPT_FLAG, &o.plots, NULL, NULL,
			  "write PNG plots (gnuplot) and report.html", 0, 0),
		SB_OPTION("out", 0, SB_OPT_STRING, &o.out, NULL, "DIR",
			  "where --plots writes plots/ and report.html "
			  "(default: the first DIR)",
			  0, 0),
		SB_OPTION("groups", 0, SB_OPT_STRING, &o.groups, NULL, "LIST",
			  "only these task groups / workloads (comma-separated)",
			  0, 0),
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "show this help", 0, 0),
		{ 0 },
	};
	struct ci_results res[MAX_DIRS] = { 0 };
	const char *pos[MAX_DIRS];
	char err[1024];
	int n = 0, loaded = 0;
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts },
				    .operands = pos,
				    .max_operands = MAX_DIRS,
				    .n_operands = &n,
				    .prog = "slicebench compare",
				    .on_error = SB_CLI_ERR_USAGE,
				    .min_operands = 1,
				    .too_few = "needs at least one DIR" };
	int code = sb_cli_parse_command(&cli, argc, argv);

	if (code != SB_CLI_CONTINUE)
		return code;
	code = SB_EXIT_OK;
	for (; loaded < n && !code; loaded++) {
		code = ci_spec_load(pos[loaded], 0, &res[loaded], err,
				    sizeof(err));
		if (code)
			fprintf(stderr, "slicebench compare: %s\n", err);
	}
	if (!code)
		code = run_compare(&o, res, (size_t)n, argc, argv);
	for (int i = 0; i < loaded; i++)
		ci_results_free(&res[i]);
	return code;
}
