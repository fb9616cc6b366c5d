// SPDX-License-Identifier: GPL-2.0
/* compare --plots: data files + gnuplot scripts (ci/plots/NAME.gp) into PNGs, then report.html. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ci/plots.h"
#include "common/byname.h"
#include "common/rootdir.h"
#include "ci/stats.h"
#include "ci/util.h"
#include "common/fmt.h"
#include "common/atomicio.h"
#include "common/outfile.h"
#include "common/error.h"
#include "common/spawn.h"
#include "common/jsonpath.h"
#include "workloads/registry/registry.h"

#define MAX_PNGS 64
#define MAX_VALS 256

struct plot_ctx {
	const struct ci_compare *c;
	char plotdir[PATH_MAX], scripts[PATH_MAX], log[PATH_MAX];
	char labels[4096];
	struct ci_png pngs[MAX_PNGS];
	size_t n_pngs;
	struct sb_error *e;
};

/* $SLICEBENCH_PLOTS, else ci/plots of the checkout (common/rootdir.h). */
static int find_scripts(char *buf, size_t len)
{
	const char *env = getenv("SLICEBENCH_PLOTS");
	char dir[PATH_MAX], probe[PATH_MAX];

	if (env && *env)
		sb_fmt(dir, sizeof(dir), "%s", env);
	else
		sb_root_path(dir, sizeof(dir), "ci/plots");
	if (sb_fmt(probe, sizeof(probe), "%s/common.gp", dir) ||
	    access(probe, R_OK))
		return -ENOENT;
	return sb_fmt(buf, len, "%s", dir);
}

/* Append @s to @out for a single-quoted gnuplot string ('' is a quote). */
static void gp_quoted(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', out);
		fputc(*s, out);
	}
	fputc('\'', out);
}

/* Copy @s, with each character of @bad (and control characters) as '_'. */
static void replace_chars(char *dst, size_t len, const char *s, const char *bad)
{
	size_t i = 0;

	for (; *s && i + 1 < len; s++, i++)
		dst[i] = (strchr(bad, *s) || (unsigned char)*s < 0x20) ? '_' :
									 *s;
	dst[i] = '\0';
}

/* A file name part. */
static void safe_name(char *dst, size_t len, const char *s)
{
	replace_chars(dst, len, s, "/: \t'\"");
}

/*
 * @code (a -errno) with the message in p->e. Every failure here is the
 * environment's (a missing gnuplot, a full disk): never read as bad input.
 */
