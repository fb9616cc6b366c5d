// SPDX-License-Identifier: GPL-2.0
/*
 * One QEMU boot: build the command line from the request, start QEMU
 * without a shell, follow the console log line by line (init start, done,
 * panic), enforce the hard timeout (in guest time under virtual time),
 * classify the outcome.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/accel.h"
#include "common/atomicio.h"
#include "common/error.h"
#include "common/log.h"
#include "common/spawn.h"
#include "harness/boot/capture.h"
#include "harness/boot/kernel.h"
#include "harness/boot/qmp.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_args.h"
#include "harness/boot/vm_limit.h"

/* QEMU's exit is seen at most a tick late, and every run waits for it */
#define TICK_NS (5LL * 1000000LL)
#define TAIL_LINES 3
#define POWEROFF_GRACE_NS (30LL * 1000000000LL) /* after "done", to power off */
#define CLOCK_EVERY_NS (1000LL * 1000000LL) /* the guest's clock read */
#define CLOCK_WAIT_NS (2000LL * 1000000LL) /* for its answer, at most */

const char *vm_status_name(enum vm_status s)
{
	static const char *const names[] = {
		[VM_OK] = "ok",
		[VM_TIMEOUT] = "timeout",
		[VM_PANIC] = "panic",
		[VM_GUEST_FAILED] = "guest_failed",
		[VM_QEMU_FAILED] = "qemu_failed",
	};

	return (unsigned int)s < sizeof(names) / sizeof(names[0]) ? names[s] :
								    "?";
}

const char *vm_qemu_version(void)
{
	static char version[64];
	static int done;
	const char *argv[] = { VM_QEMU, "--version", NULL };
	char *out = NULL, *p;

	if (done)
		return version;
	done = 1;
	if (capture_run(argv, 0, 30LL * 1000000000LL, &out) == 0 &&
	    (p = strstr(out, "version ")))
		snprintf(version, sizeof(version), "%.*s",
			 (int)strcspn(p + 8, " \n"), p + 8);
	free(out);
	return version;
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* What the console has told so far. */
struct watch {
	int fd;
	char line[1024];
	size_t len;
	int64_t start_ns, user_ns, work_ns, work_end_ns;
	int panic, done_ok, done_failed, ready;
	char detail[512], error_line[512];
	char tail[TAIL_LINES][160];
	int tail_n;
	int esc; /* 0, or inside an escape sequence: 1 after ESC, 2 in CSI */
};

static void on_line(struct watch *w, const char *line)
{
	const char *p;

	if (!*line)
		return;
	snprintf(w->tail[w->tail_n++ % TAIL_LINES], sizeof(w->tail[0]), "%s",
		 line);
	/* the guest init's first line, or a restored agent's */
	if (!w->user_ns && (strstr(line, "SLICEBENCH: start") ||
			    strstr(line, "SLICEBENCH: restored")))
		w->user_ns = now_ns() - w->start_ns;
	if (strstr(line, "SLICEBENCH: ready"))
		w->ready = 1;
	if (!w->work_ns && strstr(line, "SLICEBENCH: " VM_LINE_WORKLOADS_START))
		w->work_ns = now_ns();
	if (w->work_ns && !w->work_end_ns &&
	    strstr(line, "SLICEBENCH: " VM_LINE_WORKLOADS_END))
		w->work_end_ns = now_ns();
	if (!w->panic && (p = strstr(line, "Kernel panic"))) {
		w->panic = 1;
		snprintf(w->detail, sizeof(w->detail), "%s", p);
	}
	if ((p = strstr(line, "SLICEBENCH: done status="))) {
		p += strlen("SLICEBENCH: done status=");
		if (!strncmp(p, "ok", 2) && (!p[2] || p[2] == ' ')) {
			w->done_ok = 1;
		} else {
			w->done_failed = 1;
			snprintf(w->detail, sizeof(w->detail), "guest: %s", p);
		}
	}
	if ((p = strstr(line, "SLICEBENCH: error")))
		snprintf(w->error_line, sizeof(w->error_line), "%s", p);
}

/* Drop control characters and terminal escape sequences (SeaBIOS, resets). */
static int keep(struct watch *w, char ch)
{
	unsigned char c = (unsigned char)ch;

	if (w->esc == 1) {
		w->esc = c == '[' ? 2 : 0;
		return 0;
	}
	if (w->esc == 2) {
		if (c >= 0x40 && c <= 0x7e)
			w->esc = 0;
		return 0;
	}
	if (c == 0x1b) {
		w->esc = 1;
		return 0;
	}
	return c >= 0x20 || c == '\t';
}

static void follow(struct watch *w, const char *console)
{
	char buf[4096];
	ssize_t n;

	if (w->fd < 0)
		w->fd = open(console, O_RDONLY | O_CLOEXEC);
	if (w->fd < 0)
		return;
	while ((n = read(w->fd, buf, sizeof(buf))) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			char ch = buf[i];

			if (ch == '\n' || w->len == sizeof(w->line) - 1) {
				w->line[w->len] = '\0';
				on_line(w, w->line);
				w->len = 0;
			}
			if (keep(w, ch))
				w->line[w->len++] = ch;
		}
	}
}

