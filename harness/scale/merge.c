// SPDX-License-Identifier: GPL-2.0
/* slicebench merge: per-host results trees into one, with unit, scenario and kernel checks. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>

#include "common/array.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/spawn.h"
#include "ci/manifest_file.h"
#include "harness/plan.h"
#include "harness/scale/merge.h"

/* One complete unit found in an input (or already in OUT: src == -1). */
struct arrival {
	long src;
	struct ci_manifest manifest;
};

struct merge_state {
	const char *out;
	const char *const *dirs;
	size_t n_dirs;
	struct plan plan;
	int have_plan;
	char plan_from[PATH_MAX + 16];
	struct arrival **arr; /* per planned unit, NULL-terminated lists */
	size_t *n_arr, *cap_arr;
	struct merge_report *rep;
};

static void say(struct merge_report *rep, const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	size_t n;
	char *t;

	va_start(ap, fmt);
	n = (size_t)vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	t = sb_array_grow(rep->text, &rep->cap, rep->len + n + 2, 1);
	if (!t)
		return;
	memcpy(t + rep->len, line, n);
	t[rep->len + n] = '\n';
	t[rep->len + n + 1] = '\0';
	rep->text = t;
	rep->len += n + 1;
}

static const char *src_name(const struct merge_state *m, long src)
{
	return src < 0 ? m->out : m->dirs[src];
}

/* A manifest's string, "(none)" when unsaid. */
static const char *mstr(const char *s)
{
	return s ? s : "(none)";
}

/* The plan: OUT's plan.json, else the first input's; all present must agree. */
static int load_plan(struct merge_state *m, struct sb_error *e)
{
	char path[PATH_MAX + 16];
	struct plan p;

	for (long i = -1; i < (long)m->n_dirs; i++) {
		snprintf(path, sizeof(path), "%s/plan.json", src_name(m, i));
		if (access(path, F_OK))
			continue;
		if (plan_load(path, &p, e))
			return -EINVAL;
		if (!m->have_plan) {
			m->plan = p;
			m->have_plan = 1;
			snprintf(m->plan_from, sizeof(m->plan_from), "%s",
				 path);
			continue;
		}
		if (!plan_same(&p, &m->plan)) {
			m->rep->mismatches++;
			say(m->rep, "%s: another plan than %s", path,
			    m->plan_from);
		}
		plan_free(&p);
	}
	if (!m->have_plan)
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "no plan.json in %s or the inputs (make "
				    "one with slicebench plan --results)",
				    m->out);
	m->rep->planned = m->plan.n_runs;
	return 0;
}

/* @man is the arrival's from now on (freed with it), or freed here. */
static int add_arrival(struct merge_state *m, size_t unit, long src,
		       struct ci_manifest *man)
{
	struct arrival *a = sb_array_grow(m->arr[unit], &m->cap_arr[unit],
					  m->n_arr[unit] + 1, sizeof(*a));

	if (!a) {
		ci_manifest_free(man);
		return -ENOMEM;
	}
	a[m->n_arr[unit]++] = (struct arrival){ src, *man };
	m->arr[unit] = a;
	return 0;
}