static int fail(struct plot_ctx *p, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct plot_ctx *p, int code, const char *fmt, ...)
{
	char msg[sizeof(p->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return sb_error_set(p->e, sb_env_errno(code), NULL, NULL, NULL, "%s",
			    msg);
}

/*
 * Write @d to plots/@name.dat and run @script on it into plots/@name.png
 * with the title @title and the extra gnuplot assignments @extra; the
 * report shows it under task group @group ("": every group).
 */
static int plot(struct plot_ctx *p, struct sb_memfile *d, const char *script,
		const char *group, const char *name, const char *title,
		size_t n, const char *extra, const char *caption)
{
	char datp[PATH_MAX], pngp[PATH_MAX], scrp[PATH_MAX], *vars = NULL;
	size_t vlen = 0;
	FILE *v;
	struct stat st;
	int r;

	if (sb_fmt(datp, sizeof(datp), "%s/%s.dat", p->plotdir, name) ||
	    sb_fmt(pngp, sizeof(pngp), "%s/%s.png", p->plotdir, name) ||
	    sb_fmt(scrp, sizeof(scrp), "%s/%s", p->scripts, script)) {
		sb_memfile_discard(d);
		return fail(p, -ENAMETOOLONG, "%s: path too long", p->plotdir);
	}
	r = sb_memfile_commit(d, datp);
	if (r)
		return fail(p, r, "%s: %s", datp, strerror(-r));
	v = open_memstream(&vars, &vlen);
	if (!v)
		return fail(p, -ENOMEM, "out of memory");
	fputs("dir=", v);
	gp_quoted(v, p->scripts);
	fputs("; datafile=", v);
	gp_quoted(v, datp);
	fputs("; outfile=", v);
	gp_quoted(v, pngp);
	fputs("; titletext=", v);
	gp_quoted(v, title);
	fputs("; labels=", v);
	gp_quoted(v, p->labels);
	fprintf(v, "; n=%zu; %s", n, extra ? extra : "");
	fclose(v);
	const char *argv[] = { "gnuplot", "-e", vars, scrp, NULL };
	struct sb_spawn s = { .argv = argv,
			      .stdout_path = p->log,
			      .stderr_path = p->log,
			      .append = 1 };
	r = sb_run(&s, 60LL * 1000000000);
	free(vars);
	if (r || stat(pngp, &st) || !st.st_size)
		return fail(p, -EIO,
			    "gnuplot %s for %s failed (exit %d); see %s",
			    script, name, r, p->log);
	if (p->n_pngs < MAX_PNGS) {
		struct ci_png *png = &p->pngs[p->n_pngs++];

		snprintf(png->file, sizeof(png->file), "plots/%s.png", name);
		snprintf(png->caption, sizeof(png->caption), "%s", caption);
		snprintf(png->group, sizeof(png->group), "%s", group);
	}
	return 0;
}

static const struct ci_table_row *run_group(const struct ci_run *run,
					    const char *comm)
{
	return run->has_table && *comm ?
		       ci_table_group(&run->delay_table, comm) :
		       NULL;
}

/* The "result" of @run's document @name, or NULL. */
static const json_t *run_result(const struct ci_run *run, const char *name)
{
	long i = sb_index_named(run->docs, run->n_docs, name, name);

	return i < 0 ? NULL : run->docs[i].file.result;
}

/* Median over the column's runs of the number at @key of @comm's group. */
static double group_median(const struct ci_column *col, const char *comm,
			   const char *key)
{
	double x[MAX_VALS];
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs && n < MAX_VALS; r++) {
		const struct ci_table_row *g = run_group(col->runs[r], comm);

		n += g && ci_table_figure(g, key, &x[n]);
	}
	return ci_median(x, n);
}

/* Is @row of the metric called @name? (One row per group that has it.) */
static int is_metric(const struct ci_row *row, const char *name)
{
	return row->metric == ci_metric_find(name);
}

struct bucket {
	double lo, hi, count;
};

#define MAX_BUCKETS 4096

/* Add bucket @x to @b (@n of them, sorted by lo); returns the new count. */
static size_t merge_bucket(struct bucket x, struct bucket *b, size_t n,
			   size_t max)
{
	size_t j = 0;

	while (j < n && b[j].lo < x.lo)
		j++;
	if (j < n && b[j].lo == x.lo) {
		b[j].count += x.count;
		return n;
	}
	if (n == max)
		return n;
	memmove(&b[j + 1], &b[j], (n - j) * sizeof(*b));
	b[j] = x;
	return n + 1;
}

/*
 * Sum the [[lo, hi, count], ...] of @bs into @b (@n of them, sorted by
 * lo), lo and hi over @divisor.
 */
static size_t merge_buckets(const json_t *bs, double divisor, struct bucket *b,
			    size_t n, size_t max)
{
	for (size_t i = 0; i < json_array_size(bs); i++) {
		json_t *e = json_array_get(bs, i);

		n = merge_bucket(
			(struct bucket){
				json_number_value(json_array_get(e, 0)) /
					divisor,
				json_number_value(json_array_get(e, 1)) /
					divisor,
				json_number_value(json_array_get(e, 2)) },
			b, n, max);
	}
	return n;
}

/*
 * The survival of @b (@n) as "hi/@scale share" lines: the share of all
 * counts above each bucket's top, for a log y axis where the p99-p99.9
 * tail is as wide as the body. The last bucket (share 0) has no place on
 * a log axis and is left out.
 */
static void write_survival(FILE *f, const struct bucket *b, size_t n,
			   double scale)
{
	double total = 0, cum = 0;

	for (size_t j = 0; j < n; j++)
		total += b[j].count;
	for (size_t j = 0; j < n && total > 0; j++) {
		cum += b[j].count;
		if (total - cum > 0)
			fprintf(f, "%.6g %.6g\n", b[j].hi / scale,
				(total - cum) / total);
	}
}

/* The delay histograms of group @g in the column's runs, merged. */
static size_t group_hist(const struct ci_column *col, const char *g,
			 struct bucket *b)
{
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs; r++) {
		const struct ci_table_row *row = run_group(col->runs[r], g);

		for (size_t i = 0; row && i < row->n_buckets; i++)
			n = merge_bucket(
				(struct bucket){
					(double)row->buckets[i].lo_ns,
					(double)row->buckets[i].hi_ns,
					(double)row->buckets[i].count },
				b, n, MAX_BUCKETS);
	}
	return n;
}

