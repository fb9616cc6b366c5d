// SPDX-License-Identifier: GPL-2.0
/* The end of `slicebench run`: the seed's tables, the summary with verdicts, the words, and report.html. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_cmp.h"
#include "ci/bench_end.h"
#include "ci/spec.h"
#include "ci/crosscheck.h"
#include "ci/fold.h"
#include "ci/host_regime.h"
#include "ci/plots.h"
#include "ci/published_beside.h"
#include "ci/rules_pick.h"
#include "ci/seed_table.h"
#include "ci/sizing.h"
#include "ci/tracing_cost.h"
#include "ci/work_unit.h"
#include "common/error.h"
#include "common/log.h"
#include "common/fmt.h"
#include "common/rootdir.h"

/* Per kernel and, with several kernels, per feature set. */
#define MAX_CMPS (2 * CI_BENCH_MAX_COLS)

struct bench_end {
	struct ci_results res;
	struct ci_columns cols;
	struct ci_rules rules;
	struct ci_rules_pick pick;
	struct ci_scenario_view scenario;
	struct ci_bench_cmp cmps[MAX_CMPS]; /* kept for report.html */
	char *words[MAX_CMPS];
	size_t n_cmps;
	size_t n_kernels; /* > 1: the words name their kernel or set */
	struct ci_published pub; /* the scenario's published table */
	int has_pub;
	FILE *beside_f; /* what is shown beside it, for report.html too */
	char *beside;
	size_t beside_len;
};

int ci_bench_end_compare(FILE *f, const struct ci_bench_say *s,
			 const struct ci_column *const *cols,
			 const char *const *labels, size_t n, const char *title,
			 struct ci_bench_cmp *c, char **words)
{
	size_t len = 0;
	FILE *w;
	int r = ci_bench_cmp_build(c, title, cols, labels, n, s->rules);

	c->rules_name = s->rules_name;
	c->name_title = s->name_title;
	*words = NULL;
	if (!r && !(w = open_memstream(words, &len)))
		r = -ENOMEM;
	if (r) {
		ci_bench_cmp_free(c);
		return r;
	}
	ci_bench_words(w, c, s->scenario);
	if (fclose(w)) {
		ci_bench_cmp_free(c);
		free(*words);
		*words = NULL;
		return -ENOMEM;
	}
	ci_bench_summary_print(f, c);
	fputs(*words, f);
	ci_host_differs_print(f, cols, n);
	ci_sizing_print(f, s->rules, cols, n);
	return 0;
}

/* Compare @cols (@n) labelled by feature set (@by_fs) or by kernel. */
static int compare(FILE *f, struct bench_end *b, const struct ci_column **cols,
		   size_t n, int by_fs, const char *title)
{
	const struct ci_bench_say say = { &b->rules, b->pick.name, &b->scenario,
					  b->n_kernels > 1 };
	const char *labels[CI_BENCH_MAX_COLS];
	int r;

	if (n < 2 || b->n_cmps == MAX_CMPS)
		return 0;
	if (n > CI_BENCH_MAX_COLS)
		n = CI_BENCH_MAX_COLS;
	for (size_t k = 0; k < n; k++)
		labels[k] = by_fs ? cols[k]->fs : cols[k]->kernel;
	r = ci_bench_end_compare(f, &say, cols, labels, n, title,
				 &b->cmps[b->n_cmps], &b->words[b->n_cmps]);
	if (!r)
		b->n_cmps++;
	return r;
}

/* The published table beside @cols (@n), into the end and report.html. */
static int beside(FILE *f, struct bench_end *b,
		  const struct ci_column *const *cols, size_t n,
		  const char *title)
{
	size_t from = b->beside_len;

	if (!b->has_pub)
		return 0;
	if (ci_published_beside(b->beside_f, &b->pub, b->scenario.published,
				title, cols, n, &b->rules) ||
	    fflush(b->beside_f))
		return -ENOMEM;
	fputs(b->beside + from, f);
	return 0;
}

/*
 * What @print writes of @arg, its lines folded to SB_TEXT_COLUMNS (the
 * cross-check's and the tracing cost's run to 260 columns and more).
 * 0 or -ENOMEM (from @print too).
 */
static int folded(FILE *f, int (*print)(FILE *, const void *), const void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int r;

	if (!m)
		return -ENOMEM;
	r = print(m, arg);
	if (fclose(m) && !r)
		r = -ENOMEM;
	if (!r)
		sb_fmt_fold(f, text, SB_TEXT_COLUMNS, 4);
	free(text);
	return r;
}

