// SPDX-License-Identifier: GPL-2.0
/* slicebench compare: feature sets and kernels side by side, with summaries over repeats, the gate's verdicts in words, and plots. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_end.h"
#include "ci/compare_out.h"
#include "ci/plots.h"
#include "ci/rules_pick.h"
#include "ci/spec.h"
#include "ci/work_unit.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/opts.h"
#include "common/outfile.h"
#include "ci/cmds.h"
#include "common/fmt.h"

#define MAX_DIRS 16

struct compare_opts {
	int help, plots, all_tasks;
	const char *json, *markdown, *out, *groups, *rules;
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

/* The rules and scenario of the first DIR's runs, as a run's end takes them. */
struct compare_end {
	struct ci_rules rules;
	struct ci_rules_pick pick;
	json_t *scenario;
};

static int end_load(struct compare_end *d, const char *dir, const char *given)
{
	char path[4200], named[1024];
	struct sb_error e;
	int r;

	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	r = ci_rules_named_by_run(dir, named, sizeof(named), &e);
	if (!r)
		r = ci_rules_pick_load(given, named, path, &d->rules, &d->pick,
				       &e);
	if (r)
		return sb_error_report("slicebench compare", r, &e);
	d->scenario = json_load_file(path, 0, NULL);
	return 0;
}

/*
 * One comparison: @cols (@n of @total) against the first, labelled by
 * feature set (@by_fs: one kernel's, as a run's end labels them) or in
 * full; nothing with fewer than two. 0 or -errno.
 */
static int end_one(FILE *f, const struct compare_end *d,
		   const struct ci_column **cols, size_t n, size_t total,
		   int by_fs, const char *title, struct ci_judged_list *l)
{
	const struct ci_bench_say say = { &d->rules, d->pick.name,
					  d->scenario };
	const char *labels[CI_BENCH_MAX_COLS];
	struct ci_bench_cmp c;
	char *words;
	int r;

	if (n < 2)
		return 0;
	if (total > n)
		fprintf(f, "note: %s: the first %zu columns of %zu\n", title, n,
			total);
	for (size_t k = 0; k < n; k++) {
		labels[k] = by_fs ? cols[k]->fs : cols[k]->label;
		if (cols[k]->n_runs < d->rules.min_runs)
			fprintf(f,
				"caution: %s has %zu run%s: a verdict needs %u a "
				"side, so no rule can decide against it\n",
				cols[k]->label, cols[k]->n_runs,
				SB_S(cols[k]->n_runs), d->rules.min_runs);
	}
	r = ci_bench_end_compare(f, &say, cols, labels, n, title, &c, &words);
	if (!r) {
		r = ci_bench_cmp_judged(&c, l);
		ci_bench_cmp_free(&c);
		free(words);
	}
	return r;
}

/*
 * The end a run prints, on @f: with one DIR each kernel's feature sets
 * against its first, with several every column against the first; then
 * the verdict line over them all.
 */
static int end_print(FILE *f, const struct compare_end *d,
		     const struct ci_columns *cols, size_t n_dirs)
{
	const struct ci_column *pick[CI_BENCH_MAX_COLS];
	struct ci_judged_list l = { 0 };
	char title[300];
	int r = 0;

	ci_rules_pick_say(f, &d->pick);
	for (size_t k = 0; k < cols->n && !r; k++) {
		size_t n = 0, total = 0;

		if (n_dirs > 1 && k)
			break;
		for (size_t j = k; j < cols->n; j++)
			if ((n_dirs > 1 ||
			     !strcmp(cols->v[j].kernel, cols->v[k].kernel)) &&
			    total++ < CI_BENCH_MAX_COLS)
				pick[n++] = &cols->v[j];
		/* each kernel once: from its first column */
		for (size_t j = 0; n_dirs == 1 && j < k; j++)
			if (!strcmp(cols->v[j].kernel, cols->v[k].kernel))
				n = 0;
		if (n_dirs > 1)
			snprintf(title, sizeof(title), "the %zu DIRs", n_dirs);
		else
			snprintf(title, sizeof(title), "kernel %s",
				 cols->v[k].kernel);
		r = end_one(f, d, pick, n, total, n_dirs == 1, title, &l);
	}
	if (!r)
		ci_verdict_line(f, ci_outcome_of(l.v, l.n), l.v, l.n);
	ci_judged_free(&l);
	return r;
}

