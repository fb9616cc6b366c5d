// SPDX-License-Identifier: GPL-2.0
/* Start a recorder, wait until it really records, stop it, read its stats. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/features.h"
#include "harness/recorder.h"

#define START_TIMEOUT_MS 60000 /* trace-cmd under TCG can take seconds */
#define STOP_TIMEOUT_NS (180LL * 1000000000LL)

static const char *const events[] = {
	"sched_switch",	      "sched_wakeup",
	"sched_wakeup_new",   "sched_migrate_task",
	"sched_process_fork", "sched_process_exec",
	"sched_process_exit", NULL,
};

const char *recorder_tool(enum agent_recorder kind)
{
	return kind == AGENT_PERF ? "perf" : "trace-cmd";
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static const char *tracefs(void)
{
	return access("/sys/kernel/tracing/tracing_on", F_OK) ?
		       "/sys/kernel/debug/tracing" :
		       "/sys/kernel/tracing";
}

/* Tracing on, our events enabled, the monotonic clock selected. */
static int tracing_ready(void)
{
	char path[PATH_MAX], buf[512];

	snprintf(path, sizeof(path), "%s/tracing_on", tracefs());
	if (features_read(path, buf, sizeof(buf)) || strcmp(buf, "1") != 0)
		return 0;
	snprintf(path, sizeof(path), "%s/trace_clock", tracefs());
	if (features_read(path, buf, sizeof(buf)) || !strstr(buf, "[mono]"))
		return 0;
	for (int i = 0; events[i]; i++) {
		snprintf(path, sizeof(path), "%s/events/sched/%s/enable",
			 tracefs(), events[i]);
		if (features_read(path, buf, sizeof(buf)) ||
		    strcmp(buf, "1") != 0)
			return 0;
	}
	return 1;
}

static int start_trace_cmd(struct recorder *r, const char *out_dir,
			   int buffer_kb, char *err, size_t errlen)
{
	char out[PATH_MAX], kb[32], names[8][64];
	const char *argv[40];
	int n = 0, waited = 0;

	snprintf(out, sizeof(out), "%s/trace.dat", out_dir);
	snprintf(kb, sizeof(kb), "%d", buffer_kb);
	argv[n++] = "trace-cmd";
	argv[n++] = "record";
	argv[n++] = "-C";
	argv[n++] = "mono";
	argv[n++] = "--file-version";
	argv[n++] = "6";
	argv[n++] = "-b";
	argv[n++] = kb;
	for (int i = 0; events[i]; i++) {
		snprintf(names[i], sizeof(names[i]), "sched:%s", events[i]);
		argv[n++] = "-e";
		argv[n++] = names[i];
	}
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n] = NULL;
	r->pid = sb_spawn_start(&(struct sb_spawn){ .argv = argv,
						    .stdout_path = r->log,
						    .stderr_path = r->log,
						    .new_pgrp = 1 });
	if (r->pid < 0) {
		snprintf(err, errlen, "cannot start trace-cmd: %s",
			 strerror(-r->pid));
		return r->pid;
	}
	while (!tracing_ready()) {
		int status;

		if (waitpid(r->pid, &status, WNOHANG) == r->pid) {
			r->pid = -1;
			snprintf(err, errlen,
				 "trace-cmd exited before recording (see %s)",
				 r->log);
			return -ECHILD;
		}
		if (waited >= START_TIMEOUT_MS) {
			snprintf(err, errlen,
				 "trace-cmd did not start recording in %d s",
				 START_TIMEOUT_MS / 1000);
			return -ETIMEDOUT;
		}
		sleep_ms(20);
		waited += 20;
	}
	return 0;
}

/* perf starts with events disabled (-D -1); "enable" is acked once they are on. */
static int start_perf(struct recorder *r, const char *out_dir, char *err,
		      size_t errlen)
{
	char out[PATH_MAX], ctl[2 * PATH_MAX + 8], ack[16] = "";
	struct pollfd pfd;

	snprintf(out, sizeof(out), "%s/perf.data", out_dir);
	snprintf(r->ctl, sizeof(r->ctl), "%s/.perf-ctl", out_dir);
	snprintf(r->ack, sizeof(r->ack), "%s/.perf-ack", out_dir);
	snprintf(ctl, sizeof(ctl), "fifo:%s,%s", r->ctl, r->ack);
	if (mkfifo(r->ctl, 0600) || mkfifo(r->ack, 0600)) {
		snprintf(err, errlen, "mkfifo in %s: %s", out_dir,
			 strerror(errno));
		return -errno;
	}
	/* O_RDWR: opening a FIFO this way never blocks on the other end */
	r->ctl_fd = open(r->ctl, O_RDWR | O_CLOEXEC);
	r->ack_fd = open(r->ack, O_RDWR | O_CLOEXEC);
	if (r->ctl_fd < 0 || r->ack_fd < 0) {
		snprintf(err, errlen, "open %s: %s", r->ctl, strerror(errno));
		return -errno;
	}
	r->pid = sb_spawn_start(&(struct sb_spawn){
		.argv = (const char *const[]){ "perf", "sched", "record", "-k",
					       "CLOCK_MONOTONIC", "-D", "-1",
					       "--control", ctl, "-o", out,
					       NULL },
		.stdout_path = r->log,
		.stderr_path = r->log,
		.new_pgrp = 1 });
	if (r->pid < 0) {
		snprintf(err, errlen, "cannot start perf: %s",
			 strerror(-r->pid));
		return r->pid;
	}
	pfd = (struct pollfd){ .fd = r->ack_fd, .events = POLLIN };
	if (write(r->ctl_fd, "enable\n", 7) != 7 ||
	    poll(&pfd, 1, START_TIMEOUT_MS) != 1 ||
	    read(r->ack_fd, ack, sizeof(ack) - 1) <= 0 ||
	    strncmp(ack, "ack", 3) != 0) {
		snprintf(err, errlen,
			 "perf did not acknowledge \"enable\" (see %s)",
			 r->log);
		return -ETIMEDOUT;
	}
	return 0;
}

int recorder_start(struct recorder *r, enum agent_recorder kind,
		   const char *out_dir, int buffer_kb, char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->pid = -1;
	r->ctl_fd = r->ack_fd = -1;
	r->lost_events = -1;
	snprintf(r->log, sizeof(r->log), "%s/recorder.log", out_dir);
	if (kind == AGENT_PERF)
		return start_perf(r, out_dir, err, errlen);
	return start_trace_cmd(r, out_dir, buffer_kb, err, errlen);
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
			 tracefs(), cpu);
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

int recorder_stop(struct recorder *r, char *err, size_t errlen)
{
	int status = 0, e = 0;

	if (r->kind == AGENT_TRACE_CMD)
		r->lost_events = count_lost();
	if (r->pid > 0) {
		kill(r->pid, SIGINT);
		e = sb_spawn_wait(r->pid, STOP_TIMEOUT_NS, &status);
		r->pid = -1;
		if (e)
			snprintf(err, errlen, "%s did not stop: %s",
				 recorder_tool(r->kind), strerror(-e));
	}
	if (r->ctl_fd >= 0) {
		close(r->ctl_fd);
		close(r->ack_fd);
		unlink(r->ctl);
		unlink(r->ack);
		r->ctl_fd = r->ack_fd = -1;
	}
	return e;
}