struct xcheck_arg {
	const struct ci_xcheck *x;
	size_t n;
};

static int print_xcheck(FILE *f, const void *arg)
{
	const struct xcheck_arg *a = arg;

	ci_xcheck_print(f, a->x, a->n);
	return 0;
}

struct cost_arg {
	const struct ci_results *res;
	const struct ci_rules *rules;
};

static int print_cost(FILE *f, const void *arg)
{
	const struct cost_arg *a = arg;

	return ci_tracing_cost_print(f, a->res, a->rules);
}

/* Per kernel: the feature sets' seed tables, then their comparison. */
static int per_kernel(FILE *f, struct bench_end *b, const char *kernel)
{
	const struct ci_column *cols[CI_BENCH_MAX_COLS];
	struct ci_xcheck x[CI_XCHECK_MAX];
	char title[160];
	size_t n = 0, nx;
	int r;

	for (size_t k = 0; k < b->cols.n; k++) {
		const struct ci_column *col = &b->cols.v[k];
		struct ci_regime g;

		if (strcmp(col->kernel, kernel))
			continue;
		ci_regime_of(col, &g);
		ci_seed_table_print(f, col, &g);
		nx = ci_xcheck_of(col, x, CI_XCHECK_MAX);
		if (folded(f, print_xcheck, &(struct xcheck_arg){ x, nx }))
			return -ENOMEM;
		if (n < CI_BENCH_MAX_COLS)
			cols[n++] = col;
	}
	snprintf(title, sizeof(title), "kernel %s", kernel);
	if ((r = compare(f, b, cols, n, 1, title)))
		return r;
	return beside(f, b, cols, n, title);
}

/* With several kernels: each feature set's kernels side by side. */
static int per_fs(FILE *f, struct bench_end *b, const char *fs)
{
	const struct ci_column *cols[CI_BENCH_MAX_COLS];
	char title[160];
	size_t n = 0;

	for (size_t k = 0; k < b->cols.n && n < CI_BENCH_MAX_COLS; k++)
		if (!strcmp(b->cols.v[k].fs, fs))
			cols[n++] = &b->cols.v[k];
	snprintf(title, sizeof(title), "feature set %s", fs);
	return compare(f, b, cols, n, 0, title);
}

static int text(FILE *f, struct bench_end *b)
{
	const char *kernels[CI_BENCH_MAX_COLS], *fsets[CI_BENCH_MAX_COLS];
	size_t nk = ci_results_kernels(&b->res, kernels, CI_BENCH_MAX_COLS);
	int r = 0;

	b->n_kernels = nk;
	ci_rules_pick_say(f, &b->pick);
	for (size_t i = 0; i < nk && !r; i++)
		r = per_kernel(f, b, kernels[i]);
	if (nk > 1) {
		size_t nf = ci_results_fsets(&b->res, kernels[0], fsets,
					     CI_BENCH_MAX_COLS);

		for (size_t i = 0; i < nf && !r; i++)
			r = per_fs(f, b, fsets[i]);
	}
	return r;
}

/*
 * Host columns whose features were not set (--features-as-is, or already
 * the set's): their manifest's note, so the end never reads as a
 * comparison of features that did not change.
 */
static void unset_features(FILE *f, const struct bench_end *b)
{
	for (size_t k = 0; k < b->cols.n; k++) {
		const struct ci_manifest *m = &b->cols.v[k].runs[0]->manifest;

		if (!m->has_vm && m->features_settable == 0 && m->features_note)
			fprintf(f, "note: %s / %s: %s\n", b->cols.v[k].kernel,
				b->cols.v[k].fs, m->features_note);
	}
}

/*
 * The machine each kernel's first run started on (the manifest's
 * preflight: on the host the host, in a VM the guest), first in the end.
 */
static void machines(FILE *f, const struct bench_end *b)
{
	for (size_t k = 0; k < b->cols.n; k++) {
		const struct ci_manifest *m = &b->cols.v[k].runs[0]->manifest;
		int seen = 0;

		for (size_t j = 0; j < k; j++)
			seen |= !strcmp(b->cols.v[j].kernel,
					b->cols.v[k].kernel);
		if (!seen && m->preflight_summary) {
			char line[2048];

			snprintf(line, sizeof(line), "preflight, %s: %s",
				 b->cols.v[k].kernel, m->preflight_summary);
			sb_fmt_fold(f, line, SB_TEXT_COLUMNS, 4);
		}
	}
}