/*
 * @col's survival of @g from the table's percentiles (older tables): the
 * share above p50 is 0.5, above p99.9 0.001; the max (share 0) has no
 * place on a log axis.
 */
static int percentile_survival(FILE *f, const struct ci_column *col,
			       const char *g)
{
	static const struct {
		const char *key;
		double above;
	} pts[] = { { "delay_p50_ms", 0.5 },
		    { "delay_p90_ms", 0.1 },
		    { "delay_p99_ms", 0.01 },
		    { "delay_p99_9_ms", 0.001 } };
	int any = 0;

	for (size_t j = 0; j < sizeof(pts) / sizeof(pts[0]); j++) {
		double x = group_median(col, g, pts[j].key);

		if (x > 0) {
			fprintf(f, "%.9g %g\n", x, pts[j].above);
			any = 1;
		}
	}
	return any;
}

/* "<group>_<suffix>" as a file name part, into @buf. */
static void plot_name(char *buf, size_t len, const char *g, const char *suffix)
{
	safe_name(buf, len, g);
	snprintf(buf + strlen(buf), len - strlen(buf), "_%s", suffix);
}

static int plot_cdfs(struct plot_ctx *p)
{
	const struct ci_compare *c = p->c;
	struct bucket *b = malloc(MAX_BUCKETS * sizeof(*b));
	int r = 0;

	if (!b)
		return fail(p, -ENOMEM, "out of memory");
	for (size_t i = 0; i < c->n_rows && !r; i++) {
		if (!is_metric(&c->rows[i], "avg_delay_ms"))
			continue;
		const char *g = c->rows[i].group;
		char name[128], title[256];
		int any = 0, hist = 1;
		struct sb_memfile d;

		if (sb_memfile_open(&d)) {
			r = fail(p, -ENOMEM, "out of memory");
			break;
		}
		for (size_t k = 0; k < c->cols->n; k++)
			hist &= group_hist(&c->cols->v[k], g, b) > 0;
		for (size_t k = 0; k < c->cols->n; k++) {
			const struct ci_column *col = &c->cols->v[k];
			size_t n = hist ? group_hist(col, g, b) : 0;

			fprintf(d.f, "# %s\n", col->label);
			if (hist)
				write_survival(d.f, b, n, 1e6);
			any |= hist ? n > 0 : percentile_survival(d.f, col, g);
			fputs("\n\n", d.f);
		}
		plot_name(name, sizeof(name), g, "delay_tail");
		snprintf(title, sizeof(title),
			 hist ? "%s: share of delays above x, every delay of "
				"all repeats" :
				"%s: share of delays above x from the table's "
				"p50/p90/p99/p99.9 (median over repeats)",
			 g);
		if (!any) {
			sb_memfile_discard(&d);
			continue;
		}
		r = plot(p, &d, "tail.gp", g, name, title, c->cols->n,
			 hist ? "xlabel_text='delay (ms)'; "
				"ylabel_text='share of delays > x'; dense=1" :
				"xlabel_text='delay (ms)'; "
				"ylabel_text='share of delays > x'; dense=0",
			 hist ? "Delay tail per column (1 - CDF, log y: the "
				"p99 at 0.01, the p99.9 at 0.001), from the "
				"group's full delay histogram (table.json "
				"delay_hist_ns), all repeats merged" :
				"Delay tail per column (1 - CDF, log y), "
				"from the table's percentiles (this "
				"table.json has no delay_hist_ns)");
	}
	free(b);
	return r;
}

