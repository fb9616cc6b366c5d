// SPDX-License-Identifier: GPL-2.0
/* Start a recorder (tracefs directly, or perf), wait until it really records, stop it, read its stats. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "common/tracefs_dir.h"
#include "harness/recorder.h"
#include "harness/tracefs_rec.h"

#define START_TIMEOUT_MS 60000 /* perf under TCG can take seconds */
#define STOP_TIMEOUT_NS (180LL * 1000000000LL)

/* sched_waking too: waits start there by default (`table --wait-from`),
 * as in `perf sched latency` since it knows that event. */
static const char *const events[] = {
	"sched_switch",	      "sched_waking",	    "sched_wakeup",
	"sched_wakeup_new",   "sched_migrate_task", "sched_process_fork",
	"sched_process_exec", "sched_process_exit", NULL,
};

#define NEVENTS (sizeof(events) / sizeof(events[0]) - 1)

const char *recorder_tool(enum agent_recorder kind)
{
	return kind == AGENT_PERF ? "perf" : "tracefs";
}

/* "sched:<event>" for every event, each after a "-e", into @argv at @n. */
static int add_events(const char **argv, int n, char names[][64])
{
	for (int i = 0; events[i]; i++) {
		snprintf(names[i], sizeof(names[i]), "sched:%s", events[i]);
		argv[n++] = "-e";
		argv[n++] = names[i];
	}
	return n;
}

/* Start a recorder process, its output into p->log, in its own group. */
static int spawn_recorder(struct rec_proc *p, const char *const *argv,
			  struct sb_error *err)
{
	p->pid = sb_spawn_start(&(struct sb_spawn){ .argv = argv,
						    .stdout_path = p->log,
						    .stderr_path = p->log,
						    .new_pgrp = 1 });
	if (p->pid >= 0)
		return 0;
	return sb_error_set(err, p->pid, NULL, NULL, NULL,
			    "cannot start %s: %s", argv[0], strerror(-p->pid));
}

static int perf_failed(const struct rec_proc *p, const char *what,
		       struct sb_error *err)
{
	return sb_error_set(err, -ETIMEDOUT, NULL, NULL, NULL,
			    "perf %s (see %s)", what, p->log);
}

/*
 * perf record of our events on every CPU, one sample per event, mono clock
 * (the same as trace-cmd's -C mono). Not `perf sched record`: it picks
 * sched_waking when the kernel has it, which perf 6.1's latency ignores.
 * perf starts with events disabled (-D -1); "enable" is acked once they
 * are on.
 */
static int start_perf(struct rec_proc *p, const char *out_dir,
		      struct sb_error *err)
{
	char out[PATH_MAX], ctl[2 * PATH_MAX + 8], ack[16] = "",
						   names[NEVENTS][64];
	/* -N: no buildid cache, nothing into ~/.debug (the user's) */
	const char *argv[48] = {
		"perf", "record",	   "-a", "-R", "-m", "1024", "-c", "1",
		"-k",	"CLOCK_MONOTONIC", "-D", "-1", "-N"
	};
	int waited;
	int n = 0;

	snprintf(out, sizeof(out), "%s/perf.data", out_dir);
	snprintf(p->ctl, sizeof(p->ctl), "%s/.perf-ctl", out_dir);
	snprintf(p->ack, sizeof(p->ack), "%s/.perf-ack", out_dir);
	snprintf(ctl, sizeof(ctl), "fifo:%s,%s", p->ctl, p->ack);
	if (mkfifo(p->ctl, 0600) || mkfifo(p->ack, 0600))
		return sb_error_set(err, -errno, NULL, NULL, NULL,
				    "mkfifo in %s: %s", out_dir,
				    strerror(errno));
	/* O_RDWR: opening a FIFO this way never blocks on the other end */
	p->ctl_fd = open(p->ctl, O_RDWR | O_CLOEXEC);
	p->ack_fd = open(p->ack, O_RDWR | O_CLOEXEC);
	if (p->ctl_fd < 0 || p->ack_fd < 0)
		return sb_error_set(err, -errno, NULL, NULL, NULL,
				    "open %s: %s", p->ctl, strerror(errno));
	while (argv[n])
		n++;
	n = add_events(argv, n, names);
	argv[n++] = "--control";
	argv[n++] = ctl;
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n] = NULL;
	if (spawn_recorder(p, argv, err))
		return p->pid;
	if (write(p->ctl_fd, "enable\n", 7) != 7)
		return perf_failed(p, "took no \"enable\"", err);
	/* Wait for the ack, through signals (a Ctrl-C lets the run finish),
	 * and notice a perf that died (say, disk full) at once. */
	for (waited = 0;; waited += 100) {
		struct pollfd pfd = { .fd = p->ack_fd, .events = POLLIN };
		int status, r = poll(&pfd, 1, 100);

		if (r == 1)
			break;
		if (r < 0 && errno != EINTR)
			return perf_failed(p, "could not be waited for", err);
		if (waitpid(p->pid, &status, WNOHANG) == p->pid) {
			p->pid = -1;
			return perf_failed(p, "exited before recording", err);
		}
		if (waited >= START_TIMEOUT_MS)
			return perf_failed(p, "did not acknowledge \"enable\"",
					   err);
	}
	if (read(p->ack_fd, ack, sizeof(ack) - 1) <= 0 ||
	    strncmp(ack, "ack", 3) != 0)
		return perf_failed(p, "did not acknowledge \"enable\"", err);
	return 0;
}

