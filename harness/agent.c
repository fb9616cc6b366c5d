// SPDX-License-Identifier: GPL-2.0
/* One run on the running kernel: features, recorder, workloads, collection. */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/calib.h"
#include "common/cpulist.h"
#include "common/envelope.h"
#include "common/error.h"
#include "common/spawn.h"
#include "harness/agent.h"
#include "harness/boot/vm.h"
#include "harness/features.h"
#include "harness/recorder.h"
#include "harness/preflight.h"
#include "harness/schedstat.h"
#include "harness/workload.h"

#define MAX_PROCS 256
#define TICK_MS 50
#define END_TICK_MS 2
#define SAMPLE_EVERY_NS 1000000000ULL
#define KILL_GRACE_NS 2000000000ULL

struct proc {
	pid_t pid; /* also its process group */
	int workload;
	int status; /* waitpid status once reaped */
	int done;
};

struct run {
	const struct agent_opts *o;
	struct proc procs[MAX_PROCS];
	pid_t pgids[MAX_PROCS];
	const char *group_names[MAX_PROCS];
	int n_procs;
	struct ss_sampler ss;
	uint64_t t0, win_start, win_end;
	char read_back[2048];
	char failure[512];
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void say(const struct agent_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(const struct agent_opts *o, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (!o->log)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	o->log(msg);
}

/* Wrapped tools get their CPUs by inheriting the agent's affinity. */
static pid_t spawn_proc(struct run *run, const struct sc_workload *w,
			const struct wl_proc *p)
{
	cpu_set_t old, set;
	int pinned = w->desc->kind != SBW_GENERATOR && *w->cpus;
	pid_t pid;

	if (pinned) {
		if (sb_cpulist_parse(w->cpus, &set) ||
		    sched_getaffinity(0, sizeof(old), &old) ||
		    sched_setaffinity(0, sizeof(set), &set)) {
			snprintf(run->failure, sizeof(run->failure),
				 "workload %s: cannot pin to CPUs %s", w->name,
				 w->cpus);
			return -EINVAL;
		}
	}
	pid = sb_spawn_start(&(struct sb_spawn){
		.argv = p->argv,
		.stdout_path = p->capture_stdout ? p->out_path : p->err_path,
		.stderr_path = p->err_path,
		.append = !p->capture_stdout,
		.new_pgrp = 1 });
	if (pinned)
		sched_setaffinity(0, sizeof(old), &old);
	if (pid < 0)
		snprintf(run->failure, sizeof(run->failure),
			 "workload %s: cannot start %s: %s", w->name,
			 p->argv[0], strerror(-pid));
	return pid;
}

static int start_workloads(struct run *run, const char *dir)
{
	const struct scenario *sc = run->o->sc;
	/* native tools start their warm-up at the run's: a later one
	 * shortens its own, and all end with the window */
	const struct wl_run timing = { .warmup_ns = sc->warmup_ns,
				       .duration_ns = sc->duration_ns,
				       .seed = run->o->seed,
				       .start_at_ns = run->t0 };
	struct wl_proc *p = malloc(sizeof(*p));

	if (!p)
		return -ENOMEM;
	for (int i = 0; i < sc->n_workloads; i++) {
		const struct sc_workload *w = &sc->workloads[i];

		for (int k = 0; k < wl_instances(w); k++) {
			pid_t pid;

			if (run->n_procs == MAX_PROCS ||
			    wl_build(w, k, dir, &timing, p)) {
				snprintf(run->failure, sizeof(run->failure),
					 "workload %s: too many processes or "
					 "arguments",
					 w->name);
				free(p);
				return -E2BIG;
			}
			pid = spawn_proc(run, w, p);
			if (pid < 0) {
				free(p);
				return pid;
			}
			run->procs[run->n_procs] =
				(struct proc){ .pid = pid, .workload = i };
			run->pgids[run->n_procs] = pid;
			run->group_names[run->n_procs++] = w->name;
		}
	}
	free(p);
	return 0;
}

static void kill_all(struct run *run, int sig)
{
	for (int i = 0; i < run->n_procs; i++)
		if (!run->procs[i].done)
			kill(-run->procs[i].pid, sig);
}

static int reap(struct run *run)
{
	int live = 0;

	for (int i = 0; i < run->n_procs; i++) {
		struct proc *p = &run->procs[i];

		if (!p->done && waitpid(p->pid, &p->status, WNOHANG) == p->pid)
			p->done = 1;
		live += !p->done;
	}
	return live;
}

static void sleep_tick(void)
{
	struct timespec ts = { 0, TICK_MS * 1000000L };

	nanosleep(&ts, NULL);
}

/* A tick, or less to wake at @due: the window's edges are sampled on time
 * (the workloads exit just after its end: a tick late misses them). After
 * the window a shorter tick: the run ends when its last workload does. */
static void sleep_until_or_tick(uint64_t due, int after)
{
	uint64_t now = mono_ns();
	struct timespec ts = { 0, (after ? END_TICK_MS : TICK_MS) * 1000000L };

	if (due > now && due - now < (uint64_t)ts.tv_nsec)
		ts.tv_nsec = (long)(due - now);
	nanosleep(&ts, NULL);
}

/* Wait for every workload, sampling schedstat; kill on timeout or stop. */
static void wait_workloads(struct run *run)
{
	const struct agent_opts *o = run->o;
	uint64_t span = run->win_end - run->t0;
	uint64_t deadline =
		run->win_end + (span > 30000000000ULL ? span : 30000000000ULL);
	uint64_t next_sample = 0, killed_at = 0;
	int started = 0, ended = 0;

	while (reap(run)) {
		uint64_t now = mono_ns();

		if (o->untraced) { /* the control arm samples nothing */
			started = ended = 1;
			next_sample = UINT64_MAX;
		}
		if (!started && now >= run->win_start) {
			ss_sample(&run->ss, run->pgids, run->n_procs, 1);
			started = 1;
		} else if (!ended && now >= run->win_end) {
			ss_sample(&run->ss, run->pgids, run->n_procs, 0);
			ended = 1;
		} else if (now >= next_sample) {
			ss_sample(&run->ss, run->pgids, run->n_procs, 0);
			next_sample = now + SAMPLE_EVERY_NS;
		}
		if (!killed_at && ((o->stop && *o->stop) || now >= deadline)) {
			if (!*run->failure)
				snprintf(
					run->failure, sizeof(run->failure),
					o->stop && *o->stop ?
						"interrupted" :
						"workloads still running %llu s "
						"after the window ended",
					(unsigned long long)((deadline -
							      run->win_end) /
							     1000000000ULL));
			kill_all(run, SIGTERM);
			killed_at = now;
		} else if (killed_at && now >= killed_at + KILL_GRACE_NS) {
			kill_all(run, SIGKILL);
		}
		/* the window's end by the clock: the control arm, which
		 * samples nothing, counts as ended from its start */
		sleep_until_or_tick(!started ? run->win_start :
				    !ended   ? run->win_end :
					       UINT64_MAX,
				    now >= run->win_end);
	}
}

static void check_exits(struct run *run)
{
	const struct scenario *sc = run->o->sc;

	for (int i = 0; i < run->n_procs && !*run->failure; i++) {
		int st = run->procs[i].status;
		const char *name = sc->workloads[run->procs[i].workload].name;

		if (WIFEXITED(st) && WEXITSTATUS(st))
			snprintf(run->failure, sizeof(run->failure),
				 "workload %s exited with status %d (see "
				 "workloads/%s.log)",
				 name, WEXITSTATUS(st), name);
		else if (WIFSIGNALED(st))
			snprintf(run->failure, sizeof(run->failure),
				 "workload %s killed by signal %d", name,
				 WTERMSIG(st));
	}
}

/* The parsed tools' documents, once every workload has exited cleanly. */
static void write_parsed(struct run *run, const char *dir)
{
	const struct scenario *sc = run->o->sc;
	struct sb_error e;

	for (int i = 0; i < sc->n_workloads && !*run->failure; i++)
		if (wl_write_parsed(&sc->workloads[i], dir, &e))
			snprintf(run->failure, sizeof(run->failure),
				 "workload %s: %.400s", sc->workloads[i].name,
				 e.msg);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	sb_write_file_atomic(path, text, strlen(text));
}

/* features.txt, uname.txt, dmesg.txt and config.gz (when the kernel has it). */
static void collect(const struct agent_opts *o, json_t *doc)
{
	char buf[2048], path[4200], *cfg;
	struct utsname u;
	size_t len;
	int e = features_read(o->features_path, buf, sizeof(buf) - 1);

	if (e)
		snprintf(buf, sizeof(buf), "unavailable: %s", strerror(-e));
	snprintf(path, sizeof(path), "%s\n", buf);
	write_text(o->out_dir, "features.txt", path);
	uname(&u);
	snprintf(buf, sizeof(buf), "%s %s %s %s %s\n", u.sysname, u.nodename,
		 u.release, u.version, u.machine);
	write_text(o->out_dir, "uname.txt", buf);
	json_object_set_new(doc, "uname",
			    json_pack("{s:s,s:s,s:s,s:s}", "sysname", u.sysname,
				      "release", u.release, "version",
				      u.version, "machine", u.machine));
	/* one draw from the kernel's generator: guests restored from one
	 * snapshot must draw apart (sbguest reseeds them) */
	if (!features_read("/proc/sys/kernel/random/uuid", buf, sizeof(buf)))
		json_object_set_new(doc, "random_uuid", json_string(buf));
	snprintf(path, sizeof(path), "%s/dmesg.txt", o->out_dir);
	sb_run(&(struct sb_spawn){ .argv = (const char *const[]){ "dmesg",
								  NULL },
				   .stdout_path = path,
				   .stderr_path = path },
	       10LL * 1000000000LL);
	if (!sb_read_file("/proc/config.gz", &cfg, &len)) {
		snprintf(path, sizeof(path), "%s/config.gz", o->out_dir);
		sb_write_file_atomic(path, cfg, len);
		free(cfg);
	}
}

static json_t *requested_json(const struct sc_feature_set *fs)
{
	json_t *a = json_array();

	for (int i = 0; fs && i < fs->n_features; i++)
		json_array_append_new(a, json_string(fs->features[i]));
	return a;
}

static json_t *procs_json(const struct run *run)
{
	json_t *a = json_array();

	for (int i = 0; i < run->n_procs; i++) {
		const struct proc *p = &run->procs[i];
		int st = p->status;

		json_array_append_new(
			a,
			json_pack("{s:s,s:i,s:o}", "workload",
				  run->group_names[i], "pid", p->pid,
				  "exit_status",
				  !p->done ? json_null() :
				  WIFEXITED(st) ?
					     json_integer(WEXITSTATUS(st)) :
					     json_integer(128 + WTERMSIG(st))));
	}
	return a;
}

/* Features, recorder, workloads; leaves run->failure set on a problem. */
static void run_body(struct run *run, struct recorder *rec, json_t *doc)
{
	const struct agent_opts *o = run->o;
	const struct scenario *sc = o->sc;
	struct sb_error err;
	char dir[4200];
	int e;

	if (o->set_features) {
		if (features_apply(o->features_path, o->fs, run->read_back,
				   sizeof(run->read_back), &err)) {
			snprintf(run->failure, sizeof(run->failure), "%.500s",
				 err.msg);
			return;
		}
		say(o, "features: %s", run->read_back);
	} else if ((e = features_read(o->features_path, run->read_back,
				      sizeof(run->read_back)))) {
		snprintf(run->read_back, sizeof(run->read_back),
			 "unavailable: %s", strerror(-e));
	}
	snprintf(dir, sizeof(dir), "%s/workloads", o->out_dir);
	if ((e = sb_mkdir_p(dir, 0755))) {
		snprintf(run->failure, sizeof(run->failure), "mkdir %.300s: %s",
			 dir, strerror(-e));
		return;
	}
	if (o->untraced && o->armed && (e = recorder_disarm(o->recorder))) {
		snprintf(run->failure, sizeof(run->failure),
			 "cannot disable the armed trace events: %s",
			 strerror(-e));
		return;
	}
	if (!o->untraced &&
	    recorder_start(rec, o->recorder, o->out_dir, sc->trace_buffer_kb,
			   o->armed, sc->trace_perf, &err)) {
		snprintf(run->failure, sizeof(run->failure), "%.500s", err.msg);
		return;
	}
	say(o, VM_LINE_WORKLOADS_START " %d, %s %s", sc->n_workloads,
	    o->untraced ? "not recording, not sampling schedstat:" :
			  "recording with",
	    o->untraced ? "the control arm" : recorder_tool(o->recorder));
	run->t0 = mono_ns();
	json_object_set_new(doc, "workload_start_mono_ns",
			    json_integer((json_int_t)run->t0));
	run->win_start = run->t0 + sc->warmup_ns;
	run->win_end = run->win_start + sc->duration_ns;
	snprintf(dir, sizeof(dir), "%s/window.json", o->out_dir);
	json_t *win = json_pack("{s:I,s:I}", "start_mono_ns",
				(json_int_t)run->win_start, "end_mono_ns",
				(json_int_t)run->win_end);
	json_t *wdoc = json_pack("{s:i}", "schema", SB_SCHEMA);

	json_object_update(wdoc, win);
	sb_json_dump_atomic(dir, wdoc);
	json_decref(wdoc);
	json_object_set_new(doc, "window", win);
	snprintf(dir, sizeof(dir), "%s/workloads", o->out_dir);
	if (!start_workloads(run, dir)) {
		wait_workloads(run);
		check_exits(run);
		write_parsed(run, dir);
	} else {
		kill_all(run, SIGKILL);
		while (reap(run))
			sleep_tick();
	}
	json_object_set_new(doc, "workload_end_mono_ns",
			    json_integer((json_int_t)mono_ns()));
	say(o, VM_LINE_WORKLOADS_END);
	if (recorder_stop(rec, &err) && !*run->failure)
		snprintf(run->failure, sizeof(run->failure), "%.500s", err.msg);
}

void agent_prepare(const struct scenario *sc, const char *taken,
		   struct agent_prep *p)
{
	preflight_take(sc, &p->pf);
	p->calib_loop_ns = sb_calib_loop_ns(3);
	p->taken = taken;
}

int agent_run(const struct agent_opts *o, struct sb_error *e)
{
	struct run *run = calloc(1, sizeof(*run));
	struct recorder rec = RECORDER_INIT;
	char path[4200], *old_path = NULL, summary[512];
	struct agent_prep now;
	const struct agent_prep *prep = o->prep;
	json_t *doc;
	int rc;

	if (!run)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	run->o = o;
	if (o->path_prefix) {
		const char *cur = getenv("PATH");
		char *np = NULL;

		old_path = cur ? strdup(cur) : NULL;
		if (asprintf(&np, "%s:%s", o->path_prefix,
			     cur ? cur : "/usr/bin:/bin") > 0)
			setenv("PATH", np, 1);
		free(np);
	}
	doc = json_pack("{s:i,s:s,s:I}", "schema", SB_SCHEMA, "tool", "sbguest",
			"seed", (json_int_t)o->seed);
	json_object_set_new(doc, "start_mono_ns",
			    json_integer((json_int_t)mono_ns()));
	if (!prep) {
		agent_prepare(o->sc, "run", &now);
		prep = &now;
	}
	json_object_set_new(doc, "preflight", preflight_json(&prep->pf));
	preflight_summary(&prep->pf, summary, sizeof(summary));
	say(o, "%s", summary);
	json_object_set_new(doc, "calibration",
			    json_pack("{s:I,s:I,s:s}", "iterations",
				      (json_int_t)SB_CALIB_ITERATIONS,
				      "loop_ns",
				      (json_int_t)prep->calib_loop_ns, "taken",
				      prep->taken));
	run_body(run, &rec, doc);
	recorder_stop(&rec, NULL); /* after a failure */
	collect(o, doc);
	snprintf(path, sizeof(path), "%s/schedstat.json", o->out_dir);
	json_t *ss = ss_to_json(&run->ss, run->group_names);
	sb_json_dump_atomic(path, ss);
	json_decref(ss);
	json_object_set_new(doc, "status",
			    json_string(*run->failure ? "failed" : "ok"));
	json_object_set_new(doc, "failure",
			    *run->failure ? json_string(run->failure) :
					    json_null());
	json_object_set_new(doc, "features",
			    json_pack("{s:o,s:s,s:b}", "requested",
				      requested_json(o->fs), "read_back",
				      run->read_back, "settable",
				      o->set_features));
	json_object_set_new(doc, "untraced", json_boolean(o->untraced));
	json_object_set_new(
		doc, "recorder",
		json_pack("{s:s,s:o}", "tool",
			  o->untraced ? "none" : recorder_tool(o->recorder),
			  "lost_events",
			  rec.lost_events < 0 ? json_null() :
						json_integer(rec.lost_events)));
	json_object_set_new(doc, "workloads", procs_json(run));
	json_object_set_new(doc, "end_mono_ns",
			    json_integer((json_int_t)mono_ns()));
	snprintf(path, sizeof(path), "%s/agent.json", o->out_dir);
	sb_json_dump_atomic(path, doc);
	json_decref(doc);
	if (old_path) {
		setenv("PATH", old_path, 1);
		free(old_path);
	}
	rc = *run->failure ? sb_error_set(e, -EIO, NULL, NULL, NULL, "%s",
					  run->failure) :
			     0;

	ss_free(&run->ss);
	free(run);
	return rc;
}
