// SPDX-License-Identifier: GPL-2.0
/* Compare output: each repeat's table, then the summary over repeats, as text, Markdown or JSON. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "ci/bench_cmp.h"
#include "ci/compare_out.h"
#include "ci/table_print.h"
#include "ci/util.h"
#include "common/csv.h"
#include "common/fmt.h"
#include "common/outfile.h"

void ci_compare_print_runs(FILE *f, const struct ci_compare *c, int markdown)
{
	for (size_t k = 0; k < c->cols->n; k++) {
		const struct ci_column *col = &c->cols->v[k];

		for (size_t r = 0; r < col->n_runs; r++) {
			const struct ci_run *run = col->runs[r];

			fprintf(f,
				markdown ? "\n#### %s, repeat %u\n\n" :
					   "\n%s, repeat %u (%s)\n",
				col->label, run->repeat, run->path);
			if (run->has_table)
				ci_table_print(f, &run->delay_table, markdown,
					       c->groups, !c->all_tasks);
			else
				fprintf(f, "%s(no table.json)\n",
					markdown ? "" : "  ");
		}
	}
}

static double change_pct(const struct ci_summary *base,
			 const struct ci_summary *s)
{
	if (!base->n || !s->n || base->median == 0)
		return NAN;
	return (s->median / base->median - 1) * 100;
}

const char *ci_compare_change(const struct ci_compare *c, size_t row, size_t k,
			      char *buf, size_t len)
{
	const struct ci_metric *m = ci_metric_at(c->rows[row].metric);
	struct ci_summary b, s;
	double pct;

	ci_summarize(&c->cols->v[0], &c->rows[row], &b);
	ci_summarize(&c->cols->v[k], &c->rows[row], &s);
	pct = change_pct(&b, &s);
	if (k == 0 || isnan(pct)) {
		snprintf(buf, len, "%s", k ? "-" : "");
		return buf;
	}
	snprintf(buf, len, "%+.1f%%%s", pct,
		 m->dir == CI_DIR_NONE || fabs(pct) < 0.05 ? "" :
		 (pct > 0) == (m->dir == CI_DIR_LOWER)	   ? " worse" :
							     " better");
	return buf;
}

void ci_compare_print_summary(FILE *f, const struct ci_compare *c, int markdown)
{
	const struct ci_columns *cols = c->cols;

	fprintf(f,
		markdown ?
			"\n### Medians\n\nMedian over repeats [min-max] CoV; median chg: the change of the medians against `%s`.\n\n" :
			"\nMedians: median over repeats [min-max] CoV; median chg: the change of the\nmedians against %s (the gate's estimate: the summary at the end)\n",
		cols->v[0].label);
	fprintf(f, markdown ? "| Group | Metric | Unit |" : "%-14s %-21s %-8s",
		"group", "metric", "unit");
	for (size_t k = 0; k < cols->n; k++) {
		char head[300];

		snprintf(head, sizeof(head), "%s (%zu run%s)", cols->v[k].label,
			 cols->v[k].n_runs, SB_S(cols->v[k].n_runs));
		fprintf(f, markdown ? " %s |%s" : " | %-34s%s", head,
			k ? (markdown ? " Median chg |" : " median chg") : "");
	}
	fputc('\n', f);
	if (markdown) {
		fputs("|---|---|---|", f);
		for (size_t k = 0; k < cols->n; k++)
			fputs(k ? "---:|---:|" : "---:|", f);
		fputc('\n', f);
	}
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct ci_metric *m = ci_metric_at(c->rows[i].metric);

		fprintf(f, markdown ? "| %s | %s | %s |" : "%-14s %-21s %-8s",
			c->rows[i].group, m->name, m->unit);
		for (size_t k = 0; k < cols->n; k++) {
			struct ci_summary s;
			char txt[96], ch[48];

			ci_summarize(&cols->v[k], &c->rows[i], &s);
			ci_bench_cell(txt, sizeof(txt), s.median, &s);
			ci_compare_change(c, i, k, ch, sizeof(ch));
			if (markdown)
				fprintf(f, " %s |%s%s%s", txt, k ? " " : "", ch,
					k ? " |" : "");
			else
				fprintf(f, " | %-34s%s%s", txt, k ? " " : "",
					ch);
		}
		fputc('\n', f);
	}
}

static json_t *row_json(const struct ci_compare *c, size_t i)
{
	const struct ci_metric *m = ci_metric_at(c->rows[i].metric);
	json_t *cells = json_array();
	struct ci_summary b;

	ci_summarize(&c->cols->v[0], &c->rows[i], &b);
	for (size_t k = 0; cells && k < c->cols->n; k++) {
		struct ci_summary s;

		ci_summarize(&c->cols->v[k], &c->rows[i], &s);
		json_array_append_new(
			cells,
			json_pack("{s:s, s:i, s:o, s:o, s:o, s:o, s:o}",
				  "column", c->cols->v[k].label, "runs",
				  (json_int_t)s.n, "median",
				  ci_json_num(s.median), "min",
				  ci_json_num(s.min), "max", ci_json_num(s.max),
				  "cov_pct", ci_json_num(s.cov_pct),
				  "median_change_pct",
				  ci_json_num(k ? change_pct(&b, &s) : NAN)));
	}
	return json_pack("{s:s, s:s, s:s, s:s, s:o}", "group", c->rows[i].group,
			 "metric", m->name, "unit", m->unit, "direction",
			 ci_dir_name(m->dir), "columns", cells);
}

int ci_compare_to_json(json_t *env, const struct ci_compare *c)
{
	json_t *cols = json_array(), *rows = json_array();

	for (size_t k = 0; cols && k < c->cols->n; k++) {
		const struct ci_column *col = &c->cols->v[k];

		json_array_append_new(
			cols,
			json_pack("{s:s, s:s, s:s, s:s, s:i}", "label",
				  col->label, "dir", col->res->dir, "kernel",
				  col->kernel, "feature_set", col->fs, "runs",
				  (json_int_t)col->n_runs));
	}
	for (size_t i = 0; rows && i < c->n_rows; i++)
		json_array_append_new(rows, row_json(c, i));
	if (!cols || !rows || json_object_set_new(env, "columns", cols) ||
	    json_object_set_new(env, "rows", rows))
		return -ENOMEM;
	return 0;
}

void ci_compare_print_csv(FILE *f, const struct ci_compare *c)
{
	static const char *const head[] = {
		"group",  "metric", "unit", "column",  "runs",
		"median", "min",    "max",  "cov_pct", "median_change_pct",
	};
	const size_t n_head = sizeof(head) / sizeof(head[0]);

	for (size_t i = 0; i < n_head; i++)
		sb_csv_text(f, head[i], i + 1 == n_head);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct ci_metric *m = ci_metric_at(c->rows[i].metric);
		struct ci_summary b;

		ci_summarize(&c->cols->v[0], &c->rows[i], &b);
		for (size_t k = 0; k < c->cols->n; k++) {
			struct ci_summary s;

			ci_summarize(&c->cols->v[k], &c->rows[i], &s);
			sb_csv_text(f, c->rows[i].group, 0);
			sb_csv_text(f, m->name, 0);
			sb_csv_text(f, m->unit, 0);
			sb_csv_text(f, c->cols->v[k].label, 0);
			sb_csv_num(f, (double)s.n, 0);
			sb_csv_num(f, s.median, 0);
			sb_csv_num(f, s.min, 0);
			sb_csv_num(f, s.max, 0);
			sb_csv_num(f, s.cov_pct, 0);
			sb_csv_num(f, k ? change_pct(&b, &s) : NAN, 1);
		}
	}
}

static int fill_json(json_t *env, const void *c)
{
	return ci_compare_to_json(env, c);
}

int ci_compare_write_markdown(const char *path, const struct ci_compare *c,
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

int ci_compare_write_csv(const char *path, const struct ci_compare *c,
			 struct sb_error *e)
{
	struct sb_memfile m;
	int r = sb_memfile_open(&m);

	if (r)
		return sb_out_error(e, r, "--csv", path);
	ci_compare_print_csv(m.f, c);
	r = sb_memfile_commit(&m, path);
	return r ? sb_out_error(e, r, "--csv", path) : 0;
}

int ci_compare_write_json(const char *path, const struct ci_compare *c,
			  int argc, char **argv, struct sb_error *e)
{
	return sb_out_envelope(path, "--json", "slicebench-compare", argc, argv,
			       fill_json, c, e);
}