/*
 * Each run's value of @metric, after the medians (@d's first block): a
 * second block of "row column value" lines, a dot per repeat.
 */
static void bar_dots(FILE *f, const struct ci_compare *c, const char *metric)
{
	size_t row = 0;

	fputs("\n\n# row column value: each run's\n", f);
	for (size_t i = 0; i < c->n_rows; i++) {
		if (!is_metric(&c->rows[i], metric))
			continue;
		for (size_t k = 0; k < c->cols->n; k++) {
			const struct ci_column *col = &c->cols->v[k];

			for (size_t r = 0; r < col->n_runs; r++) {
				const struct ci_value *v = ci_values_get(
					&col->runs[r]->vals, c->rows[i].metric,
					c->rows[i].group);

				if (v)
					fprintf(f, "%zu %zu %.9g\n", row, k,
						v->v);
			}
		}
		row++;
	}
}

static int plot_bars(struct plot_ctx *p, const char *metric, const char *what)
{
	const struct ci_compare *c = p->c;
	char name[64], title[160], cap[200];
	struct sb_memfile d;
	int any = 0;

	if (sb_memfile_open(&d))
		return fail(p, -ENOMEM, "out of memory");
	fputs("# group, then per column: median min max\n", d.f);
	for (size_t i = 0; i < c->n_rows; i++) {
		if (!is_metric(&c->rows[i], metric))
			continue;
		fprintf(d.f, "\"%s\"", c->rows[i].group);
		for (size_t k = 0; k < c->cols->n; k++) {
			struct ci_summary s;

			ci_summarize(&c->cols->v[k], &c->rows[i], &s);
			if (s.n)
				fprintf(d.f, " %.9g %.9g %.9g", s.median, s.min,
					s.max);
			else
				fputs(" 0 0 0", d.f);
		}
		fputc('\n', d.f);
		any = 1;
	}
	if (!any) {
		sb_memfile_discard(&d);
		return 0;
	}
	bar_dots(d.f, c, metric);
	snprintf(name, sizeof(name), "%s_bars", metric);
	snprintf(title, sizeof(title),
		 "%s delay per task group: median over repeats, whiskers "
		 "min-max, a dot per repeat",
		 what);
	snprintf(cap, sizeof(cap),
		 "%s delay per task group and feature set: the median, the "
		 "repeats' min-max and each repeat's value",
		 what);
	return plot(p, &d, "bars.gp", "", name, title, c->cols->n,
		    "ylabel_text='delay (ms)'", cap);
}