/* report.html and plots/ beside the runs: the verdicts and @summary (the terminal's text). */
static int report(const struct bench_end *b, const char *root,
		  const char *summary, struct sb_error *e)
{
	struct ci_row *rows = NULL;
	long n = ci_rows_build(&b->cols, &rows);
	int r;

	if (n < 0) {
		free(rows);
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	}
	struct ci_report_cmp cmps[MAX_CMPS];
	for (size_t i = 0; i < b->n_cmps; i++)
		cmps[i] = (struct ci_report_cmp){ &b->cmps[i], b->words[i] };
	struct ci_compare c = { &b->cols, rows,
				ci_rows_drop_other(rows, (size_t)n), NULL, 0 };
	struct ci_report_page page = { cmps, b->n_cmps, summary, b->beside };

	r = ci_plots_write(root, &c, &page, e);
	free(rows);
	return r;
}

/* The published table @scenario names, relative to the checkout root. */
static int published(struct bench_end *b, const char *scenario,
		     struct sb_error *e)
{
	char path[4096];
	int r;

	if (!b->scenario.published)
		return 0;
	if (sb_root_path(path, sizeof(path), b->scenario.published))
		return sb_error_set(e, -EINVAL, scenario, "published",
				    b->scenario.published, "path too long");
	if ((r = ci_published_load(path, &b->pub, e)))
		return r;
	b->has_pub = 1;
	b->beside_f = open_memstream(&b->beside, &b->beside_len);
	return b->beside_f ? 0 :
			     sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
					  "out of memory");
}

static int load(struct bench_end *b, const char *root, const char *rules,
		struct sb_error *e)
{
	char path[4200], named[1024], why[2048];
	struct ci_results *all = &b->res;
	int r = ci_results_load(root, &b->res, e);

	/* results that are not there were not measured; others are bad input */
	if (r)
		return r == -ENOENT || r == -ENOMEM ? -ENODATA : -EINVAL;
	if (!b->res.n_runs)
		return sb_error_set(e, -ENODATA, root, NULL, NULL,
				    "no complete run");
	/* a run hand-edited or copied in from another scenario: bad input */
	if ((r = ci_spec_one_scenario(root, &b->res, 0, e)))
		return r;
	if (ci_work_units_settle(&all, 1, why, sizeof(why)))
		sb_warn("warning: %s", why);
	if (ci_columns_build(&b->res, 1, &b->cols))
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	snprintf(path, sizeof(path), "%s/scenario.json", root);
	if ((r = ci_rules_named_by_run(root, named, sizeof(named), e)) ||
	    (r = ci_rules_pick_load(rules, named, path, &b->rules, &b->pick,
				    e)) ||
	    (r = ci_scenario_view_of_dir(root, &b->scenario, e)))
		return r;
	return published(b, path, e);
}

/* The verdict line over every comparison, malloc'd; NULL: out of memory. */
static char *verdict_of(const struct bench_end *b)
{
	struct ci_judged_list l = { 0 };
	enum ci_outcome o;

	for (size_t i = 0; i < b->n_cmps; i++)
		if (ci_bench_cmp_judged(&b->cmps[i], &l)) {
			ci_judged_free(&l);
			return NULL;
		}
	return ci_judged_say(&l, ci_verdict_line, &o);
}

int ci_bench_end(FILE *f, const char *root, const char *rules, char **verdict,
		 struct sb_error *e)
{
	struct bench_end b = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *m = NULL;
	int r = load(&b, root, rules, e);

	if (!r && !(m = open_memstream(&buf, &len)))
		r = -ENOMEM;
	if (!r) {
		machines(m, &b);
		unset_features(m, &b);
	}
	if (!r &&
	    (text(m, &b) ||
	     folded(m, print_cost, &(struct cost_arg){ &b.res, &b.rules })))
		r = -ENOMEM;
	if (m && fclose(m) && !r)
		r = -ENOMEM;
	if (r == -ENOMEM)
		sb_error_set(e, r, NULL, NULL, NULL, "out of memory");
	if (!r) {
		fputs(buf, f);
		r = report(&b, root, buf, e);
	}
	*verdict = r ? NULL : verdict_of(&b);
	free(buf);
	for (size_t i = 0; i < b.n_cmps; i++) {
		ci_bench_cmp_free(&b.cmps[i]);
		free(b.words[i]);
	}
	if (b.beside_f)
		fclose(b.beside_f);
	free(b.beside);
	ci_published_free(&b.pub);
	ci_scenario_view_free(&b.scenario);
	ci_rules_free(&b.rules);
	ci_columns_free(&b.cols);
	ci_results_free(&b.res);
	return r;
}
