// SPDX-License-Identifier: GPL-2.0
/* Results loader: results/<run-id>/<kernel>/<feature-set>/<repeat>/ into runs with metric values. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ci/manifest_file.h"
#include "ci/results.h"
#include "ci/scenario_view.h"
#include "ci/table_file.h"
#include "ci/util.h"
#include "common/array.h"
#include "common/fmt.h"
#include "common/atomicio.h"
#include "common/log.h"

struct names {
	char **v;
	size_t n, cap;
};

static void names_free(struct names *n)
{
	for (size_t i = 0; i < n->n; i++)
		free(n->v[i]);
	free(n->v);
	*n = (struct names){ 0 };
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Entries of @dir (sorted) that are directories (@want_dir) or files. */
static int list_dir(const char *dir, int want_dir, struct names *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	int ret = 0;

	*out = (struct names){ 0 };
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		struct stat st;
		char **nv;

		if (e->d_name[0] == '.')
			continue;
		sb_fmt(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) || !!S_ISDIR(st.st_mode) != !!want_dir)
			continue;
		nv = sb_array_grow(out->v, &out->cap, out->n + 1, sizeof(*nv));
		if (!nv) {
			ret = -ENOMEM;
			break;
		}
		out->v = nv;
		nv[out->n] = strdup(e->d_name);
		if (!nv[out->n]) {
			ret = -ENOMEM;
			break;
		}
		out->n++;
	}
	closedir(d);
	if (ret)
		names_free(out);
	else if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_name);
	return ret;
}

/* The sha256 of @j's content (keys sorted, no blanks) into @hex: 0 or -ENOMEM. */
static int content_digest(const json_t *j, char hex[SB_SHA256_HEX])
{
	char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);

	if (!text)
		return -ENOMEM;
	sb_sha256_buf(text, strlen(text), hex);
	free(text);
	return 0;
}

static int is_repeat(const char *s, unsigned int *rep)
{
	char *end;
	unsigned long v;

	if (*s < '1' || *s > '9')
		return 0;
	v = strtoul(s, &end, 10);
	if (*end || v > 1000000)
		return 0;
	*rep = (unsigned int)v;
	return 1;
}

/* No figure is larger: beyond it sums of squares stop meaning anything. */
#define MAX_FIGURE 1e18

/*
 * Can @m's figure be zero? Not a rate or a time taken by a workload. A
 * trace's figures can: a task switched in just before the trace stops is
 * never charged, and waits shorter than the trace clock's step read as 0.
 */
static int may_be_zero(const struct ci_metric *m)
{
	size_t ul = strlen(m->unit);

	return m->src == CI_SRC_TABLE ||
	       (strcmp(m->unit, "s") &&
		!(ul >= 2 && !strcmp(m->unit + ul - 2, "/s")));
}

/*
 * Values @from.. of @vals: finite, in [0, MAX_FIGURE], zero only where a
 * figure may be. The field is @prefix<path> of @file, or with @section
 * metrics.<name>.value; its value as written there.
 */
static int check_values(const struct ci_values *vals, size_t from,
			const char *file, const char *prefix, int section,
			struct sb_error *e)
{
	for (size_t i = from; i < vals->n; i++) {
		const struct ci_value *v = &vals->v[i];
		const struct ci_metric *m = ci_metric_at(v->metric);
		const char *why =
			!isfinite(v->v) ?
				"is not a finite number" :
			v->v < 0 ?
				"is negative" :
			v->v > MAX_FIGURE ?
				"is beyond any measured figure (> 1e18)" :
			v->v == 0 && !may_be_zero(m) ?
				"is zero: a workload's rate or time taken cannot be" :
				NULL;

		if (!why)
			continue;
		if (section)
			return sb_error_set(e, -EINVAL, file, NULL, NULL,
					    "metrics.%s.value: %g %s", m->name,
					    v->v, why);
		return sb_error_set(e, -EINVAL, file, NULL, NULL, "%s%s: %g %s",
				    prefix, m->path, v->v / m->scale, why);
	}
	return 0;
}

