// SPDX-License-Identifier: GPL-2.0
/* The workload registry and argv construction (never a shell). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/duration.h"
#include "harness/workload.h"

static json_t *load_result(const char *path, json_t **doc)
{
	*doc = json_load_file(path, 0, NULL);
	return *doc ? json_object_get(*doc, "result") : NULL;
}

static double num(const json_t *obj, const char *path)
{
	char key[64];
	const char *dot;

	while (obj && (dot = strchr(path, '.'))) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		obj = json_object_get(obj, key);
		path = dot + 1;
	}
	return json_number_value(json_object_get(obj, path));
}

static void sum_massive_intr(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = load_result(path, &doc);

	if (r)
		snprintf(
			buf, len,
			"%g procs, %.1f loops/s, fairness jain %.3f, min/max %.3f",
			num(r, "procs_n"), num(r, "loops_per_s"),
			num(r, "fairness.jain"),
			num(r, "fairness.min_max_ratio"));
	json_decref(doc);
}

static void sum_cyclic(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = load_result(path, &doc);

	if (r)
		snprintf(
			buf, len,
			"%g threads, %g wakeups, latency avg %.1f us p99 %.1f us "
			"max %.1f us, %g overruns",
			num(r, "threads_n"), num(r, "overall.wakeups"),
			num(r, "overall.latency_ns.avg") / 1e3,
			num(r, "overall.latency_ns.p99") / 1e3,
			num(r, "overall.latency_ns.max") / 1e3,
			num(r, "overall.overruns"));
	json_decref(doc);
}

static void sum_mixload(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = load_result(path, &doc);

	if (r)
		snprintf(buf, len,
			 "%g renderers, %g frames, %.1f %% deadline misses, "
			 "input p99 %.2f ms",
			 num(r, "renderers_n"), num(r, "frames"),
			 num(r, "deadline_miss_pct"),
			 num(r, "input_latency_ns.p99") / 1e6);
	json_decref(doc);
}

static void sum_cyclictest(const char *path, char *buf, size_t len)
{
	json_t *doc = json_load_file(path, 0, NULL), *t;
	double cycles = 0, avg = 0, max = 0, min = -1;
	const char *key;
	int n = 0;

	json_object_foreach(json_object_get(doc, "thread"), key, t) {
		double c = num(t, "cycles");

		cycles += c;
		avg += num(t, "avg") * c;
		max = num(t, "max") > max ? num(t, "max") : max;
		if (min < 0 || num(t, "min") < min)
			min = num(t, "min");
		n++;
	}
	if (n)
		snprintf(buf, len,
			 "%d threads, %g cycles, latency min %g us avg %.1f us "
			 "max %g us",
			 n, cycles, min, cycles ? avg / cycles : 0, max);
	json_decref(doc);
}

/* The last non-empty line of a text output. */
static void sum_last_line(const char *path, char *buf, size_t len)
{
	char *text, *end, *start;
	size_t n;

	if (sb_read_file(path, &text, &n))
		return;
	end = text + n;
	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	*end = '\0';
	start = strrchr(text, '\n');
	snprintf(buf, len, "%s", start ? start + 1 : text);
	free(text);
}

static const struct wl_tool massive_intr = {
	.name = "massive_intr",
	.help = "busy/sleep processes (count = processes)",
	.native = 1,
	.count_opt = "--procs",
	.json_opt = "--json",
	.output = WL_OUT_JSON,
	.summary = sum_massive_intr,
};
static const struct wl_tool cyclic = {
	.name = "cyclic",
	.help = "periodic wakeup latency (count = threads)",
	.native = 1,
	.count_opt = "--threads",
	.json_opt = "--json",
	.output = WL_OUT_JSON,
	.summary = sum_cyclic,
};
static const struct wl_tool mixload = {
	.name = "mixload",
	.help = "chromium-style mixed load (count = renderers)",
	.native = 1,
	.count_opt = "--renderers",
	.json_opt = "--json",
	.output = WL_OUT_JSON,
	.summary = sum_mixload,
};
static const struct wl_tool cyclictest = {
	.name = "cyclictest",
	.help = "rt-tests cyclictest via slicectl (count = threads)",
	.count_opt = "--threads=",
	.duration_opt = "--duration=",
	.fixed_args = { "-q" },
	.json_opt = "--json=",
	.output = WL_OUT_JSON,
	.summary = sum_cyclictest,
};
static const struct wl_tool hackbench = {
	.name = "hackbench",
	.help = "rt-tests hackbench via slicectl (count = instances)",
	.output = WL_OUT_STDOUT,
	.summary = sum_last_line,
};
static const struct wl_tool generic = {
	.help = "any other program via slicectl (count = instances)",
	.output = WL_OUT_STDOUT,
	.summary = sum_last_line,
};

static const struct wl_tool *const registry[] = {
	&massive_intr, &cyclic, &mixload, &cyclictest, &hackbench, NULL,
};

const struct wl_tool *const *wl_registry(void)
{
	return registry;
}

const struct wl_tool *wl_lookup(const char *tool)
{
	for (int i = 0; registry[i]; i++)
		if (!strcmp(registry[i]->name, tool))
			return registry[i];
	return &generic;
}

int wl_instances(const struct sc_workload *w)
{
	return w->desc->count_opt ? 1 : w->count;
}

const char *wl_output_name(const struct sc_workload *w, int i, char *buf,
			   size_t len)
{
	if (w->desc->output == WL_OUT_JSON)
		snprintf(buf, len, "%s.json", w->name);
	else if (wl_instances(w) == 1)
		snprintf(buf, len, "%s.txt", w->name);
	else
		snprintf(buf, len, "%s.%d.txt", w->name, i + 1);
	return buf;
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
	r = push(b, w->tool)				   ?:
		    push_opt(b, w->desc->count_opt, count) ?:
		    push_opt(b, "--duration", dur)	   ?:
		    push_opt(b, "--warmup", warm)	   ?:
		    push_opt(b, "--seed", seed)		   ?:
							     push(b, "--quiet");
	if (!r && w->slice_ns) {
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
	const struct wl_tool *d = w->desc;
	struct wl_proc *p = b->p;
	int r = 0;

	if (w->slice_ns) {
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
	wl_output_name(w, i, name, sizeof(name));
	snprintf(p->out_path, sizeof(p->out_path), "%s/%s", dir, name);
	if (wl_instances(w) == 1)
		snprintf(p->err_path, sizeof(p->err_path), "%s/%s.log", dir,
			 w->name);
	else
		snprintf(p->err_path, sizeof(p->err_path), "%s/%s.%d.log", dir,
			 w->name, i + 1);
	p->capture_stdout = w->desc->output == WL_OUT_STDOUT;
	r = w->desc->native ? build_native(&b, w, run) :
			      build_wrapped(&b, w, run);
	if (!r && w->desc->json_opt)
		r = push_opt(&b, w->desc->json_opt, p->out_path);
	for (int k = 0; !r && k < w->n_args; k++)
		r = push(&b, w->args[k]);
	return r;
}
