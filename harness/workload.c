// SPDX-License-Identifier: GPL-2.0
/* Scenario workloads as argvs, from their descriptors (never a shell). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/envelope.h"
#include "harness/workload.h"
#include "workloads/registry/doc_file.h"

void wl_summary(const struct sbw_workload *d, const char *path, char *buf,
		size_t len)
{
	struct sb_error e;
	struct sbw_doc doc;
	size_t used = 0;
	json_t *root;

	if (d->summary) {
		d->summary(path, buf, len);
		return;
	}
	if (sbw_doc_load(path, &doc, &root, &e))
		return; /* a summary is a courtesy: the results' reader says why */
	for (size_t i = 0; i < doc.n_metrics; i++) {
		const struct sbw_doc_metric *m = &doc.metrics[i];
		int n;

		if (isnan(m->value))
			continue; /* not measured */
		n = snprintf(buf + used, len - used, "%s%s %g %s",
			     used ? ", " : "", m->name, m->value,
			     m->unit ?: "");
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	sbw_doc_free(&doc);
	json_decref(root);
}

int wl_instances(const struct sc_workload *w)
{
	return w->desc->count_opt ? 1 : w->count;
}

/* <name>.<ext>, or <name>.<i>.<ext> for one of several instances. */
static const char *file_name(const struct sc_workload *w, int i,
			     const char *ext, char *buf, size_t len)
{
	if (wl_instances(w) == 1)
		snprintf(buf, len, "%s.%s", w->name, ext);
	else
		snprintf(buf, len, "%s.%d.%s", w->name, i + 1, ext);
	return buf;
}

const char *wl_output_name(const struct sc_workload *w, int i, char *buf,
			   size_t len)
{
	if (w->desc->output == SBW_OUT_PARSED) {
		snprintf(buf, len, "%s.json", w->name);
		return buf;
	}
	return file_name(w, i, w->desc->output == SBW_OUT_JSON ? "json" : "txt",
			 buf, len);
}

const char *wl_raw_name(const struct sc_workload *w, int i, char *buf,
			size_t len)
{
	return file_name(w, i, w->desc->raw_ext, buf, len);
}

/* In @e's message, "<dir>/" becomes "workloads/": the file as the results
 * show it (the guest's or the temporary run directory means nothing later). */
static void name_as_results(struct sb_error *e, const char *dir)
{
	size_t dlen = strlen(dir);
	char *at = strstr(e->msg, dir);
	char rest[512];

	if (!at || at[dlen] != '/')
		return;
	snprintf(rest, sizeof(rest), "%s", at + dlen + 1);
	snprintf(at, sizeof(e->msg) - (size_t)(at - e->msg), "workloads/%s",
		 rest);
}

int wl_write_parsed(const struct sc_workload *w, const char *dir,
		    struct sb_error *e)
{
	const struct sbw_workload *d = w->desc;
	int n = wl_instances(w), ret;
	char(*paths)[4096] = NULL, name[128];
	const char **list = NULL;
	json_t *res = NULL, *doc = NULL, *outs;

	if (d->output != SBW_OUT_PARSED)
		return 0;
	outs = json_array();
	paths = calloc((size_t)n, sizeof(*paths));
	list = calloc((size_t)n, sizeof(*list));
	ret = paths && list && outs ? 0 : -ENOMEM;
	for (int i = 0; !ret && i < n; i++) {
		wl_raw_name(w, i, name, sizeof(name));
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", dir, name);
		list[i] = paths[i];
		if (json_array_append_new(outs, json_string(name)))
			ret = -ENOMEM;
	}
	if (!ret) {
		ret = d->read_raw(list, n, &res, e);
		if (ret)
			name_as_results(e, dir);
	}
	if (!ret) {
		doc = json_pack("{s:i, s:s, s:s, s:O, s:O, s:o}", "schema",
				SB_SCHEMA, "tool", d->name, "status", "ok",
				"outputs", outs, "result", res, "metrics",
				sbw_metrics_json(d, res));
		snprintf(paths[0], sizeof(paths[0]), "%s/%s.json", dir,
			 w->name);
		ret = doc ? sb_json_dump_atomic(paths[0], doc) : -ENOMEM;
		if (ret)
			sb_error_set(e, ret, NULL, NULL, NULL, "%s: %s: %s",
				     d->name, paths[0], strerror(-ret));
	} else if (ret == -ENOMEM) {
		sb_error_set(e, ret, NULL, NULL, NULL, "%s: out of memory",
			     d->name);
	}
	json_decref(doc);
	json_decref(res);
	json_decref(outs);
	free(list);
	free(paths);
	return ret;
}

struct argv_builder {
	struct wl_proc *p;
	int n;
};

static int push(struct argv_builder *b, const char *arg)
{
	if (b->n >= WL_MAX_ARGV)
		return -E2BIG;
	b->p->argv[b->n++] = arg;
	b->p->argv[b->n] = NULL;
	return 0;
}