/* The catalogue's table metrics of group @g into @vals, by the rows' keys. */
static int table_values(const struct ci_table_row *g, struct ci_values *vals,
			struct sb_error *e)
{
	for (size_t i = 0; i < ci_metrics_count(); i++) {
		const struct ci_metric *m = ci_metric_at((int)i);
		double x;

		if (m->src != CI_SRC_TABLE || !ci_table_figure(g, m->path, &x))
			continue;
		if (!ci_values_add(vals, (int)i, g->comm, x * m->scale))
			return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
					    "out of memory");
	}
	return 0;
}

/*
 * table.json into @run by its rows (ci/table_file.c: a lost_events below 0,
 * a schema other than 1, two groups of one comm are refused there), and
 * each group's table metrics into @run->vals.
 */
static int load_table(struct ci_run *run, struct sb_error *e)
{
	struct ci_table *t = &run->delay_table;
	char path[4096];
	struct stat st;
	json_t *root;
	int r;

	sb_fmt(path, sizeof(path), "%s/table.json", run->path);
	if (stat(path, &st))
		return 0;
	r = ci_table_load(path, t, &root, e);
	if (r)
		return r;
	r = content_digest(root, run->table_sha256);
	json_decref(root);
	if (r)
		return r;
	run->has_table = 1;
	run->lost_events = t->lost_events;
	for (size_t i = 0; i < t->n_groups; i++) {
		r = table_values(&t->groups[i], &run->vals, e);
		if (r)
			return r;
	}
	return 0;
}

static int load_workload(struct ci_run *run, const char *dir, const char *file,
			 struct sb_error *e)
{
	char path[4096], where[4200];
	const char *dot = strrchr(file, '.');
	struct ci_doc *doc, *nd;
	size_t from = run->vals.n;
	const char *tool;
	int r;

	if (!dot || strcmp(dot, ".json"))
		return 0; /* raw outputs (.txt, .out, .yaml) and logs */
	nd = sb_array_grow(run->docs, &run->cap_docs, run->n_docs + 1,
			   sizeof(*nd));
	if (!nd)
		return -ENOMEM;
	run->docs = nd;
	doc = &nd[run->n_docs];
	*doc = (struct ci_doc){ .name = strndup(file, (size_t)(dot - file)) };
	if (!doc->name)
		return -ENOMEM;
	run->n_docs++;
	sb_fmt(path, sizeof(path), "%s/%s", dir, file);
	r = sbw_doc_load(path, &doc->file, &doc->json, e);
	if (r)
		return r;
	if (content_digest(doc->json, doc->sha256))
		return -ENOMEM;
	doc->errored = doc->file.status && strcmp(doc->file.status, "ok");
	if (doc->errored) {
		sb_warn("warning: %s: status \"%s\": its figures are left out",
			path, doc->file.status);
		return 0;
	}
	if (doc->file.metrics) {
		r = ci_extract_section(doc->file.metrics, doc->file.n_metrics,
				       doc->name, &run->vals);
		if (r)
			return sb_error_set(e, r, NULL, NULL, NULL,
					    "out of memory");
		return check_values(&run->vals, from, path, "", 1, e);
	}
	/* Older documents without the section: read by the list's paths. */
	tool = doc->file.tool;
	if (!tool || !ci_metric_tool_known(tool))
		return 0; /* another program's output (cyclictest): kept, not read */
	if (!doc->file.result)
		return sb_error_set(e, -EINVAL, path, "result", NULL,
				    "missing or not an object");
	sb_fmt(where, sizeof(where), "%s: result", path);
	r = ci_extract_json(CI_SRC_JSON, tool, (json_t *)doc->file.result,
			    doc->name, where, &run->vals, e);
	return r ?: check_values(&run->vals, from, path, "result.", 0, e);
}

