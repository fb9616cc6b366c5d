// SPDX-License-Identifier: GPL-2.0
/*
 * massive_intr: N processes start together, each loops "busy W of wall time,
 * sleep S" and counts its loops and the units of fixed CPU work done while
 * busy; reports throughput (loops and work) and fairness.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/exitcodes.h"
#include "common/jsonpath.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/place.h"
#include "workloads/lib/schedstat.h"
#include "workloads/lib/slice.h"
#include "workloads/lib/stats.h"
#include "workloads/lib/stop.h"
#include "workloads/lib/workunit.h"
#include "workloads/registry/registry.h"

#define PROG "massive_intr"

static void summary(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = sbw_load_result(path, &doc);

	if (r)
		snprintf(
			buf, len,
			"%g procs, %.1f loops/s, fairness jain %.3f, min/max %.3f",
			sb_json_number(r, "procs_n"),
			sb_json_number(r, "loops_per_s"),
			sb_json_number(r, "fairness.jain"),
			sb_json_number(r, "fairness.min_max_ratio"));
	json_decref(doc);
}

static const struct sbw_metric metrics[] = {
	{ "loops_per_s", "loops_per_s", 1, "loops/s", SBW_BETTER_HIGHER,
	  "massive_intr wall-clock work periods per second (how the CPU "
	  "was shared)",
	  0 },
	{ "work_units_per_s", "work_units_per_s", 1, "units/s",
	  SBW_BETTER_HIGHER,
	  "massive_intr units of fixed CPU work done per second", 0 },
	{ "fairness_jain", "fairness.jain", 1, "", SBW_BETTER_HIGHER,
	  "Jain index of per-process loops", 0 },
};

static const struct sbw_plot plots[] = {
	{ SBW_PLOT_BARS, "loops_per_s", "procs", .y = "loops", .divisor = 1,
	  .name = "loops",
	  .title = "loops per process (fairness), median over repeats",
	  .caption = "massive_intr loops per process: equal bars are fair" },
};

const struct sbw_workload sbw_massive_intr = {
	.name = PROG,
	.help = "busy/sleep processes (count = processes)",
	.kind = SBW_GENERATOR,
	.count_opt = "--procs",
	.json_opt = "--json",
	.output = SBW_OUT_JSON,
	SBW_METRICS(metrics),
	.summary = summary,
	SBW_PLOTS(plots),
};

#ifndef SBW_DESCRIPTOR_ONLY

#define MAX_PROCS 4096
#define MAX_PERIOD_NS (10 * (int64_t)WL_NSEC_PER_SEC)
/* a unit must stay short against W: a busy phase ends at most one unit late */
#define MAX_UNIT_ITERATIONS 100000000

struct mi_opts {
	int64_t procs;
	uint64_t work_ns;
	uint64_t sleep_ns;
	int64_t unit_iterations; /* steps per unit of work */
	struct wl_common common;
};

/* What one child reports, in memory shared with the parent. */
struct mi_slot {
	int32_t pid;
	uint64_t loops;
	uint64_t units; /* work units done in the counted loops */
	uint64_t cpu_ns;
	struct wl_schedstat sched; /* over the measured window */
	uint64_t counts[]; /* loops per one-second interval */
};

/* The run's instants (CLOCK_MONOTONIC), set once every child is forked. */
struct mi_times {
	uint64_t start_ns, measure_ns, end_ns;
};

struct mi_run {
	const struct mi_opts *o;
	unsigned int nint; /* intervals of the full window */
	size_t stride; /* bytes per slot */
	unsigned char *shm; /* shared: struct mi_times, then the slots */
	struct mi_times *t;
	pid_t *pids;
	struct wl_work_unit unit; /* set and timed once, before the fork */
};

static struct mi_slot *slot_of(const struct mi_run *r, int64_t i)
{
	return (struct mi_slot *)(r->shm + (size_t)(i + 1) * r->stride);
}

static void sched_delta(struct wl_schedstat *d, const struct wl_schedstat *a)
{
	d->run_ns -= a->run_ns;
	d->run_delay_ns -= a->run_delay_ns;
	d->timeslices -= a->timeslices;
}

