// SPDX-License-Identifier: GPL-2.0
/* What `slicebench compare` makes of its columns besides the tables: the --groups asked for checked, and the end a run prints (rules, summary against the first column, verdicts). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_end.h"
#include "ci/compare_end.h"
#include "ci/rules_pick.h"
#include "common/exitcodes.h"
#include "common/fmt.h"

int ci_compare_check_groups(const char *list, const struct ci_row *rows,
			    size_t n)
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
	struct ci_scenario_view scenario;
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
	if ((r = ci_scenario_view_of_dir(dir, &d->scenario, &e)))
		return sb_error_report("slicebench compare", r, &e);
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
	const struct ci_bench_say say = { &d->rules, d->pick.name, &d->scenario,
					  0 };
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

int ci_compare_end_text(const char *dir, const char *rules,
			const struct ci_columns *cols, size_t n, char **text)
{
	struct compare_end d = { 0 };
	size_t len = 0;
	FILE *f;
	int r = end_load(&d, dir, rules);

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
	ci_scenario_view_free(&d.scenario);
	ci_rules_free(&d.rules);
	return r;
}
