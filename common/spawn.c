// SPDX-License-Identifier: GPL-2.0
/* Run programs from argv arrays (never a shell), with redirections and timeouts. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/keeper.h"
#include "common/spawn.h"

static int redirect(const char *path, int target, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	if (dup2(fd, target) < 0)
		return -1;
	close(fd);
	return 0;
}

int sb_die_with(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL))
		return -1;
	return getppid() == parent ? 0 : -1;
}

pid_t sb_spawn_start(const struct sb_spawn *s)
{
	int out_flags = O_WRONLY | O_CREAT | (s->append ? O_APPEND : O_TRUNC);
	pid_t parent = getpid(), pid;
	int child_errno = 0, errfd; /* exec closes the child's end */
	ssize_t n;

	if (!s->argv || !s->argv[0])
		return -EINVAL;
	pid = sb_fork_piped(&errfd, 0);
	if (pid < 0)
		return pid;
	if (pid == 0) {
		int e;

		signal(SIGPIPE, SIG_DFL);
		if (sb_die_with(parent)) /* nothing outlives the tool */
			goto fail;
		if (s->new_pgrp)
			setpgid(0, 0);
		if (redirect(s->stdin_path ? s->stdin_path : "/dev/null",
			     STDIN_FILENO, O_RDONLY))
			goto fail;
		if (s->stdout_path &&
		    redirect(s->stdout_path, STDOUT_FILENO, out_flags))
			goto fail;
		if (s->stderr_path && s->stdout_path &&
		    !strcmp(s->stderr_path, s->stdout_path)) {
			if (dup2(STDOUT_FILENO, STDERR_FILENO) < 0)
				goto fail;
		} else if (s->stderr_path &&
			   redirect(s->stderr_path, STDERR_FILENO, out_flags)) {
			goto fail;
		}
		if (s->cwd && chdir(s->cwd))
			goto fail;
		execvp(s->argv[0], (char *const *)s->argv);
fail:
		e = errno;
		if (write(errfd, &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	if (s->new_pgrp) {
		setpgid(pid, pid); /* both sides, so no kill can race it */
		/* PDEATHSIG reaches the leader alone: the keeper, the rest */
		sb_keeper_watch(pid);
	}
	do {
		n = read(errfd, &child_errno, sizeof(child_errno));
	} while (n < 0 && errno == EINTR);
	close(errfd);
	if (n == (ssize_t)sizeof(child_errno)) {
		waitpid(pid, NULL, 0);
		return -child_errno;
	}
	return pid;
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void kill_child(pid_t pid, int sig)
{
	if (getpgid(pid) == pid)
		kill(-pid, sig);
	else
		kill(pid, sig);
}

static int wait_until(pid_t pid, int64_t deadline, int *status)
{
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		struct timespec tick = { 0, 10000000L };

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (deadline >= 0 && now_ns() >= deadline)
			return -ETIMEDOUT;
		nanosleep(&tick, NULL);
	}
}

int sb_spawn_wait(pid_t pid, int64_t timeout_ns, int *status)
{
	int st = 0, ret;

	if (timeout_ns < 0) {
		while (waitpid(pid, &st, 0) < 0)
			if (errno != EINTR)
				return -errno;
		if (status)
			*status = st;
		return 0;
	}
	ret = wait_until(pid, now_ns() + timeout_ns, &st);
	if (ret == -ETIMEDOUT) {
		kill_child(pid, SIGTERM);
		if (wait_until(pid, now_ns() + 2000000000LL, &st) ==
		    -ETIMEDOUT) {
			kill_child(pid, SIGKILL);
			waitpid(pid, &st, 0);
		}
	}
	if (status)
		*status = st;
	return ret;
}

int sb_run(const struct sb_spawn *s, int64_t timeout_ns)
{
	return sb_run_ticking(s, timeout_ns, 0, NULL, NULL);
}

/* sb_spawn_wait for @timeout_ns, calling @tick(@arg) every @every_ns. */
static int wait_ticking(pid_t pid, int64_t timeout_ns, int64_t every_ns,
			void (*tick)(void *arg), void *arg, int *status)
{
	int64_t end = timeout_ns < 0 ? -1 : now_ns() + timeout_ns;

	for (;;) {
		int64_t next = now_ns() + every_ns;
		int ret;

		if (end >= 0 && next > end)
			next = end;
		ret = wait_until(pid, next, status);
		if (ret != -ETIMEDOUT)
			return ret;
		if (end >= 0 && now_ns() >= end) /* kills it, as sb_run */
			return sb_spawn_wait(pid, 0, status);
		tick(arg);
	}
}

int sb_run_ticking(const struct sb_spawn *s, int64_t timeout_ns,
		   int64_t every_ns, void (*tick)(void *arg), void *arg)
{
	int status = 0, ret;
	pid_t pid = sb_spawn_start(s);

	if (pid < 0)
		return pid;
	ret = tick ? wait_ticking(pid, timeout_ns, every_ns, tick, arg,
				  &status) :
		     sb_spawn_wait(pid, timeout_ns, &status);
	if (ret)
		return ret;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

/* All of /proc/@pid/cmdline, its NULs turned to blanks, or NULL. */
static char *cmdline_of(long pid)
{
	char path[64], *text = malloc(65536);
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (!text || fd < 0) {
		free(text);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	n = read(fd, text, 65535);
	close(fd);
	if (n <= 0) {
		free(text);
		return NULL;
	}
	for (ssize_t i = 0; i < n; i++)
		if (!text[i])
			text[i] = ' ';
	text[n] = '\0';
	return text;
}

int sb_pid_file_running(const char *pid_file, const char *const *needles,
			pid_t *pid)
{
	char buf[32], *cmd;
	ssize_t n;
	long v;
	int fd = open(pid_file, O_RDONLY | O_CLOEXEC), live = 1;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	v = strtol(buf, NULL, 10);
	if (v <= 1 || v > INT_MAX || (kill((pid_t)v, 0) && errno != EPERM) ||
	    !(cmd = cmdline_of(v)))
		return 0;
	for (; *needles && live; needles++)
		live = strstr(cmd, *needles) != NULL;
	free(cmd);
	if (live)
		*pid = (pid_t)v;
	return live;
}

int sb_find_program(const char *prog, char *out, size_t len)
{
	const char *path = getenv("PATH");

	if (strchr(prog, '/')) {
		snprintf(out, len, "%s", prog);
		return access(out, X_OK) ? -ENOENT : 0;
	}
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
	while (*path) {
		size_t n = strcspn(path, ":");

		if (snprintf(out, len, "%.*s/%s", (int)n, path, prog) <
			    (int)len &&
		    !access(out, X_OK))
			return 0;
		path += n + (path[n] == ':');
	}
	return -ENOENT;
}

int sb_have_program(const char *prog)
{
	char buf[PATH_MAX];

	return !sb_find_program(prog, buf, sizeof(buf));
}