/* The child: warm up, then count loops completed inside the window. */
static void child_loop(const struct mi_run *r, struct mi_slot *s)
{
	struct wl_schedstat ss0 = { 0 };
	uint64_t cpu0 = 0, t;
	int measuring = 0;

	wl_sleep_until_ns(r->t->start_ns);
	for (t = wl_now_ns(); !wl_stop_requested();) {
		if (!measuring && t >= r->t->measure_ns) {
			/* Loops started inside the window count. */
			measuring = 1;
			cpu0 = wl_process_cpu_ns();
			wl_schedstat_read(0, &ss0);
		}
		uint64_t units = 0;

		wl_work_wall_ns(&r->unit, r->o->work_ns, &units);
		wl_sleep_ns(r->o->sleep_ns);
		t = wl_now_ns();
		if (t >= r->t->end_ns || wl_stop_requested())
			break;
		if (measuring) {
			s->loops++;
			s->units += units;
			s->counts[wl_interval_index(t, r->t->measure_ns,
						    r->nint)]++;
		}
	}
	if (measuring) {
		s->cpu_ns = wl_process_cpu_ns() - cpu0;
		if (!wl_schedstat_read(0, &s->sched))
			sched_delta(&s->sched, &ss0);
	}
}

static int run_child(const struct mi_run *r, int64_t i, int gate)
{
	struct mi_slot *s = slot_of(r, i);
	char c;

	s->pid = (int32_t)getpid();
	/* Released together: the parent closes the write end. */
	while (read(gate, &c, 1) < 0 && errno == EINTR && !wl_stop_requested())
		;
	close(gate);
	child_loop(r, s);
	return 0;
}

static void stop_children(const struct mi_run *r, int64_t n, int sig)
{
	for (int64_t i = 0; i < n; i++)
		kill(r->pids[i], sig);
}

static int spawn_children(struct mi_run *r, struct sb_error *e)
{
	struct wl_times times;
	int gate[2];
	int64_t i;

	if (pipe(gate)) {
		int ret = -errno;

		return sb_error_set(e, ret, NULL, NULL, NULL, "pipe: %s",
				    strerror(-ret));
	}
	for (i = 0; i < r->o->procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			sb_error_set(e, -EAGAIN, NULL, NULL, NULL, "fork: %s",
				     strerror(errno));
			stop_children(r, i, SIGKILL);
			close(gate[0]);
			close(gate[1]);
			return -EAGAIN;
		}
		if (!pid) {
			close(gate[1]);
			_exit(run_child(r, i, gate[0]));
		}
		r->pids[i] = pid;
	}
	close(gate[0]);
	/* Everyone starts at the same instant, shortly after the release
	 * (or at --start-at). */
	wl_common_times(&r->o->common, 1000000, &times);
	r->t->start_ns = times.start;
	r->t->measure_ns = times.measure;
	r->t->end_ns = times.end;
	close(gate[1]);
	return 0;
}

/* Wait out the run; returns the end of the window actually covered. */
static uint64_t wait_children(const struct mi_run *r, int *failed)
{
	uint64_t end = r->t->end_ns;
	int64_t left = r->o->procs;
	int status, forwarded = 0;

	*failed = 0;
	while (left) {
		pid_t pid;

		/* A signal to the parent alone stops the children too. */
		if (wl_stop_requested() && !forwarded++) {
			end = wl_now_ns();
			stop_children(r, r->o->procs, SIGTERM);
		}
		pid = waitpid(-1, &status, 0);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		left--;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			(*failed)++;
	}
	return end < r->t->end_ns ? end : r->t->end_ns;
}

static json_t *procs_json(const struct mi_run *r, uint64_t *loops,
			  uint64_t *units)
{
	json_t *arr = json_array();

	for (int64_t i = 0; i < r->o->procs; i++) {
		const struct mi_slot *s = slot_of(r, i);

		loops[i] = s->loops;
		*units += s->units;
		json_array_append_new(
			arr,
			json_pack("{s:i, s:I, s:I, s:I, s:o}", "pid", s->pid,
				  "loops", (json_int_t)s->loops, "work_units",
				  (json_int_t)s->units, "cpu_ns",
				  (json_int_t)s->cpu_ns, "schedstat",
				  wl_schedstat_to_json(&s->sched)));
	}
	return arr;
}

/* Per second of the window; 0 for an empty window. */
static double per_s(uint64_t n, uint64_t window_ns)
{
	return window_ns ? (double)n * 1e9 / (double)window_ns : 0.0;
}