/* The number at @path under @o (a document's result, an element), or NAN. */
static double number_at(const json_t *o, const char *path)
{
	const json_t *v = sb_json_path(o, path);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* SBW_PLOT_HIST of group @g: its buckets merged over each column's runs. */
static int plot_wl_hist(struct plot_ctx *p, const struct sbw_plot *pl,
			const char *g)
{
	const struct ci_compare *c = p->c;
	struct bucket *b = malloc(MAX_BUCKETS * sizeof(*b));
	char name[128], title[256], cap[256], extra[256], suffix[64];
	struct sb_memfile h, cdf;
	int r;

	if (!b || sb_memfile_open(&h)) {
		free(b);
		return fail(p, -ENOMEM, "out of memory");
	}
	if (sb_memfile_open(&cdf)) {
		sb_memfile_discard(&h);
		free(b);
		return fail(p, -ENOMEM, "out of memory");
	}
	for (size_t k = 0; k < c->cols->n; k++) {
		const struct ci_column *col = &c->cols->v[k];
		double total = 0;
		size_t nb = 0;

		for (size_t run = 0; run < col->n_runs; run++)
			nb = merge_buckets(
				sb_json_path(run_result(col->runs[run], g),
					     pl->path),
				pl->divisor, b, nb, MAX_BUCKETS);
		for (size_t j = 0; j < nb; j++)
			total += b[j].count;
		fprintf(h.f, "# %s\n", col->label);
		fprintf(cdf.f, "# %s\n", col->label);
		for (size_t j = 0; j < nb && total > 0; j++)
			fprintf(h.f, "%.6g %.6g\n", (b[j].lo + b[j].hi) / 2,
				b[j].count / total);
		write_survival(cdf.f, b, nb, 1);
		fputs("\n\n", h.f);
		fputs("\n\n", cdf.f);
	}
	free(b);
	snprintf(suffix, sizeof(suffix), "%s_hist", pl->name);
	plot_name(name, sizeof(name), g, suffix);
	snprintf(title, sizeof(title), "%s: %s histogram, all repeats merged",
		 g, pl->title);
	snprintf(cap, sizeof(cap), "%s histogram (%s)", pl->caption, pl->path);
	r = plot(p, &h, "hist.gp", g, name, title, c->cols->n, NULL, cap);
	if (r) {
		sb_memfile_discard(&cdf);
		return r;
	}
	snprintf(suffix, sizeof(suffix), "%s_tail", pl->name);
	plot_name(name, sizeof(name), g, suffix);
	snprintf(title, sizeof(title),
		 "%s: %s, share above x, from its histogram buckets", g,
		 pl->title);
	snprintf(extra, sizeof(extra),
		 "xlabel_text='%s'; ylabel_text='share of %s > x'; "
		 "dense=1",
		 pl->axis, pl->items);
	snprintf(cap, sizeof(cap),
		 "%s tail (1 - CDF, log y), from the full histogram",
		 pl->caption);
	return plot(p, &cdf, "tail.gp", g, name, title, c->cols->n, extra, cap);
}

/* The median over @col's runs of element @idx's y (of SBW_PLOT_BARS @pl);
 * *@n grows to the longest array seen. */
static double item_median(const struct ci_column *col, const char *g,
			  const struct sbw_plot *pl, size_t idx,
			  size_t *n_items)
{
	double x[MAX_VALS], v;
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs && n < MAX_VALS; r++) {
		const json_t *items =
			sb_json_path(run_result(col->runs[r], g), pl->path);

		if (json_array_size(items) > *n_items)
			*n_items = json_array_size(items);
		v = number_at(json_array_get(items, idx), pl->y);
		if (!isnan(v))
			x[n++] = v / pl->divisor;
	}
	return n ? ci_median(x, n) : 0;
}

/* SBW_PLOT_BARS of group @g: each element's median, by its index. */
static int plot_wl_bars(struct plot_ctx *p, const struct sbw_plot *pl,
			const char *g)
{
	const struct ci_compare *c = p->c;
	char name[128], title[256];
	size_t n_items = 1;
	struct sb_memfile d;

	if (sb_memfile_open(&d))
		return fail(p, -ENOMEM, "out of memory");
	for (size_t idx = 0; idx < n_items; idx++) {
		fprintf(d.f, "%zu", idx);
		for (size_t k = 0; k < c->cols->n; k++)
			fprintf(d.f, " %.9g",
				item_median(&c->cols->v[k], g, pl, idx,
					    &n_items));
		fputc('\n', d.f);
	}
	plot_name(name, sizeof(name), g, pl->name);
	snprintf(title, sizeof(title), "%s: %s", g, pl->title);
	return plot(p, &d, "loops.gp", g, name, title, c->cols->n, NULL,
		    pl->caption);
}

/*
 * SBW_PLOT_SERIES of group @g: a block per column holding every run's
 * series (one line each: runs apart by a blank line), and the line.
 */
