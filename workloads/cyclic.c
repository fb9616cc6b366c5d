// SPDX-License-Identifier: GPL-2.0
/*
 * cyclic: T threads wake every interval on absolute CLOCK_MONOTONIC times;
 * wakeup latency (wake - intended) goes into per-second histograms.
 * With --random-phase each wakeup is at a point of its period drawn from the
 * seed, so the wakeups meet the other tasks at every phase of theirs.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "common/exitcodes.h"
#include "common/hist.h"
#include "common/jsonpath.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/place.h"
#include "workloads/lib/slice.h"
#include "workloads/lib/stop.h"
#include "workloads/mixload/rng.h"
#include "workloads/registry/registry.h"

#define PROG "cyclic"
#define MAX_THREADS 1024
/* Per-second histograms are kept per thread, prefaulted: bound them. */
#define MAX_HIST_BYTES (256ULL << 20)

static void summary(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = sbw_load_result(path, &doc);

	if (r)
		snprintf(
			buf, len,
			"%g threads, %g wakeups, latency avg %.1f us p99 %.1f us "
			"max %.1f us, %g overruns",
			sb_json_number(r, "threads_n"),
			sb_json_number(r, "overall.wakeups"),
			sb_json_number(r, "overall.latency_ns.avg") / 1e3,
			sb_json_number(r, "overall.latency_ns.p99") / 1e3,
			sb_json_number(r, "overall.latency_ns.max") / 1e3,
			sb_json_number(r, "overall.overruns"));
	json_decref(doc);
}

static const struct sbw_metric metrics[] = {
	{ "latency_avg_us", "overall.latency_ns.avg", 1e-3, "us",
	  SBW_BETTER_LOWER, "cyclic wakeup latency, average", 0 },
	{ "latency_p99_us", "overall.latency_ns.p99", 1e-3, "us",
	  SBW_BETTER_LOWER, "cyclic wakeup latency, 99th percentile", 0 },
	{ "latency_max_us", "overall.latency_ns.max", 1e-3, "us",
	  SBW_BETTER_LOWER, "cyclic wakeup latency, worst", 0 },
	{ "overruns", "overall.overruns", 1, "", SBW_BETTER_LOWER,
	  "cyclic periods missed entirely", .zero_ok = 1 },
};

static const struct sbw_periodic periodic = {
	.what = "periods",
	.kept = "overall.wakeups",
	.missed = "overall.overruns",
};

static const struct sbw_plot plots[] = {
	{ SBW_PLOT_HIST, "latency_p99_us", "overall.latency_ns.buckets",
	  .divisor = 1e3, .name = "latency", .title = "wakeup latency",
	  .axis = "wakeup latency (us)", .items = "wakeups",
	  .caption = "cyclic wakeup latency" },
};

const struct sbw_workload sbw_cyclic = {
	.name = PROG,
	.help = "periodic wakeup latency (count = threads)",
	.kind = SBW_GENERATOR,
	.count_opt = "--threads",
	.json_opt = "--json",
	.output = SBW_OUT_JSON,
	SBW_METRICS(metrics),
	.summary = summary,
	.periodic = &periodic,
	SBW_PLOTS(plots),
};

#ifndef SBW_DESCRIPTOR_ONLY

struct cy_opts {
	int64_t threads;
	uint64_t interval_ns;
	int64_t fifo_prio;
	int random_phase;
	struct wl_common common;
};

struct cy_run {
	const struct cy_opts *o;
	unsigned int nint; /* intervals of the full window */
	/* The start gate, under @lock: workers count themselves @ready,
	 * then wait for @go. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int64_t ready;
	int go;
	/* CLOCK_MONOTONIC instants, written before the gate opens. */
	uint64_t start_ns, measure_ns, end_ns;
};

struct cy_thread {
	pthread_t th;
	struct cy_run *run;
	pid_t tid;
	uint64_t wakeups;
	uint64_t overruns;
	uint64_t max_ns, max_at_ns;
	struct sb_hist *iv; /* one histogram per second of the window */
	struct mix_rng phase; /* --random-phase: this thread's stream */
};

/* Count a wakeup intended at @next that happened at @now. */
static void record(struct cy_thread *t, uint64_t next, uint64_t now)
{
	const struct cy_run *r = t->run;
	uint64_t lat = now > next ? now - next : 0;
	unsigned int k = wl_interval_index(next, r->measure_ns, r->nint);

	sb_hist_add(&t->iv[k], lat);
	t->wakeups++;
	if (lat >= t->max_ns) {
		t->max_ns = lat;
		t->max_at_ns = now;
	}
}