int recorder_arm(enum agent_recorder kind, int buffer_kb, struct sb_error *e)
{
	return kind == AGENT_TRACEFS ?
		       tfs_arm(sb_tracefs_dir(), events, buffer_kb, e) :
		       -EOPNOTSUPP;
}

int recorder_disarm(enum agent_recorder kind)
{
	return kind == AGENT_TRACEFS ? tfs_disarm(sb_tracefs_dir()) : 0;
}

int recorder_start(struct recorder *r, enum agent_recorder kind,
		   const char *out_dir, int buffer_kb, int armed, int with_perf,
		   struct sb_error *err)
{
	int e;

	*r = (struct recorder)RECORDER_INIT;
	r->kind = kind;
	snprintf(r->main.log, sizeof(r->main.log), "%s/recorder.log", out_dir);
	if (kind == AGENT_PERF)
		e = start_perf(&r->main, out_dir, err);
	else
		e = tfs_start(&r->tfs, sb_tracefs_dir(), out_dir, events,
			      buffer_kb, armed, err);
	if (!e && with_perf && kind == AGENT_TRACEFS) {
		snprintf(r->peer.log, sizeof(r->peer.log),
			 "%s/recorder-perf.log", out_dir);
		e = start_perf(&r->peer, out_dir, err);
	}
	if (e)
		recorder_stop(r, NULL);
	return e;
}

/*
 * Events the ring buffers dropped while recording: the "overrun" and
 * "dropped events" counters of every CPU's stats in tracefs.
 */
static long count_lost(void)
{
	static const char *const keys[] = { "overrun:", "dropped events:" };
	char path[PATH_MAX], *text, *p;
	long lost = 0;
	int seen = 0;
	size_t len;

	for (int cpu = 0;; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats",
			 sb_tracefs_dir(), cpu);
		if (sb_read_file(path, &text, &len))
			break;
		for (int k = 0; k < 2; k++)
			if ((p = strstr(text, keys[k]))) {
				lost += strtol(p + strlen(keys[k]), NULL, 10);
				seen = 1;
			}
		free(text);
	}
	return seen ? lost : -1;
}

static void interrupt(const struct rec_proc *p)
{
	if (p->pid > 0)
		kill(p->pid, SIGINT);
}

/* Wait for an interrupted @p, then remove its FIFOs. Returns 0 or -errno. */
static int reap(struct rec_proc *p, const char *tool, struct sb_error *err)
{
	int status = 0, e = 0;

	if (p->pid > 0) {
		e = sb_spawn_wait(p->pid, STOP_TIMEOUT_NS, &status);
		p->pid = -1;
		if (e && err)
			sb_error_set(err, e, NULL, NULL, NULL,
				     "%s did not stop: %s", tool, strerror(-e));
	}
	if (p->ctl_fd >= 0)
		close(p->ctl_fd);
	if (p->ack_fd >= 0)
		close(p->ack_fd);
	p->ctl_fd = p->ack_fd = -1;
	if (*p->ctl) {
		unlink(p->ctl);
		unlink(p->ack);
		*p->ctl = *p->ack = '\0';
	}
	return e;
}

int recorder_stop(struct recorder *r, struct sb_error *err)
{
	int e, e_peer;

	if (r->kind == AGENT_TRACEFS && r->tfs.draining)
		r->lost_events = count_lost();
	interrupt(&r->main);
	interrupt(&r->peer);
	if (r->kind == AGENT_TRACEFS)
		e = tfs_stop(&r->tfs, 1, err);
	else
		e = reap(&r->main, recorder_tool(r->kind), err);
	e_peer = reap(&r->peer, "perf", e ? NULL : err);
	return e ? e : e_peer;
}