static int plot_wl_series(struct plot_ctx *p, const struct sbw_plot *pl,
			  const char *g)
{
	const struct ci_compare *c = p->c;
	char name[128], title[256], extra[64];
	double line = pl->line_default;
	struct sb_memfile d;

	if (sb_memfile_open(&d))
		return fail(p, -ENOMEM, "out of memory");
	for (size_t k = 0; k < c->cols->n; k++) {
		const struct ci_column *col = &c->cols->v[k];

		fprintf(d.f, "# %s\n", col->label);
		for (size_t r = 0; r < col->n_runs; r++) {
			const json_t *res = run_result(col->runs[r], g);
			const json_t *series = sb_json_path(res, pl->path);

			if (!isnan(number_at(res, pl->line)))
				line = number_at(res, pl->line) / pl->divisor;
			fprintf(d.f, "%s# repeat %u\n", r ? "\n" : "",
				col->runs[r]->repeat);
			for (size_t j = 0; j < json_array_size(series); j++) {
				const json_t *e = json_array_get(series, j);

				fprintf(d.f, "%.6g %.6g\n", number_at(e, pl->x),
					number_at(e, pl->y) / pl->divisor);
			}
		}
		fputs("\n\n", d.f);
	}
	plot_name(name, sizeof(name), g, pl->name);
	snprintf(title, sizeof(title), "%s: %s", g, pl->title);
	snprintf(extra, sizeof(extra), "deadline_ms=%.6g", line);
	return plot(p, &d, "series.gp", g, name, title, c->cols->n, extra,
		    pl->caption);
}

/*
 * The workloads' own plots, as their descriptors say them
 * (workloads/registry/registry.h): one per group with a row of the plot's
 * metric.
 */
static int plot_workloads(struct plot_ctx *p)
{
	const struct sbw_workload *const *list = sbw_list();
	const struct ci_compare *c = p->c;
	int r = 0;

	for (size_t w = 0; list[w] && !r; w++)
		for (size_t k = 0; k < list[w]->n_plots && !r; k++) {
			const struct sbw_plot *pl = &list[w]->plots[k];

			for (size_t i = 0; i < c->n_rows && !r; i++) {
				const char *g = c->rows[i].group;

				if (!is_metric(&c->rows[i], pl->metric))
					continue;
				r = pl->kind == SBW_PLOT_HIST ?
					    plot_wl_hist(p, pl, g) :
				    pl->kind == SBW_PLOT_BARS ?
					    plot_wl_bars(p, pl, g) :
					    plot_wl_series(p, pl, g);
			}
		}
	return r;
}

int ci_plots_write(const char *outdir, const struct ci_compare *c,
		   const struct ci_report_page *page, struct sb_error *e)
{
	struct plot_ctx *p = calloc(1, sizeof(*p));
	char html[PATH_MAX];
	size_t off = 0;
	int r = 0;

	if (!p)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	*p = (struct plot_ctx){ .c = c, .e = e };
	if (!sb_have_program("gnuplot"))
		r = fail(
			p, -ENOPKG,
			"gnuplot not found (Debian: apt-get install gnuplot-nox)");
	else if (find_scripts(p->scripts, sizeof(p->scripts)))
		r = fail(
			p, -ENOENT,
			"ci/plots/*.gp not found (set SLICEBENCH_ROOT or SLICEBENCH_PLOTS)");
	else if (sb_fmt(p->plotdir, sizeof(p->plotdir), "%s/plots", outdir) ||
		 sb_fmt(p->log, sizeof(p->log), "%s/gnuplot.log", p->plotdir) ||
		 sb_fmt(html, sizeof(html), "%s/report.html", outdir))
		r = fail(p, -ENAMETOOLONG, "%s: path too long", outdir);
	else if ((r = sb_mkdir_p(p->plotdir, 0755)))
		r = fail(p, r, "%s: %s", p->plotdir, strerror(-r));
	if (r)
		goto out;
	for (size_t k = 0; k < c->cols->n && off < sizeof(p->labels); k++) {
		char l[256];

		replace_chars(l, sizeof(l), c->cols->v[k].label,
			      " '\""); /* word() */
		off += (size_t)snprintf(p->labels + off,
					sizeof(p->labels) - off, "%s%s",
					k ? " " : "", l);
	}
	unlink(p->log);
	r = plot_cdfs(p);
	if (!r)
		r = plot_bars(p, "avg_delay_ms", "Average");
	if (!r)
		r = plot_bars(p, "max_delay_ms", "Maximum");
	if (!r)
		r = plot_workloads(p);
	if (!r && (r = ci_report_html(html, c, page, p->pngs, p->n_pngs)))
		r = fail(p, r, "%s: %s", html, strerror(-r));
	if (!r)
		printf("\nplots: %zu PNGs in %s, report: %s\n", p->n_pngs,
		       p->plotdir, html);
out:
	free(p);
	return r;
}