/* The intended wakeup of the period starting at @period: its start, or a
 * point of it drawn from the thread's stream under --random-phase. */
static uint64_t intended(struct cy_thread *t, uint64_t period)
{
	const uint64_t iv = t->run->o->interval_ns;

	if (!t->run->o->random_phase)
		return period;
	return period + (uint64_t)(mix_rng_unit(&t->phase) * (double)iv);
}

/* The measured loop: no allocation, only clock_nanosleep/clock_gettime. */
static void *cy_thread_main(void *arg)
{
	struct cy_thread *t = arg;
	const struct cy_run *r = t->run;
	const uint64_t iv = r->o->interval_ns;
	uint64_t period, next, now;

	t->tid = gettid();
	prctl(PR_SET_NAME, PROG);
	/* Touch every histogram now: no page faults in the loop. */
	for (unsigned int k = 0; k < r->nint; k++)
		sb_hist_init(&t->iv[k]);
	pthread_mutex_lock(&t->run->lock);
	t->run->ready++;
	pthread_cond_broadcast(&t->run->cond);
	while (!t->run->go)
		pthread_cond_wait(&t->run->cond, &t->run->lock);
	pthread_mutex_unlock(&t->run->lock);
	period = r->start_ns + iv;
	next = intended(t, period);
	while (next < r->end_ns) {
		wl_sleep_until_ns(next);
		now = wl_now_ns();
		if (wl_stop_requested())
			break;
		if (next >= r->measure_ns)
			record(t, next, now);
		period += iv;
		next = intended(t, period);
		/* Periods whose wakeup is already past are missed: skip
		 * them, like cyclictest. */
		while (next <= now && next < r->end_ns) {
			if (next >= r->measure_ns)
				t->overruns++;
			period += iv;
			next = intended(t, period);
		}
	}
	return NULL;
}

static void hist_of_thread(const struct cy_thread *t, unsigned int n,
			   struct sb_hist *h)
{
	sb_hist_init(h);
	for (unsigned int k = 0; k < n; k++)
		sb_hist_merge(h, &t->iv[k]);
}

static json_t *threads_json(const struct cy_run *r, const struct cy_thread *t,
			    struct sb_hist *all, struct sb_hist *tmp)
{
	json_t *arr = json_array();

	sb_hist_init(all);
	for (int64_t i = 0; i < r->o->threads; i++) {
		hist_of_thread(&t[i], r->nint, tmp);
		sb_hist_merge(all, tmp);
		json_array_append_new(
			arr,
			json_pack("{s:i, s:I, s:I, s:o, s:I}", "tid", t[i].tid,
				  "wakeups", (json_int_t)t[i].wakeups,
				  "overruns", (json_int_t)t[i].overruns,
				  "latency_ns", sb_hist_to_json(tmp, 0),
				  "max_at_ns", (json_int_t)t[i].max_at_ns));
	}
	return arr;
}

static json_t *intervals_json(const struct cy_run *r, const struct cy_thread *t,
			      uint64_t window_ns, struct sb_hist *h)
{
	unsigned int n = window_ns ? wl_intervals_n(window_ns) : 0;
	json_t *arr = json_array();

	for (unsigned int k = 0; k < n && k < r->nint; k++) {
		sb_hist_init(h);
		for (int64_t i = 0; i < r->o->threads; i++)
			sb_hist_merge(h, &t[i].iv[k]);
		json_array_append_new(
			arr, json_pack("{s:I, s:I, s:f, s:I, s:I}", "t_s",
				       (json_int_t)k, "wakeups",
				       (json_int_t)h->count, "avg_ns",
				       sb_hist_mean(h), "p99_ns",
				       (json_int_t)sb_hist_percentile(h, 99),
				       "max_ns", (json_int_t)h->max));
	}
	return arr;
}

static json_t *result_json(const struct cy_run *r, const struct cy_thread *t,
			   const struct wl_slice_info *slice,
			   uint64_t window_ns)
{
	struct sb_hist *h = malloc(2 * sizeof(*h));
	uint64_t wakeups = 0, overruns = 0;
	json_t *res, *threads;

	if (!h)
		return NULL;
	threads = threads_json(r, t, &h[0], &h[1]);
	for (int64_t i = 0; i < r->o->threads; i++) {
		wakeups += t[i].wakeups;
		overruns += t[i].overruns;
	}
	res = json_pack("{s:I, s:I, s:s, s:s, s:o, s:{s:I, s:I, s:o}}",
			"threads_n", (json_int_t)r->o->threads, "interval_ns",
			(json_int_t)r->o->interval_ns, "phase",
			r->o->random_phase ? "random" : "fixed", "policy",
			wl_policy_name(slice->policy), "threads", threads,
			"overall", "wakeups", (json_int_t)wakeups, "overruns",
			(json_int_t)overruns, "latency_ns",
			sb_hist_to_json(&h[0], 1));
	json_object_set_new(res, "intervals",
			    intervals_json(r, t, window_ns, &h[1]));
	free(h);
	return res;
}