static int load_workloads(struct ci_run *run, struct sb_error *e)
{
	char dir[4096];
	struct names files;
	int r;

	sb_fmt(dir, sizeof(dir), "%s/workloads", run->path);
	r = list_dir(dir, 0, &files);
	if (r == -ENOENT)
		return 0;
	if (r)
		return sb_error_set(e, r, dir, NULL, NULL, "%s", strerror(-r));
	for (size_t i = 0; i < files.n && !r; i++)
		r = load_workload(run, dir, files.v[i], e);
	names_free(&files);
	return r;
}

/*
 * The manifest @m's run.kernel, run.feature_set and run.repeat, when
 * given, are those of its directory (@run's): a copied or moved run
 * directory must not stand for another kernel or feature set.
 */
static int check_identity(const struct ci_manifest *m, const char *mpath,
			  const struct ci_run *run, struct sb_error *e)
{
	if (m->kernel && strcmp(m->kernel, run->kernel))
		return sb_error_set(e, -EINVAL, mpath, "run.kernel", NULL,
				    "\"%s\" is not the directory's kernel "
				    "\"%s\"",
				    m->kernel, run->kernel);
	if (m->feature_set && strcmp(m->feature_set, run->fs))
		return sb_error_set(e, -EINVAL, mpath, "run.feature_set", NULL,
				    "\"%s\" is not the directory's feature set "
				    "\"%s\"",
				    m->feature_set, run->fs);
	if (m->repeat && m->repeat != (int)run->repeat)
		return sb_error_set(e, -EINVAL, mpath, "run.repeat", NULL,
				    "%d is not the directory's repeat %u",
				    m->repeat, run->repeat);
	return 0;
}

/*
 * 1 when @run->path holds a complete run (its manifest's host.hostname,
 * scenario.sha256 and start_time into @run), 0 when not, -EINVAL when
 * malformed (by the manifest's rows, ci/manifest_file.c), -ENOMEM.
 */
static int run_complete(struct ci_run *run, struct sb_error *e)
{
	struct ci_manifest m;
	char mpath[4096];
	struct stat st;
	int ok, r;

	sb_fmt(mpath, sizeof(mpath), "%s/manifest.json", run->path);
	if (stat(mpath, &st))
		return 0;
	r = ci_manifest_load(mpath, &m, e);
	if (r)
		return r;
	ok = m.status == CI_RUN_COMPLETE;
	if (ok && check_identity(&m, mpath, run, e)) {
		ci_manifest_free(&m);
		return -EINVAL;
	}
	run->untraced = m.untraced;
	run->host = m.hostname ? m.hostname : strdup("");
	run->scenario_sha256 = m.scenario_sha256;
	run->start_time = m.start_time;
	m.hostname = m.scenario_sha256 = m.start_time = NULL;
	run->manifest = m;
	return run->host ? ok : -ENOMEM;
}

static void run_free(struct ci_run *run)
{
	free(run->kernel);
	free(run->fs);
	free(run->path);
	free(run->host);
	free(run->scenario_sha256);
	free(run->start_time);
	ci_manifest_free(&run->manifest);
	ci_table_free(&run->delay_table);
	for (size_t i = 0; i < run->n_docs; i++) {
		free(run->docs[i].name);
		sbw_doc_free(&run->docs[i].file);
		json_decref(run->docs[i].json);
	}
	free(run->docs);
	ci_values_free(&run->vals);
}

/*
 * Move @run, not complete, to @res->failed (a control run is dropped: the
 * traced runs' losses are the gate's). 0 or -ENOMEM.
 */
static int keep_failed(struct ci_results *res, struct ci_run *run)
{
	struct ci_run *v;

	if (run->untraced) {
		run_free(run);
		return 0;
	}
	v = realloc(res->failed, (res->n_failed + 1) * sizeof(*v));
	if (!v) {
		run_free(run);
		return -ENOMEM;
	}
	res->failed = v;
	v[res->n_failed] = *run;
	if (!v[res->n_failed].host) /* no manifest: no host said */
		v[res->n_failed].host = strdup("");
	return v[res->n_failed++].host ? 0 : -ENOMEM;
}