static json_t *intervals_json(const struct mi_run *r, uint64_t window_ns)
{
	unsigned int n = window_ns ? wl_intervals_n(window_ns) : 0;
	json_t *arr = json_array();

	for (unsigned int k = 0; k < n && k < r->nint; k++) {
		uint64_t sum = 0;

		for (int64_t i = 0; i < r->o->procs; i++)
			sum += slot_of(r, i)->counts[k];
		json_array_append_new(arr, json_pack("{s:I, s:I}", "t_s",
						     (json_int_t)k, "loops",
						     (json_int_t)sum));
	}
	return arr;
}

static json_t *result_json(const struct mi_run *r, uint64_t window_ns)
{
	uint64_t *loops = calloc((size_t)r->o->procs, sizeof(*loops));
	uint64_t total = 0, units = 0;
	json_t *res, *procs;
	size_t n = (size_t)r->o->procs;

	if (!loops)
		return NULL;
	procs = procs_json(r, loops, &units);
	for (size_t i = 0; i < n; i++)
		total += loops[i];
	res = json_pack(
		"{s:I, s:I, s:I, s:o, s:I, s:f, s:{s:I, s:I}, s:I, s:f, "
		"s:{s:f, s:f}, s:o}",
		"procs_n", (json_int_t)r->o->procs, "work_ns",
		(json_int_t)r->o->work_ns, "sleep_ns",
		(json_int_t)r->o->sleep_ns, "procs", procs, "loops_total",
		(json_int_t)total, "loops_per_s", per_s(total, window_ns),
		"work_unit", "iterations", (json_int_t)r->unit.iterations,
		"cpu_ns", (json_int_t)r->unit.cpu_ns, "work_units_total",
		(json_int_t)units, "work_units_per_s", per_s(units, window_ns),
		"fairness", "min_max_ratio", wl_min_max_ratio(loops, n), "jain",
		wl_jain_index(loops, n), "intervals",
		intervals_json(r, window_ns));
	free(loops);
	return res;
}

static void print_text(const struct mi_run *r)
{
	for (int64_t i = 0; i < r->o->procs; i++)
		printf("%" PRId32 "\t%" PRIu64 "\n", slot_of(r, i)->pid,
		       slot_of(r, i)->loops);
}

static int report(const struct mi_run *r, json_t *doc,
		  const struct wl_slice_info *slice, uint64_t window_ns,
		  const char *status)
{
	const struct wl_common *c = &r->o->common;
	json_t *res = result_json(r, window_ns);
	struct sb_error e;
	int ret;

	if (!res) {
		fprintf(stderr, "%s: out of memory\n", PROG);
		return SB_EXIT_UNMEASURED;
	}
	if (wl_common_text(c))
		print_text(r);
	if (!c->json_path) {
		json_decref(res);
		return SB_EXIT_OK;
	}
	wl_doc_finish(doc, slice, window_ns, c->warmup_ns, res, status);
	ret = wl_doc_save(doc, &sbw_massive_intr, c->json_path, &e);
	return ret ? sb_error_report(PROG, sb_env_errno(ret), &e) : SB_EXIT_OK;
}

static int setup(struct mi_run *r, struct wl_slice_info *slice,
		 struct sb_error *e)
{
	const struct wl_common *c = &r->o->common;
	struct wl_slice_req req;
	int ret;

	prctl(PR_SET_NAME, PROG);
	ret = wl_common_place(c, e);
	if (ret)
		return ret;
	/* Set once here: the children inherit policy and slice over fork. */
	wl_common_slice_req(c, &req);
	ret = wl_slice_apply(0, &req, slice, e);
	if (ret)
		return ret;
	/* timed where the children will run, before they compete */
	wl_work_unit_fixed(&r->unit, (uint64_t)r->o->unit_iterations);
	r->nint = wl_intervals_n(c->duration_ns);
	r->stride = (sizeof(struct mi_slot) + r->nint * sizeof(uint64_t) + 63) &
		    ~(size_t)63;
	r->shm = mmap(NULL, r->stride * (size_t)(r->o->procs + 1),
		      PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
		      0);
	r->pids = calloc((size_t)r->o->procs, sizeof(*r->pids));
	r->t = (struct mi_times *)r->shm;
	if (r->shm == MAP_FAILED || !r->pids)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory for %" PRId64 " slots",
				    r->o->procs);
	ret = wl_stop_install();
	if (ret)
		sb_error_set(e, ret, NULL, NULL, NULL, "sigaction: %s",
			     strerror(-ret));
	return ret;
}

