// SPDX-License-Identifier: GPL-2.0
/* Copied runs, within a side or across the two: refused, for a copy is no second measurement. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/dup_runs.h"
#include "common/sha256.h"

/* One measurement file of a run and the digest of its content. */
struct digest {
	char hex[SB_SHA256_HEX];
	const char *name; /* "table" or the workload's document name */
	const struct ci_run *run;
	size_t seq; /* its place: BASE's runs, then CAND's, in order */
};

/* Into @d (of @v): the digest @hex of @run's file @name. */
static void digest_of(const char *hex, const char *name,
		      const struct ci_run *run, struct digest *v,
		      struct digest *d)
{
	*d = (struct digest){ .name = name,
			      .run = run,
			      .seq = (size_t)(d - v) };
	snprintf(d->hex, sizeof(d->hex), "%s", hex);
}

/* The digests of @r's runs' measurements (ci/results.c's), appended at @v[*@n]. */
static void collect(const struct ci_results *r, struct digest *v, size_t *n)
{
	for (size_t i = 0; r && i < r->n_runs; i++) {
		const struct ci_run *run = &r->runs[i];

		if (run->has_table && run->delay_table.n_groups)
			digest_of(run->table_sha256, "table", run, v,
				  &v[(*n)++]);
		for (size_t k = 0; k < run->n_docs; k++)
			if (!run->docs[k].errored)
				digest_of(run->docs[k].sha256,
					  run->docs[k].name, run, v,
					  &v[(*n)++]);
	}
}

/* By file, then content: copies side by side, each after its original. */
static int cmp_digest(const void *a, const void *b)
{
	const struct digest *x = a, *y = b;
	int c = strcmp(x->name, y->name) ?: strcmp(x->hex, y->hex);

	return c ?: (x->seq > y->seq) - (x->seq < y->seq);
}

static int same_content(const struct digest *x, const struct digest *y)
{
	return !strcmp(x->name, y->name) && !strcmp(x->hex, y->hex);
}

/* "<run>/table.json" or "<run>/workloads/<name>.json" of @d into @buf. */
static void file_of(const struct digest *d, char *buf, size_t len)
{
	if (!strcmp(d->name, "table"))
		snprintf(buf, len, "%s/table.json", d->run->path);
	else
		snprintf(buf, len, "%s/workloads/%s.json", d->run->path,
			 d->name);
}

static size_t files(const struct ci_results *r)
{
	size_t n = 0;

	for (size_t i = 0; r && i < r->n_runs; i++)
		n += 1 + r->runs[i].n_docs;
	return n;
}

int ci_runs_distinct(const struct ci_results *base,
		     const struct ci_results *cand, struct sb_error *e)
{
	struct digest *v = calloc(files(base) + files(cand) + 1, sizeof(*v));
	char a[4400], b[4400];
	size_t n = 0;
	int r = v ? 0 : -ENOMEM;

	if (!r) {
		collect(base, v, &n);
		collect(cand, v, &n);
		qsort(v, n, sizeof(*v), cmp_digest);
	}
	for (size_t i = 1; !r && i < n; i++) {
		if (!same_content(&v[i - 1], &v[i]))
			continue;
		file_of(&v[i - 1], a, sizeof(a));
		file_of(&v[i], b, sizeof(b));
		r = sb_error_set(e, -EINVAL, b, NULL, NULL,
				 "sha256 %.12s: the same measurement as %s: a "
				 "copied run is no second run",
				 v[i].hex, a);
	}
	free(v);
	if (r == -ENOMEM)
		sb_error_set(e, r, NULL, NULL, NULL, "out of memory");
	return r;
}
