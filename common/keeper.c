// SPDX-License-Identifier: GPL-2.0
/* The keeper: a process that kills the tool's child process groups once the tool is gone. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/keeper.h"

/* A group to kill: its id (its leader's pid) and the leader's start time,
 * so that a pid used again by another process is told apart. */
struct watched {
	pid_t pgid;
	unsigned long long start;
};

static int keeper_fd = -1;
static pid_t keeper_for; /* the process keeper_fd's keeper watches */

/* Field 22 of /proc/@pid/stat (start time in clock ticks), 0 when gone. */
static unsigned long long start_time(pid_t pid)
{
	char path[64], *text, *p;
	unsigned long long t;
	size_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (sb_read_file(path, &text, &len))
		return 0;
	p = strrchr(text, ')'); /* the comm before it may hold anything */
	for (int field = 3; p && field <= 22; field++)
		p = strchr(p + 1, ' ');
	t = p ? strtoull(p + 1, NULL, 10) : 0;
	free(text);
	return t;
}

static int group_exists(pid_t pgid)
{
	return !kill(-pgid, 0) || errno == EPERM;
}

static void kill_group(const struct watched *w)
{
	/* The leader's pid in use by a process started later: not ours. */
	if ((!kill(w->pgid, 0) || errno == EPERM) &&
	    start_time(w->pgid) != w->start)
		return;
	kill(-w->pgid, SIGKILL);
}

/* The keeper's life: collect groups until the tool's end closes @fd. */
static void __attribute__((noreturn)) keep(int fd)
{
	static const int quiet[] = { SIGINT,  SIGTERM, SIGHUP,	SIGQUIT,
				     SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU };
	struct watched *w = NULL, rec;
	size_t n = 0, cap = 0;
	int null = open("/dev/null", O_RDWR);

	/* Out of the tool's group and terminal: what kills them spares it. */
	setsid();
	for (size_t i = 0; i < sizeof(quiet) / sizeof(quiet[0]); i++)
		signal(quiet[i], SIG_IGN);
	/* Hold nothing of the tool's: no output another waits to see end,
	 * no pipe end another process waits to see closed. */
	if (null >= 0)
		for (int std = 0; std < 3; std++)
			dup2(null, std);
	for (int other = 3; other < 1024; other++)
		if (other != fd)
			close(other);
	for (;;) {
		ssize_t r = read(fd, &rec, sizeof(rec));
		size_t kept = 0;

		if (r < 0 && errno == EINTR)
			continue;
		if (r != (ssize_t)sizeof(rec))
			break;
		for (size_t i = 0; i < n; i++) /* forget groups gone */
			if (group_exists(w[i].pgid))
				w[kept++] = w[i];
		n = kept;
		if (n == cap) {
			struct watched *more =
				realloc(w, (cap ? cap * 2 : 16) * sizeof(*w));

			if (!more) /* keep watching those it has */
				continue;
			w = more;
			cap = cap ? cap * 2 : 16;
		}
		w[n++] = rec;
	}
	for (size_t i = 0; i < n; i++)
		kill_group(&w[i]);
	_exit(0);
}

pid_t sb_fork_piped(int *fd, int to_child)
{
	int p[2];
	pid_t pid;

	*fd = -1;
	if (pipe2(p, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		int e = -errno;

		close(p[0]);
		close(p[1]);
		return e;
	}
	/* p[1] is the writer's: this process's with @to_child */
	close(p[!pid == !to_child ? 0 : 1]);
	*fd = p[!pid == !to_child ? 1 : 0];
	return pid;
}

/* A keeper for this process: started once (again in a forked child). */
static int keeper_start(void)
{
	pid_t pid;
	int fd = -1;

	if (keeper_for == getpid())
		return 0;
	if (keeper_fd >= 0) /* the keeper of the process this was forked from */
		close(keeper_fd);
	keeper_fd = -1;
	pid = sb_fork_piped(&fd, 1);
	if (pid < 0)
		return pid;
	if (pid == 0)
		keep(fd);
	keeper_fd = fd;
	keeper_for = getpid();
	return 0;
}

int sb_keeper_watch(pid_t pgid)
{
	struct watched rec = { .pgid = pgid, .start = start_time(pgid) };
	int r = keeper_start();
	ssize_t n;

	if (r)
		return r;
	do /* one record, below PIPE_BUF: written whole or not at all */
		n = write(keeper_fd, &rec, sizeof(rec));
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(rec) ? 0 : -errno;
}