static void print_text(const struct cy_run *r, const struct cy_thread *t)
{
	struct sb_hist *h = malloc(sizeof(*h));

	if (!h)
		return;
	for (int64_t i = 0; i < r->o->threads; i++) {
		hist_of_thread(&t[i], r->nint, h);
		printf("T:%2" PRId64 " (%5d) I:%" PRIu64 " C:%8" PRIu64
		       " O:%" PRIu64 " Min:%8.1f Avg:%8.1f P99:%8.1f "
		       "Max:%8.1f us\n",
		       i, t[i].tid, r->o->interval_ns / 1000, t[i].wakeups,
		       t[i].overruns, h->count ? (double)h->min / 1e3 : 0.0,
		       sb_hist_mean(h) / 1e3,
		       (double)sb_hist_percentile(h, 99) / 1e3,
		       (double)h->max / 1e3);
	}
	free(h);
}

static int report(const struct cy_run *r, const struct cy_thread *t,
		  json_t *doc, const struct wl_slice_info *slice,
		  uint64_t window_ns)
{
	const struct wl_common *c = &r->o->common;
	struct sb_error e;
	json_t *res;
	int ret;

	if (wl_common_text(c))
		print_text(r, t);
	if (!c->json_path)
		return SB_EXIT_OK;
	res = result_json(r, t, slice, window_ns);
	if (!res) {
		fprintf(stderr, "%s: out of memory\n", PROG);
		return SB_EXIT_UNMEASURED;
	}
	wl_doc_finish(doc, slice, window_ns, c->warmup_ns, res,
		      wl_stop_status());
	ret = wl_doc_save(doc, &sbw_cyclic, c->json_path, &e);
	return ret ? sb_error_report(PROG, sb_env_errno(ret), &e) : SB_EXIT_OK;
}

/* Placement and policy of the main thread; the workers inherit both. */
static int setup(const struct cy_opts *o, struct wl_slice_info *slice,
		 struct sb_error *e)
{
	const struct wl_common *c = &o->common;
	struct wl_slice_req req;
	int ret;

	ret = wl_common_place(c, e);
	if (ret)
		return ret;
	wl_common_slice_req(c, &req);
	req.fifo_prio = (int)o->fifo_prio;
	ret = wl_slice_apply(0, &req, slice, e);
	if (ret)
		return ret;
	ret = wl_stop_install();
	if (ret)
		sb_error_set(e, ret, NULL, NULL, NULL, "sigaction: %s",
			     strerror(-ret));
	return ret;
}

/* Open the gate once @n workers are ready; the run starts 1 ms later
 * (or at --start-at). */
static void open_gate(struct cy_run *r, int64_t n)
{
	pthread_mutex_lock(&r->lock);
	while (r->ready < n)
		pthread_cond_wait(&r->cond, &r->lock);
	if (n) {
		struct wl_times t;

		wl_common_times(&r->o->common, 1000000, &t);
		r->start_ns = t.start;
		r->measure_ns = t.measure;
		r->end_ns = t.end;
	}
	r->go = 1;
	pthread_cond_broadcast(&r->cond);
	pthread_mutex_unlock(&r->lock);
}

static void join_threads(const struct cy_thread *t, int64_t n)
{
	for (int64_t i = 0; i < n; i++)
		pthread_join(t[i].th, NULL);
}

/*
 * Start the workers and open the gate; on failure the started ones see an
 * empty window and are joined. Signals go to the main thread only, so
 * workers never wake early.
 */
static int start_threads(struct cy_run *r, struct cy_thread *t,
			 struct sb_error *e)
{
	sigset_t set, old;
	int64_t i;
	int ret = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	for (i = 0; i < r->o->threads && !ret; i++) {
		t[i].run = r;
		mix_rng_seed(&t[i].phase, (uint64_t)r->o->common.seed,
			     (uint64_t)i);
		t[i].iv = calloc(r->nint, sizeof(*t[i].iv));
		ret = t[i].iv ? pthread_create(&t[i].th, NULL, cy_thread_main,
					       &t[i]) :
				ENOMEM;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret) {
		sb_error_set(e, -ret, NULL, NULL, NULL,
			     "starting thread %" PRId64 ": %s", i - 1,
			     strerror(ret));
		open_gate(r, 0); /* end_ns stays 0: nothing to measure */
		join_threads(t, i - 1);
		return -ret;
	}
	open_gate(r, r->o->threads);
	return 0;
}