/* Is @name a unit path component (not ".", "..", a temp dir or a file)? */
static int unit_component(const char *base, const char *name)
{
	char path[PATH_MAX + 300];
	struct stat st;
	size_t n = strlen(name);

	if (*name == '.' || (n > 4 && !strcmp(name + n - 4, ".tmp")))
		return 0;
	snprintf(path, sizeof(path), "%s/%s", base, name);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* One <kernel>/<set>/<repeat>/manifest.json of input @src. */
static int scan_unit(struct merge_state *m, long src, const char *k,
		     const char *s, const char *r)
{
	char id[400], path[PATH_MAX + 400];
	struct plan_run run;
	struct ci_manifest man;
	struct sb_error why;
	long at;

	snprintf(path, sizeof(path), "%s/%s/%s/%s/manifest.json",
		 src_name(m, src), k, s, r);
	if (access(path, F_OK))
		return 0;
	if (ci_manifest_load(path, &man, &why)) {
		m->rep->mismatches++;
		say(m->rep, "%s", why.msg);
		return 0;
	}
	snprintf(id, sizeof(id), "%s/%s/%s", k, s, r);
	if (plan_unit_parse(id, &run) || (at = plan_find(&m->plan, &run)) < 0) {
		m->rep->unknown++;
		say(m->rep, "unit %s (%s) is not in the plan of %s", id,
		    src_name(m, src), m->plan_from);
	} else if (man.status == CI_RUN_COMPLETE) {
		return add_arrival(m, (size_t)at, src, &man);
	} else if (src >= 0) {
		say(m->rep, "note: unit %s failed in %s on host %s: %s", id,
		    src_name(m, src), mstr(man.hostname),
		    man.failure ?: "(no reason)");
	}
	ci_manifest_free(&man);
	return 0;
}

/* Walk the three directory levels <kernel>/<set>/<repeat> of input @src. */
static int walk(struct merge_state *m, long src, const char **names, int depth)
{
	char base[PATH_MAX];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	snprintf(base, sizeof(base), "%s", src_name(m, src));
	for (int i = 0; i < depth; i++)
		snprintf(base + strlen(base), sizeof(base) - strlen(base),
			 "/%s", names[i]);
	d = opendir(base);
	if (!d)
		return depth ? 0 : -errno;
	while (!rc && (de = readdir(d))) {
		if (!unit_component(base, de->d_name))
			continue;
		if (!depth && !strcmp(de->d_name, "hosts"))
			continue; /* an executor's per-host inputs */
		names[depth] = de->d_name;
		rc = depth == 2 ?
			     scan_unit(m, src, names[0], names[1], names[2]) :
			     walk(m, src, names, depth + 1);
	}
	closedir(d);
	return rc;
}

/* A manifest's kernel build facts, in the order of check_builds' keys. */
static const char *build_fact(const struct ci_manifest *man, size_t j)
{
	const char *const facts[] = { man->kernel_config_sha256,
				      man->kernel_source, man->kernel_release };

	return facts[j];
}

/* Scenario version and one kernel build per kernel name, over all arrivals. */
static void check_builds(struct merge_state *m)
{
	static const char *const keys[] = { "config_sha256", "source",
					    "release" };
	const struct ci_manifest *first[PLAN_MAX_KERNELS] = { 0 };
	const char *first_unit[PLAN_MAX_KERNELS] = { 0 };
	char id[300], fid[300];

	for (size_t u = 0; u < m->plan.n_runs; u++) {
		int k = 0;

		while (k < m->plan.n_kernels &&
		       strcmp(m->plan.kernels[k], m->plan.runs[u].kernel))
			k++;
		plan_unit_id(&m->plan.runs[u], id, sizeof(id));
		for (size_t i = 0; i < m->n_arr[u]; i++) {
			const struct ci_manifest *man = &m->arr[u][i].manifest;
			const char *from = src_name(m, m->arr[u][i].src);

			if (strcmp(mstr(man->scenario_sha256),
				   m->plan.scenario_sha256)) {
				m->rep->mismatches++;
				say(m->rep,
				    "unit %s (%s): scenario sha256 %s, the "
				    "plan's is %s",
				    id, from, mstr(man->scenario_sha256),
				    m->plan.scenario_sha256);
			}
			if (k == m->plan.n_kernels)
				continue;
			if (!first[k]) {
				first[k] = man;
				first_unit[k] = from;
				snprintf(fid, sizeof(fid), "%s", id);
				continue;
			}
			for (size_t j = 0; j < 3; j++) {
				const char *a = mstr(build_fact(first[k], j)),
					   *b = mstr(build_fact(man, j));

				if (!strcmp(a, b))
					continue;
				m->rep->mismatches++;
				say(m->rep,
				    "kernel %s: unit %s (%s) has %s %s, unit "
				    "%s (%s) has %s",
				    m->plan.kernels[k], id, from, keys[j], b,
				    fid, first_unit[k], a);
			}
		}
	}
}

static void check_counts(struct merge_state *m, int allow_gaps)
{
	char id[300];

	for (size_t u = 0; u < m->plan.n_runs; u++) {
		plan_unit_id(&m->plan.runs[u], id, sizeof(id));
		if (!m->n_arr[u]) {
			m->rep->gaps++;
			say(m->rep, "%sunit %s: missing (no complete run)",
			    allow_gaps ? "note: " : "", id);
		} else if (m->n_arr[u] > 1) {
			char list[2048] = "";

			for (size_t i = 0; i < m->n_arr[u]; i++)
				snprintf(list + strlen(list),
					 sizeof(list) - strlen(list), "%s%s",
					 i ? ", " : "",
					 src_name(m, m->arr[u][i].src));
			m->rep->duplicates++;
			say(m->rep, "unit %s: arrived %zu times (%s)", id,
			    m->n_arr[u], list);
		}
	}
}

/* Copy (cp -a, no shell) or rename @from to @to through a temp name. */
static int bring(const char *from, const char *to, int move)
{
	char tmp[PATH_MAX + 32];
	int rc;

	snprintf(tmp, sizeof(tmp), "%s.merge.tmp", to);
	sb_rm_rf(tmp);
	sb_rm_rf(to); /* a failed attempt: a complete one was a duplicate */
	if (move && !rename(from, to))
		return 0;
	if (move && errno != EXDEV)
		return -errno;
	const char *argv[] = { "cp", "-a", "--", from, tmp, NULL };
	struct sb_spawn sp = { .argv = argv };

	rc = sb_run(&sp, -1);
	if (rc) {
		sb_rm_rf(tmp);
		return rc < 0 ? rc : -EIO;
	}
	if (rename(tmp, to))
		return -errno;
	return move ? sb_rm_rf(from) : 0;
}

static int copy_scenario(struct merge_state *m)
{
	char path[PATH_MAX + 32], *text;
	size_t n;
	int rc;

	snprintf(path, sizeof(path), "%s/scenario.json", m->out);
	if (!access(path, F_OK))
		return 0;
	for (size_t i = 0; i < m->n_dirs; i++) {
		snprintf(path, sizeof(path), "%s/scenario.json", m->dirs[i]);
		if (sb_read_file(path, &text, &n))
			continue;
		snprintf(path, sizeof(path), "%s/scenario.json", m->out);
		rc = sb_write_file_atomic(path, text, n);
		free(text);
		return rc;
	}
	return 0;
}

static int apply(struct merge_state *m, const struct merge_opts *o,
		 struct sb_error *e)
{
	char from[PATH_MAX], to[PATH_MAX], path[PATH_MAX + 32], id[300];
	json_t *units = json_array(), *plan;
	int rc;

	if ((rc = sb_mkdir_p(m->out, 0755)) || (rc = copy_scenario(m))) {
		sb_error_set(e, rc, m->out, NULL, NULL, "%s", strerror(-rc));
		json_decref(units);
		return rc;
	}
	snprintf(path, sizeof(path), "%s/plan.json", m->out);
	plan = plan_to_json(&m->plan);
	rc = plan ? sb_json_dump_atomic(path, plan) : -ENOMEM;
	json_decref(plan);
	for (size_t u = 0; !rc && u < m->plan.n_runs; u++) {
		const struct plan_run *r = &m->plan.runs[u];

		if (!m->n_arr[u])
			continue;
		plan_unit_id(r, id, sizeof(id));
		json_array_append_new(
			units, json_pack("{s:s,s:s,s:s}", "unit", id, "from",
					 src_name(m, m->arr[u][0].src), "host",
					 mstr(m->arr[u][0].manifest.hostname)));
		m->rep->present++;
		if (m->arr[u][0].src < 0)
			continue;
		plan_run_dir(m->dirs[m->arr[u][0].src], r, from, sizeof(from));
		plan_run_dir(m->out, r, to, sizeof(to));
		snprintf(path, sizeof(path), "%s/%s/%s", m->out, r->kernel,
			 r->set);
		if ((rc = sb_mkdir_p(path, 0755)) ||
		    (rc = bring(from, to, o->move)))
			sb_error_set(e, rc, NULL, NULL, NULL, "%s -> %s: %s",
				     from, to, strerror(-rc));
		else
			m->rep->merged++;
	}
	snprintf(path, sizeof(path), "%s/merge.json", m->out);
	json_t *doc = json_pack("{s:i,s:s,s:o}", "schema", SB_SCHEMA, "plan",
				m->plan_from, "units", units);

	if (!rc && (rc = sb_json_dump_atomic(path, doc)))
		sb_error_set(e, rc, path, NULL, NULL, "%s", strerror(-rc));
	json_decref(doc);
	return rc;
}

int merge_results(const char *out, const char *const *dirs, size_t n_dirs,
		  const struct merge_opts *o, struct merge_report *rep,
		  struct sb_error *e)
{
	struct merge_state m = {
		.out = out, .dirs = dirs, .n_dirs = n_dirs, .rep = rep
	};
	const char *names[3];
	int rc;

	memset(rep, 0, sizeof(*rep));
	rep->text = calloc(1, 1);
	if (!rep->text)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	rep->cap = 1;
	if ((rc = load_plan(&m, e)))
		goto out;
	m.arr = calloc(m.plan.n_runs + 1, sizeof(*m.arr));
	m.n_arr = calloc(m.plan.n_runs + 1, sizeof(*m.n_arr));
	m.cap_arr = calloc(m.plan.n_runs + 1, sizeof(*m.cap_arr));
	rc = m.arr && m.n_arr && m.cap_arr ?
		     0 :
		     sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				  "out of memory");
	/* -1: the units already in OUT, then each input */
	for (long i = access(out, F_OK) ? 0 : -1; !rc && i < (long)n_dirs; i++)
		if ((rc = walk(&m, i, names, 0)))
			sb_error_set(e, rc, src_name(&m, i), NULL, NULL, "%s",
				     strerror(-rc));
	if (rc)
		goto out;
	check_builds(&m);
	check_counts(&m, o->allow_gaps);
	if (rep->duplicates || rep->mismatches || rep->unknown ||
	    (rep->gaps && !o->allow_gaps))
		rc = 1;
	else
		rc = apply(&m, o, e);
out:
	for (size_t u = 0; m.arr && u < m.plan.n_runs; u++) {
		for (size_t i = 0; i < m.n_arr[u]; i++)
			ci_manifest_free(&m.arr[u][i].manifest);
		free(m.arr[u]);
	}
	free(m.arr);
	free(m.n_arr);
	free(m.cap_arr);
	plan_free(&m.plan);
	return rc;
}

void merge_report_free(struct merge_report *rep)
{
	free(rep->text);
	rep->text = NULL;
}