/* What the end prints, into *@text (malloc'd). 0, or an exit code said. */
static int end_text(const struct compare_opts *o, const struct ci_results *res,
		    size_t n, const struct ci_columns *cols, char **text)
{
	struct compare_end d = { 0 };
	size_t len = 0;
	FILE *f;
	int r = end_load(&d, res[0].dir, o->rules);

	*text = NULL;
	if (!r && !(f = open_memstream(text, &len)))
		r = -ENOMEM;
	else if (!r) {
		r = end_print(f, &d, cols, n);
		if (fclose(f) && !r)
			r = -ENOMEM;
	}
	if (r < 0) {
		fprintf(stderr, "slicebench compare: %s\n", strerror(-r));
		r = SB_EXIT_UNMEASURED;
	}
	json_decref(d.scenario);
	ci_rules_free(&d.rules);
	return r;
}

static int fill_json(json_t *env, const void *c)
{
	return ci_compare_to_json(env, c);
}

/* The Markdown output: the tables, then the end as it prints. */
static int write_markdown(const char *path, const struct ci_compare *c,
			  const char *end, struct sb_error *e)
{
	struct sb_memfile m;
	int r = sb_memfile_open(&m);

	if (r)
		return sb_out_error(e, r, "--markdown", path);
	ci_compare_print_runs(m.f, c, 1);
	ci_compare_print_summary(m.f, c, 1);
	fprintf(m.f, "\n### Summary\n\n```\n%s```\n", end);
	r = sb_memfile_commit(&m, path);
	return r ? sb_out_error(e, r, "--markdown", path) : 0;
}

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
		r = write_markdown(o->markdown, c, end, &e);
	if (!r && o->json)
		r = sb_out_envelope(o->json, "--json", "slicebench-compare",
				    argc, argv, fill_json, c, &e);
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
	FILE *say = sb_out_is_stdout(o->json) || sb_out_is_stdout(o->markdown) ?
			    stderr :
			    stdout;
	int code = SB_EXIT_UNMEASURED;

	if (!ci_columns_build(res, n, &cols))
		nrows = ci_rows_build(&cols, &rows);
	if (nrows < 0) {
		fprintf(stderr, "slicebench compare: out of memory\n");
		goto out;
	}
	if ((code = check_groups(o->groups, rows, (size_t)nrows)))
		goto out;
	shown = o->all_tasks ? (size_t)nrows :
			       ci_rows_drop_other(rows, (size_t)nrows);
	struct ci_compare c = { &cols, rows,
				ci_rows_filter(rows, shown, o->groups),
				o->groups, o->all_tasks };

	if ((code = end_text(o, res, n, &cols, &end)))
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

/* Every column is compared with every other: units of work must agree over all of them. */
static void settle_units(struct ci_results *res, size_t n)
{
	struct ci_results *sides[MAX_DIRS];
	char why[2048];

	for (size_t i = 0; i < n; i++)
		sides[i] = &res[i];
	if (ci_work_units_settle(sides, n, why, sizeof(why)))
		sb_warn("warning: %s", why);
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
	struct ci_results res[MAX_DIRS] = { 0 };
	const char *pos[MAX_DIRS];
	struct sb_error e;
	int n = 0, loaded = 0;
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { compare_rows, &o } },
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
	const struct sb_path_use outs[] = { { "--markdown", o.markdown },
					    { "--json", o.json } };

	if ((code = ci_spec_check_outputs(pos, (size_t)n, o.rules, outs, 2,
					  &e)) ||
	    (o.plots && o.out && (code = sb_out_dir_check("--out", o.out, &e))))
		return sb_error_report("slicebench compare", code, &e);
	code = SB_EXIT_OK;
	for (; loaded < n && !code; loaded++) {
		int r = ci_spec_load(pos[loaded], 0, &res[loaded], &e);

		if (r)
			code = sb_error_report("slicebench compare", r, &e);
	}
	if (!code)
		settle_units(res, (size_t)n);
	if (!code)
		code = run_compare(&o, res, (size_t)n, argc, argv);
	for (int i = 0; i < loaded; i++)
		ci_results_free(&res[i]);
	return code;
}