/* Push an option with a value: "--opt=value" when @opt ends in '=', else two words. */
static int push_opt(struct argv_builder *b, const char *opt, const char *val)
{
	size_t n = strlen(opt);
	char *buf;

	if (n && opt[n - 1] != '=')
		return push(b, opt) ?: push(b, val);
	if (b->p->n_bufs >= (int)(sizeof(b->p->bufs) / sizeof(b->p->bufs[0])))
		return -E2BIG;
	buf = b->p->bufs[b->p->n_bufs++];
	snprintf(buf, sizeof(b->p->bufs[0]), "%s%s", opt, val);
	return push(b, buf);
}

/* @v in decimal, kept in @p's buffers for the argv. */
static const char *store(struct wl_proc *p, uint64_t v)
{
	char *buf;

	if (p->n_bufs >= (int)(sizeof(p->bufs) / sizeof(p->bufs[0])))
		return NULL;
	buf = p->bufs[p->n_bufs++];
	snprintf(buf, sizeof(p->bufs[0]), "%" PRIu64, v);
	return buf;
}

static int build_native(struct argv_builder *b, const struct sc_workload *w,
			const struct wl_run *run)
{
	struct wl_proc *p = b->p;
	const char *count = store(p, (uint64_t)w->count);
	const char *dur = store(p, run->duration_ns);
	const char *warm = store(p, run->warmup_ns);
	const char *seed = store(p, run->seed);
	int r;

	if (!count || !dur || !warm || !seed)
		return -E2BIG;
	r = push(b, w->tool);
	if (!r && w->desc->count_opt)
		r = push_opt(b, w->desc->count_opt, count);
	if (!r)
		r = push_opt(b, "--duration", dur)	  ?:
			    push_opt(b, "--warmup", warm) ?:
			    push_opt(b, "--seed", seed)	  ?:
							    push(b, "--quiet");
	if (!r && run->start_at_ns) {
		const char *at = store(p, run->start_at_ns);

		r = at ? push_opt(b, "--start-at", at) : -E2BIG;
	}
	if (!r && w->slice_given) {
		const char *s = store(p, w->slice_ns);

		r = s ? push_opt(b, "--slice", s) : -E2BIG;
	}
	if (!r && *w->cpus)
		r = push_opt(b, "--cpus", w->cpus);
	return r;
}

/* slicectl -s SLICE -- tool [fixed] [count] [duration] [json]; CPUs by the agent. */
static int build_wrapped(struct argv_builder *b, const struct sc_workload *w,
			 const struct wl_run *run)
{
	const struct sbw_workload *d = w->desc;
	struct wl_proc *p = b->p;
	int r = 0;

	if (w->slice_given) {
		const char *s = store(p, w->slice_ns);

		r = s ? push(b, "slicectl") ?:
			    push(b, "-s")   ?:
			    push(b, s)	    ?:
					      push(b, "--") :
			-E2BIG;
	}
	r = r ?: push(b, w->tool);
	for (int i = 0; !r && d->fixed_args[i]; i++)
		r = push(b, d->fixed_args[i]);
	if (!r && d->count_opt) {
		const char *c = store(p, (uint64_t)w->count);

		r = c ? push_opt(b, d->count_opt, c) : -E2BIG;
	}
	if (!r && d->duration_opt) {
		/* whole seconds, rounded up, covering warm-up and window */
		uint64_t s =
			(run->warmup_ns + run->duration_ns + 999999999ULL) /
			1000000000ULL;
		const char *v = store(p, s);

		r = v ? push_opt(b, d->duration_opt, v) : -E2BIG;
	}
	return r;
}

int wl_build(const struct sc_workload *w, int i, const char *dir,
	     const struct wl_run *run, struct wl_proc *p)
{
	struct argv_builder b = { p, 0 };
	char name[128];
	int r;

	memset(p, 0, sizeof(*p));
	if (w->desc->output == SBW_OUT_PARSED)
		wl_raw_name(w, i, name, sizeof(name));
	else
		wl_output_name(w, i, name, sizeof(name));
	snprintf(p->out_path, sizeof(p->out_path), "%s/%s", dir, name);
	if (wl_instances(w) == 1)
		snprintf(p->err_path, sizeof(p->err_path), "%s/%s.log", dir,
			 w->name);
	else
		snprintf(p->err_path, sizeof(p->err_path), "%s/%s.%d.log", dir,
			 w->name, i + 1);
	p->capture_stdout =
		w->desc->output == SBW_OUT_STDOUT ||
		(w->desc->output == SBW_OUT_PARSED && !w->desc->raw_opt);
	r = w->desc->kind == SBW_GENERATOR ? build_native(&b, w, run) :
					     build_wrapped(&b, w, run);
	if (!r && w->desc->json_opt)
		r = push_opt(&b, w->desc->json_opt, p->out_path);
	if (!r && w->desc->output == SBW_OUT_PARSED && w->desc->raw_opt)
		r = push_opt(&b, w->desc->raw_opt, p->out_path);
	for (int k = 0; !r && k < w->n_args; k++)
		r = push(&b, w->args[k]);
	return r;
}