/* Sleep out the run; returns the end of the window actually covered. */
static uint64_t wait_run(const struct cy_run *r, const struct cy_thread *t)
{
	uint64_t end = r->end_ns;

	while (wl_sleep_until_ns(r->end_ns) == -EINTR) {
		if (wl_stop_requested()) {
			end = wl_now_ns();
			break;
		}
	}
	join_threads(t, r->o->threads);
	return end;
}

/* Set up, run, report; returns the exit code. */
static int run(struct cy_run *r, struct cy_thread *t, json_t *doc)
{
	struct wl_slice_info slice;
	uint64_t end;
	struct sb_error e;
	int ret;

	ret = setup(r->o, &slice, &e);
	if (!ret)
		ret = start_threads(r, t, &e);
	if (ret)
		return sb_error_report(PROG, ret, &e);
	end = wait_run(r, t);
	return report(r, t, doc, &slice,
		      end > r->measure_ns ? end - r->measure_ns : 0);
}

static const struct sb_field own_rows[] = {
	{ .key = "threads",
	  .short_name = 't',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct cy_opts, threads),
	  .metavar = "N",
	  .doc = "number of waker threads",
	  .min = 1,
	  .max = MAX_THREADS },
	{ .key = "interval",
	  .short_name = 'i',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct cy_opts, interval_ns),
	  .metavar = "D",
	  .doc = "wakeup period",
	  .min = 10000,
	  .max = 10 * (int64_t)WL_NSEC_PER_SEC },
	{ .key = "fifo",
	  .short_name = 'f',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct cy_opts, fifo_prio),
	  .metavar = "PRIO",
	  .doc = "SCHED_FIFO at PRIO instead of SCHED_OTHER (no slice)",
	  .min = 1,
	  .max = 99 },
	{ .key = "random-phase",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct cy_opts, random_phase),
	  .doc = "wake at a point of each period drawn from --seed "
		 "(a stream per thread), not at its start" },
	{ 0 },
};

/* The options into @o; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse(struct cy_opts *o, int argc, char **argv)
{
	const struct sb_cli cli = {
		.usage = "Usage: " PROG " [OPTIONS]\n"
			 "Periodic wakers on absolute-time sleeps; wakeup "
			 "latency histograms (cyclictest-like).",
		.epilogue = WL_HELP_EPILOGUE,
		.tables = { { own_rows, o }, WL_COMMON_TABLE(&o->common) },
		.prog = PROG,
	};
	uint64_t nint;
	int rc;

	o->threads = 1;
	o->interval_ns = 1000000;
	o->fifo_prio = 0;
	o->random_phase = 0;
	wl_common_init(&o->common, 5 * WL_NSEC_PER_SEC);
	if ((rc = sb_cli_parse_command(&cli, argc, argv)) != SB_CLI_CONTINUE)
		return rc;
	nint = wl_intervals_n(o->common.duration_ns);
	if (nint * (uint64_t)o->threads * sizeof(struct sb_hist) >
	    MAX_HIST_BYTES)
		return sb_cli_usage_error(&cli,
					  "--duration: too long for per-second "
					  "histograms of %" PRId64 " threads",
					  o->threads);
	if (o->fifo_prio && (o->common.slice_given || o->common.batch))
		return sb_cli_usage_error(
			&cli, "--fifo: no --slice or --batch with it");
	return SB_CLI_CONTINUE;
}

int main(int argc, char **argv)
{
	struct cy_opts o = { 0 };
	struct cy_run r = { .o = &o,
			    .lock = PTHREAD_MUTEX_INITIALIZER,
			    .cond = PTHREAD_COND_INITIALIZER };
	struct cy_thread *t;
	json_t *doc;
	int ret;

	ret = wl_doc_start(parse(&o, argc, argv), &o.common, PROG, argc, argv,
			   &doc);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	r.nint = wl_intervals_n(o.common.duration_ns);
	t = calloc((size_t)o.threads, sizeof(*t));
	if (!t) {
		fprintf(stderr, "%s: out of memory\n", PROG);
		json_decref(doc);
		return SB_EXIT_UNMEASURED;
	}
	ret = run(&r, t, doc);
	json_decref(doc);
	for (int64_t i = 0; i < o.threads; i++)
		free(t[i].iv);
	free(t);
	return ret;
}

#endif /* SBW_DESCRIPTOR_ONLY */