static int add_run(struct ci_results *res, const char *kdir, const char *fs,
		   unsigned int rep, struct sb_error *e)
{
	struct ci_run *runs, *run;
	char path[4096];
	int r;

	if (sb_fmt(path, sizeof(path), "%s/%s/%s/%u", res->dir, kdir, fs, rep))
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "%s/%s/%s: path too long", res->dir, kdir,
				    fs);
	runs = sb_array_grow(res->runs, &res->cap_runs, res->n_runs + 1,
			     sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	res->runs = runs;
	run = &runs[res->n_runs++]; /* freed with the rest, or now */
	*run = (struct ci_run){ .repeat = rep };
	run->kernel = strdup(kdir);
	run->fs = strdup(fs);
	run->path = strdup(path);
	if (!run->kernel || !run->fs || !run->path)
		return -ENOMEM;
	r = run_complete(run, e);
	if (r < 0) {
		run_free(run);
		res->n_runs--;
		return r;
	}
	if (!r) {
		res->n_runs--;
		res->incomplete++;
		return keep_failed(res, run);
	}
	r = load_table(run, e);
	return r ? r : load_workloads(run, e);
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return (x > y) - (x < y);
}

static int load_fs(struct ci_results *res, const char *kdir, const char *fs,
		   struct sb_error *e)
{
	char path[4096];
	struct names reps;
	unsigned int *nums;
	size_t n = 0;
	int r;

	sb_fmt(path, sizeof(path), "%s/%s/%s", res->dir, kdir, fs);
	r = list_dir(path, 1, &reps);
	if (r)
		return r == -ENOMEM ? r : 0;
	nums = calloc(reps.n + 1, sizeof(*nums));
	if (!nums) {
		names_free(&reps);
		return -ENOMEM;
	}
	for (size_t i = 0; i < reps.n; i++)
		n += (size_t)is_repeat(reps.v[i], &nums[n]);
	names_free(&reps);
	qsort(nums, n, sizeof(*nums), cmp_uint);
	for (size_t i = 0; i < n && !r; i++)
		r = add_run(res, kdir, fs, nums[i], e);
	free(nums);
	return r;
}

/* Rank of feature set @fs in @dir/scenario.json (its order), else large. */
static size_t scenario_rank(const struct ci_scenario_view *scen, const char *fs)
{
	for (size_t i = 0; i < scen->n_sets; i++)
		if (!strcmp(scen->sets[i].name, fs))
			return i;
	return (size_t)-1;
}

static void order_fsets(struct names *fsets,
			const struct ci_scenario_view *scen)
{
	for (size_t i = 1; i < fsets->n; i++) /* stable insertion by rank */
		for (size_t j = i;
		     j > 0 && scenario_rank(scen, fsets->v[j]) <
				      scenario_rank(scen, fsets->v[j - 1]);
		     j--) {
			char *t = fsets->v[j];

			fsets->v[j] = fsets->v[j - 1];
			fsets->v[j - 1] = t;
		}
}

/* Move the control arm's runs from @r->runs to @r->untraced, in order. */
static int split_untraced(struct ci_results *r)
{
	size_t kept = 0;

	r->untraced = calloc(r->n_runs + 1, sizeof(*r->untraced));
	if (!r->untraced)
		return -ENOMEM;
	for (size_t i = 0; i < r->n_runs; i++)
		if (r->runs[i].untraced)
			r->untraced[r->n_untraced++] = r->runs[i];
		else
			r->runs[kept++] = r->runs[i];
	r->n_runs = kept;
	return 0;
}