/* Set up, run, report; returns the exit code. */
static int run(struct mi_run *r, json_t *doc)
{
	struct wl_slice_info slice;
	uint64_t end;
	struct sb_error e;
	int ret, failed;

	ret = setup(r, &slice, &e);
	if (!ret)
		ret = spawn_children(r, &e);
	if (ret)
		return sb_error_report(PROG, ret, &e);
	wl_burn_set_stop(wl_stop_flag());
	end = wait_children(r, &failed);
	if (failed) {
		fprintf(stderr, "%s: %d of %" PRId64 " processes failed\n",
			PROG, failed, r->o->procs);
		return SB_EXIT_UNMEASURED;
	}
	return report(r, doc, &slice,
		      end > r->t->measure_ns ? end - r->t->measure_ns : 0,
		      wl_stop_status());
}

static int all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/*
 * The classic call "massive_intr NPROC SECONDS" as "--procs NPROC
 * --duration SECONDSs" in @classic (with @dur for the duration's text);
 * returns the argc to parse, @argc when the call is not the classic one.
 */
static int classic_call(int argc, char **argv, char *classic[6], char *dur,
			size_t len)
{
	if (argc != 3 || !all_digits(argv[1]) || !all_digits(argv[2]) ||
	    (size_t)snprintf(dur, len, "%ss", argv[2]) >= len)
		return argc;
	classic[0] = argv[0];
	classic[1] = "--procs";
	classic[2] = argv[1];
	classic[3] = "--duration";
	classic[4] = dur;
	classic[5] = NULL;
	return 5;
}

static const struct sb_field own_rows[] = {
	{ .key = "procs",
	  .short_name = 'p',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct mi_opts, procs),
	  .metavar = "N",
	  .doc = "number of processes",
	  .min = 1,
	  .max = MAX_PROCS },
	{ .key = "work",
	  .short_name = 'W',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct mi_opts, work_ns),
	  .metavar = "D",
	  .doc = "busy time per loop (wall clock)",
	  .min = 1,
	  .max = MAX_PERIOD_NS },
	{ .key = "sleep",
	  .short_name = 'S',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct mi_opts, sleep_ns),
	  .metavar = "D",
	  .doc = "sleep per loop",
	  .max = MAX_PERIOD_NS },
	{ .key = "unit-iterations",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct mi_opts, unit_iterations),
	  .metavar = "N",
	  .doc = "steps per unit of work (default 12000, about 20 us "
		 "in a TCG guest): the same in every run compared",
	  .min = 1,
	  .max = MAX_UNIT_ITERATIONS },
	{ 0 },
};

/* The options into @o; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse(struct mi_opts *o, int argc, char **argv)
{
	const struct sb_cli cli = {
		.usage = "Usage: " PROG " [OPTIONS] | NPROC SECONDS\n"
			 "N processes loop: busy W, sleep S; counts loops and "
			 "units of fixed CPU work done per process "
			 "(throughput, fairness).",
		.epilogue = WL_HELP_EPILOGUE,
		.tables = { { own_rows, o }, WL_COMMON_TABLE(&o->common) },
		.prog = PROG,
	};
	char *classic[6], dur[32];

	o->procs = 5;
	o->work_ns = 8000000;
	o->sleep_ns = 1000000;
	o->unit_iterations = WL_WORK_UNIT_ITERATIONS;
	wl_common_init(&o->common, 5 * WL_NSEC_PER_SEC);
	if (classic_call(argc, argv, classic, dur, sizeof(dur)) != argc) {
		argc = 5;
		argv = classic;
	}
	return sb_cli_parse_command(&cli, argc, argv);
}

int main(int argc, char **argv)
{
	struct mi_opts o = { 0 };
	struct mi_run r = { .o = &o, .shm = MAP_FAILED };
	json_t *doc;
	int ret;

	ret = wl_doc_start(parse(&o, argc, argv), &o.common, PROG, argc, argv,
			   &doc);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	ret = run(&r, doc);
	json_decref(doc);
	free(r.pids);
	if (r.shm != MAP_FAILED)
		munmap(r.shm, r.stride * (size_t)(o.procs + 1));
	return ret;
}

#endif /* SBW_DESCRIPTOR_ONLY */