/* A fatal QEMU message in its own output (KVM pauses instead of exiting). */
static int qemu_fatal(const char *log, char *detail, size_t len)
{
	char *text = NULL, *p;
	size_t n;
	int fatal = 0;

	if (sb_read_file(log, &text, &n))
		return 0;
	if ((p = strstr(text, "KVM internal error"))) {
		snprintf(detail, len, "qemu: %.*s", (int)strcspn(p, "\n"), p);
		fatal = 1;
	}
	free(text);
	return fatal;
}

static void qemu_tail(const char *log, char *detail, size_t len)
{
	char *text = NULL;
	size_t n;

	if (sb_read_file(log, &text, &n) || !n) {
		free(text);
		return;
	}
	while (n && (text[n - 1] == '\n' || text[n - 1] == ' '))
		text[--n] = '\0';
	for (char *p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	snprintf(detail, len, "qemu: %s", n > 300 ? text + n - 300 : text);
	free(text);
}

static void tail_detail(const struct watch *w, char *detail, size_t len)
{
	size_t used = (size_t)snprintf(
		detail, len, "guest stopped without 'SLICEBENCH: done'%s",
		w->tail_n ? "; last lines:" : " and printed nothing");
	int first = w->tail_n > TAIL_LINES ? w->tail_n - TAIL_LINES : 0;

	if (w->error_line[0]) {
		snprintf(detail, len, "%s", w->error_line);
		return;
	}
	for (int i = first; i < w->tail_n && used < len; i++)
		used += (size_t)snprintf(detail + used, len - used, " %s%s",
					 i > first ? "| " : "",
					 w->tail[i % TAIL_LINES]);
}

static void classify(const struct watch *w, const char *timed_out, int stuck,
		     int status, const char *qlog, struct vm_result *res)
{
	int clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;

	if (w->panic && w->user_ns &&
	    strstr(w->detail, "Attempted to kill init")) {
		/* Our init ran and exited: the guest failed, the kernel is fine. */
		res->status = VM_GUEST_FAILED;
		snprintf(res->detail, sizeof(res->detail),
			 "guest init exited without 'SLICEBENCH: done'%s%.300s",
			 w->error_line[0] ? ": " : "", w->error_line);
	} else if (w->panic) {
		res->status = VM_PANIC;
		snprintf(res->detail, sizeof(res->detail), "%s", w->detail);
	} else if (res->status == VM_QEMU_FAILED) {
		/* detail already set from QEMU's own output */
	} else if (*timed_out) {
		res->status = VM_TIMEOUT;
		snprintf(res->detail, sizeof(res->detail),
			 "%.200s; last console line: %s", timed_out,
			 w->tail_n ? w->tail[(w->tail_n - 1) % TAIL_LINES] :
				     "(none)");
	} else if (w->done_failed) {
		res->status = VM_GUEST_FAILED;
		snprintf(res->detail, sizeof(res->detail), "%s", w->detail);
	} else if (w->done_ok && (clean || stuck)) {
		res->status = VM_OK;
		if (stuck)
			snprintf(
				res->detail, sizeof(res->detail),
				"the guest was done but did not power off: killed");
	} else if (!clean) {
		res->status = VM_QEMU_FAILED;
		snprintf(res->detail, sizeof(res->detail),
			 "qemu exit status %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) :
					     128 + WTERMSIG(status));
		qemu_tail(qlog, res->detail, sizeof(res->detail));
	} else {
		res->status = VM_GUEST_FAILED;
		tail_detail(w, res->detail, sizeof(res->detail));
	}
}

static int temp_file(char *path, size_t len, const char *what)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(path, len, "%s/sb-%s.XXXXXX", dir && *dir ? dir : "/tmp",
		 what);
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* @pid into @path while QEMU runs: a resume checks it (sb_pid_file_running). */
static void pid_file_write(const char *path, pid_t pid)
{
	char text[32];
	int n;

	if (!path)
		return;
	n = snprintf(text, sizeof(text), "%d\n", (int)pid);
	if (sb_write_file_atomic(path, text, (size_t)n))
		sb_warn("vm: cannot write %s: a resume will not see QEMU %d",
			path, (int)pid);
}

static void stop(pid_t pid, int *status)
{
	kill(-pid, SIGTERM);
	sb_spawn_wait(pid, 3LL * 1000000000LL, status);
}

/*
 * A QMP socket in a directory of its own for a snapshot's save or load,
 * and under virtual time for reading the guest's clock (vm_limit.h).
 */
struct snap {
	char dir[4096], sock[4200], why[512];
	struct qmp q;
	int failed, saved;
	int64_t clock_at; /* when the guest's clock was last read */
};

/* Does @accel's guest keep its own time (its RTC ticking in it)? */
static int guest_timed(const char *accel)
{
	return sb_accel_is(accel, sealed);
}

static int snap_init(struct snap *sn, struct vm_request *r, const char *accel)
{
	const char *tmp = getenv("TMPDIR");

	sn->q.fd = -1;
	if (!r->snapshot_save && !r->snapshot_load && !guest_timed(accel))
		return 0;
	snprintf(sn->dir, sizeof(sn->dir), "%.4000s/sb-qmp.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(sn->dir))
		return -errno;
	snprintf(sn->sock, sizeof(sn->sock), "%s/qmp", sn->dir);
	r->qmp_socket = sn->sock;
	return 0;
}

/* Connected, and a restored guest resumed; else QEMU stopped. */
static void snap_start(struct snap *sn, const struct vm_request *r, pid_t pid,
		       int64_t deadline, int *status)
{
	if (!r->qmp_socket)
		return;
	if (qmp_open(&sn->q, sn->sock, deadline, sn->why, sizeof(sn->why)) ||
	    (r->snapshot_load &&
	     qmp_resume(&sn->q, deadline, sn->why, sizeof(sn->why)))) {
		if (!r->snapshot_save && !r->snapshot_load) {
			/* only for the clock: the limit stays host time */
			sb_warn("vm: %s: the time limit counts host time",
				sn->why);
			qmp_close(&sn->q);
			return;
		}
		sn->failed = 1;
		stop(pid, status);
	}
}

/* The guest's clock into @l, once a CLOCK_EVERY_NS. */
static void snap_clock(struct snap *sn, struct vm_limit *l)
{
	int64_t now = now_ns(), secs;
	uint64_t insns;
	char why[256];

	if (sn->q.fd < 0 || !l->guest || now - sn->clock_at < CLOCK_EVERY_NS)
		return;
	sn->clock_at = now;
	if (!qmp_guest_clock(&sn->q, now + CLOCK_WAIT_NS, &secs, &insns, why,
			     sizeof(why)))
		vm_limit_seen(l, secs, insns, now_ns());
}

/* The guest said ready: its state saved, QEMU quitting; 1 when failed. */
static int snap_ready(struct snap *sn, const struct vm_request *r,
		      const struct watch *w, pid_t pid, int *status)
{
	if (!r->snapshot_save || !w->ready || sn->saved || sn->failed)
		return 0;
	/* the save has the whole limit of its own, from now */
	if (qmp_save(&sn->q, r->snapshot_save,
		     now_ns() + (int64_t)r->timeout_ns, sn->why,
		     sizeof(sn->why))) {
		sn->failed = 1;
		stop(pid, status);
		return 1;
	}
	sn->saved = 1;
	return 0;
}

/* What a save or load changes in the outcome; the socket removed. */
static void snap_end(struct snap *sn, struct vm_result *res)
{
	if (sn->failed) {
		res->status = VM_QEMU_FAILED;
		snprintf(res->detail, sizeof(res->detail), "%s", sn->why);
	} else if (sn->saved) {
		res->status = VM_OK;
		res->detail[0] = '\0';
	}
	qmp_close(&sn->q);
	if (*sn->dir) {
		unlink(sn->sock);
		rmdir(sn->dir);
	}
}

int vm_boot(const struct vm_request *req, const char *accel,
	    struct vm_result *res)
{
	char qlog[4096], console_tmp[4096];
	const char *console = req->console_log;
	struct watch w = { .fd = -1 };
	struct vm_request r = *req;
	struct snap sn = { 0 };
	struct vm_args *a;
	struct vm_limit limit;
	char timed_out[256] = "";
	int status = 0, fatal = 0, stuck = 0;
	enum vm_limit_state ls;
	int64_t done_at = 0;
	pid_t pid;

	/* A timeout that wrapped to 0 would mean no deadline at all. */
	if (!req->timeout_ns || req->timeout_ns > VM_TIMEOUT_MAX_NS) {
		snprintf(res->detail, sizeof(res->detail),
			 "timeout of %llu ns is not within 1 ns..%llu s",
			 (unsigned long long)req->timeout_ns,
			 VM_TIMEOUT_MAX_NS / 1000000000ULL);
		return -EINVAL;
	}
	snprintf(res->qemu_version, sizeof(res->qemu_version), "%s",
		 vm_qemu_version());
	if (temp_file(qlog, sizeof(qlog), "qemu") ||
	    snap_init(&sn, &r, accel) ||
	    (!console &&
	     temp_file(console_tmp, sizeof(console_tmp), "console"))) {
		int err = errno;

		snprintf(res->detail, sizeof(res->detail),
			 "cannot create a temporary file: %s", strerror(err));
		return sb_env_errno(-err);
	}
	if (!console)
		console = console_tmp;
	a = calloc(1, sizeof(*a));
	if (!a) {
		snprintf(res->detail, sizeof(res->detail), "out of memory");
		return -ENOMEM;
	}
	pid = vm_build_args(a, &r, accel, console);
	unlink(console); /* QEMU creates it; never read a previous boot */
	if (req->results_out)
		unlink(req->results_out);
	w.start_ns = now_ns();
	if (!pid)
		pid = sb_spawn_start(
			&(struct sb_spawn){ .argv = a->v,
					    .stdin_path = r.snapshot_load,
					    .stdout_path = qlog,
					    .stderr_path = qlog,
					    .new_pgrp = 1 });
	free(a);
	if (pid < 0) {
		snprintf(res->detail, sizeof(res->detail), "%s: %s%s", VM_QEMU,
			 strerror((int)-pid),
			 pid == -ENOENT ?
				 " (install qemu-system-x86: make deps)" :
				 "");
		unlink(qlog);
		snap_end(&sn, res);
		return sb_env_errno((int)pid);
	}
	pid_file_write(req->pid_file, pid);
	vm_limit_start(&limit, req->timeout_ns, guest_timed(accel), w.start_ns);
	/* both < 2^62 */
	snap_start(&sn, &r, pid, w.start_ns + (int64_t)req->timeout_ns,
		   &status);
	while (!sn.failed) {
		pid_t exited = waitpid(pid, &status, WNOHANG);
		struct timespec tick = { 0, TICK_NS };

		follow(&w, console);
		if (exited == pid || snap_ready(&sn, &r, &w, pid, &status))
			break;
		if (w.panic || (fatal = qemu_fatal(qlog, res->detail,
						   sizeof(res->detail)))) {
			stop(pid, &status);
			break;
		}
		if (!done_at && (w.done_ok || w.done_failed))
			done_at = now_ns();
		if (done_at && now_ns() - done_at > POWEROFF_GRACE_NS) {
			stuck = 1;
			stop(pid, &status);
			break;
		}
		snap_clock(&sn, &limit);
		if ((ls = vm_limit_check(&limit, now_ns())) != VM_LIMIT_GOING) {
			vm_limit_say(&limit, ls, now_ns(), timed_out,
				     sizeof(timed_out));
			stop(pid, &status);
			break;
		}
		nanosleep(&tick, NULL);
	}
	res->wall_ns = (uint64_t)(now_ns() - w.start_ns);
	if (req->pid_file)
		unlink(req->pid_file);
	follow(&w, console);
	if (w.len) {
		w.line[w.len] = '\0';
		on_line(&w, w.line);
	}
	if (w.fd >= 0)
		close(w.fd);
	res->boot_to_user_ns = (uint64_t)w.user_ns;
	res->workloads_host_ns =
		w.work_end_ns ? (uint64_t)(w.work_end_ns - w.work_ns) : 0;
	res->status = fatal ? VM_QEMU_FAILED : VM_OK;
	classify(&w, timed_out, stuck, status, qlog, res);
	snap_end(&sn, res);
	unlink(qlog);
	if (console == console_tmp)
		unlink(console_tmp);
	return 0;
}