int ci_results_load(const char *dir, struct ci_results *out, struct sb_error *e)
{
	struct names kernels, fsets;
	char path[4096];
	struct ci_scenario_view scen;
	int r;

	*out = (struct ci_results){ .dir = strdup(dir) };
	if (!out->dir)
		return sb_error_set(e, -ENOMEM, dir, NULL, NULL,
				    "out of memory");
	r = list_dir(dir, 1, &kernels);
	if (r)
		return sb_error_set(e, r, dir, NULL, NULL, "%s", strerror(-r));
	if ((r = ci_scenario_view_of_dir(dir, &scen, e))) {
		names_free(&kernels);
		return r;
	}
	for (size_t k = 0; k < kernels.n && !r; k++) {
		sb_fmt(path, sizeof(path), "%s/%s", dir, kernels.v[k]);
		r = list_dir(path, 1, &fsets);
		if (r)
			break;
		order_fsets(&fsets, &scen);
		for (size_t f = 0; f < fsets.n && !r; f++)
			r = load_fs(out, kernels.v[k], fsets.v[f], e);
		names_free(&fsets);
	}
	ci_scenario_view_free(&scen);
	names_free(&kernels);
	if (!r)
		r = split_untraced(out);
	if (r == -ENOMEM)
		sb_error_set(e, r, dir, NULL, NULL, "out of memory");
	return r;
}

static size_t distinct(const struct ci_results *r, const char *kernel,
		       const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_runs; i++) {
		const char *s = kernel ? r->runs[i].fs : r->runs[i].kernel;
		size_t j;

		if (kernel && strcmp(r->runs[i].kernel, kernel))
			continue;
		for (j = 0; j < n && strcmp(out[j], s); j++)
			;
		if (j == n && n < max)
			out[n++] = s;
	}
	return n;
}

size_t ci_results_kernels(const struct ci_results *r, const char **out,
			  size_t max)
{
	return distinct(r, NULL, out, max);
}

size_t ci_results_hosts(const struct ci_results *r, const char **out,
			size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_runs; i++) {
		size_t j = 0;

		while (j < n && strcmp(out[j], r->runs[i].host))
			j++;
		if (j == n && n < max)
			out[n++] = r->runs[i].host;
	}
	return n;
}

/* Does @run stay? @arg: what the test asks of it. */
typedef int (*run_pred)(const struct ci_run *run, const void *arg);

/* Keep the runs @v[0..*@n) that @keep, in order; free the others. */
static void keep_runs(struct ci_run *v, size_t *n, run_pred keep,
		      const void *arg)
{
	size_t kept = 0;

	for (size_t i = 0; i < *n; i++)
		if (keep(&v[i], arg))
			v[kept++] = v[i];
		else
			run_free(&v[i]);
	*n = kept;
}

/* keep_runs() over both the complete and the failed runs of @r. */
static void keep_all(struct ci_results *r, run_pred keep, const void *arg)
{
	keep_runs(r->runs, &r->n_runs, keep, arg);
	keep_runs(r->failed, &r->n_failed, keep, arg);
}

static int on_host(const struct ci_run *run, const void *host)
{
	return !strcmp(run->host, host);
}

void ci_results_keep_host(struct ci_results *r, const char *host)
{
	keep_all(r, on_host, host);
}

static int in_rounds(const struct ci_run *run, const void *last)
{
	return run->repeat <= *(const unsigned int *)last;
}

void ci_results_keep_rounds(struct ci_results *r, unsigned int last)
{
	keep_all(r, in_rounds, &last);
}

size_t ci_results_fsets(const struct ci_results *r, const char *kernel,
			const char **out, size_t max)
{
	return distinct(r, kernel, out, max);
}

void ci_names_join(const char **v, size_t n, char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
					i ? ", " : "", v[i]);
	if (!n)
		snprintf(buf, len, "none");
}

/* Does @dir/@kernel (or, with @fs, any @dir/<kernel>/@fs) exist? */
static int dir_exists(const char *dir, const char *kernel, const char *fs)
{
	struct names kernels;
	char path[4096];
	struct stat st;
	int found = 0;

	if (kernel) {
		return !sb_fmt(path, sizeof(path), "%s/%s/%s", dir, kernel,
			       fs ? fs : "") &&
		       !stat(path, &st) && S_ISDIR(st.st_mode);
	}
	if (list_dir(dir, 1, &kernels))
		return 0;
	for (size_t i = 0; i < kernels.n && !found; i++)
		found = dir_exists(dir, kernels.v[i], fs);
	names_free(&kernels);
	return found;
}

/*
 * Nothing of @what @name in @dir to keep: -ENODATA when its directory is
 * @there (runs, none complete), else -ENOENT, @more said after the name.
 */
static int refuse(struct sb_error *e, const char *dir, int there,
		  const char *what, const char *name, const char *more)
{
	if (there)
		return sb_error_set(e, -ENODATA, dir, NULL, NULL,
				    "%s \"%s\" has no complete runs", what,
				    name);
	return sb_error_set(e, -ENOENT, dir, NULL, NULL,
			    "no complete runs of %s \"%s\"%s", what, name,
			    more);
}

/* A kernel and a feature set; NULL: any. */
struct set_id {
	const char *kernel, *fs;
};

static int of_set(const struct ci_run *run, const void *want)
{
	const struct set_id *w = want;

	return (!w->kernel || !strcmp(run->kernel, w->kernel)) &&
	       (!w->fs || !strcmp(run->fs, w->fs));
}

int ci_results_filter(struct ci_results *r, const char *kernel, const char *fs,
		      struct sb_error *e)
{
	const char *have[64];
	char list[1024], more[1100];
	size_t n;

	if (kernel && !ci_results_fsets(r, kernel, have, 64)) {
		n = ci_results_kernels(r, have, 64);
		ci_names_join(have, n, list, sizeof(list));
		snprintf(more, sizeof(more), " (kernels there: %s)", list);
		return refuse(e, r->dir, dir_exists(r->dir, kernel, NULL),
			      "kernel", kernel, more);
	}
	keep_all(r, of_set, &(const struct set_id){ kernel, fs });
	if (!r->n_runs && fs) {
		snprintf(more, sizeof(more), "%s%s",
			 kernel ? " of kernel " : "", kernel ? kernel : "");
		return refuse(e, r->dir, dir_exists(r->dir, kernel, fs),
			      "feature set", fs, more);
	}
	return 0;
}

void ci_results_free(struct ci_results *r)
{
	for (size_t i = 0; i < r->n_runs; i++)
		run_free(&r->runs[i]);
	for (size_t i = 0; i < r->n_untraced; i++)
		run_free(&r->untraced[i]);
	for (size_t i = 0; i < r->n_failed; i++)
		run_free(&r->failed[i]);
	free(r->failed);
	free(r->runs);
	free(r->untraced);
	free(r->dir);
	*r = (struct ci_results){ 0 };
}

int ci_spec_split(const char *spec, char **dir, char **kernel, char **fs)
{
	const char *colon = strrchr(spec, ':'), *slash;
	struct stat st;

	*dir = *kernel = *fs = NULL;
	if (!colon || (!stat(spec, &st) && S_ISDIR(st.st_mode))) {
		*dir = strdup(spec);
		return *dir ? 0 : -ENOMEM;
	}
	slash = strchr(colon + 1, '/');
	if (colon == spec || !colon[1] || slash == colon + 1 ||
	    (slash && (!slash[1] || strchr(slash + 1, '/'))))
		return -EINVAL;
	*dir = strndup(spec, (size_t)(colon - spec));
	*kernel = slash ? strndup(colon + 1, (size_t)(slash - colon - 1)) :
			  strdup(colon + 1);
	if (slash)
		*fs = strdup(slash + 1);
	if (!*dir || !*kernel || (slash && !*fs))
		return -ENOMEM;
	return 0;
}
