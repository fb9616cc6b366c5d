// SPDX-License-Identifier: GPL-2.0
/* perf.data reader: runs `perf script` (no shell) and parses its text. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/sbt_read.h"
#include "common/exitcodes.h"

/* The value after @key (e.g. " pid=") up to @end (NULL: next space). */
static char *field(char *text, const char *key, const char *end)
{
	char *v = strstr(text, key), *e;

	if (!v)
		return NULL;
	v += strlen(key);
	e = end ? strstr(v, end) : v + strcspn(v, " ");
	if (!e)
		return NULL;
	*e = '\0';
	return v;
}

static int to_int(const char *v, int *out)
{
	char *end;
	long n;

	if (!v)
		return -EINVAL;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || end == v || n < -1 || n > INT32_MAX)
		return -EINVAL;
	*out = (int)n;
	return 0;
}

static uint64_t state_of(const char *v)
{
	if (!strcmp(v, "R"))
		return 0;
	if (!strcmp(v, "R+"))
		return SBT_STATE_PREEMPTED;
	return 1; /* any sleeping state */
}

/* The parts after the event name, which are modified in place: the values
 * are read last-to-first so that earlier NUL-terminations do not hide
 * later keys. */
static int parse_switch(char *t, struct sbt_event *ev)
{
	char *next = strstr(t, " ==> ");
	char *state;

	if (!next)
		return -EINVAL;
	*next = '\0';
	next += 5;
	ev->type = SBT_EV_SWITCH;
	if (to_int(field(next, " next_pid=", NULL), &ev->next_pid))
		return -EINVAL;
	ev->next_comm = field(next, "next_comm=", " next_pid=");
	state = field(t, " prev_state=", NULL);
	if (!state || to_int(field(t, " prev_pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->prev_state = state_of(state);
	ev->comm = field(t, "prev_comm=", " prev_pid=");
	return ev->comm && ev->next_comm ? 1 : -EINVAL;
}

static int parse_task(char *t, const char *name, struct sbt_event *ev)
{
	char *cpu;

	if (!strcmp(name, "sched_wakeup") || !strcmp(name, "sched_waking"))
		ev->type = SBT_EV_WAKEUP;
	else if (!strcmp(name, "sched_wakeup_new"))
		ev->type = SBT_EV_WAKEUP_NEW;
	else if (!strcmp(name, "sched_migrate_task"))
		ev->type = SBT_EV_MIGRATE;
	else if (!strcmp(name, "sched_process_exit"))
		ev->type = SBT_EV_EXIT;
	else
		return 0;
	cpu = field(t,
		    ev->type == SBT_EV_MIGRATE ? " dest_cpu=" : " target_cpu=",
		    NULL);
	if (cpu && to_int(cpu, &ev->target_cpu))
		return -EINVAL;
	if (to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->comm = field(t, "comm=", " pid=");
	return ev->comm ? 1 : -EINVAL;
}

static int parse_fork(char *t, struct sbt_event *ev)
{
	ev->type = SBT_EV_FORK;
	if (to_int(field(t, " child_pid=", NULL), &ev->child_pid) ||
	    !field(t, " child_comm=", NULL) ||
	    to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->comm = field(t, "comm=", " pid=");
	return ev->comm ? 1 : -EINVAL;
}

static int parse_exec(char *t, struct sbt_event *ev)
{
	char *file, *base;

	ev->type = SBT_EV_EXEC;
	if (!field(t, " old_pid=", NULL) ||
	    to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	file = field(t, "filename=", " pid=");
	if (!file)
		return -EINVAL;
	base = strrchr(file, '/');
	ev->comm = base ? base + 1 : file;
	return 1;
}

int sbt_parse_perf_line(char *line, struct sbt_event *ev)
{
	char *p = line, *end, *name, *text;
	long v;

	memset(ev, 0, sizeof(*ev));
	line[strcspn(line, "\n")] = '\0';
	errno = 0;
	v = strtol(p, &end, 10);
	if (end == p)
		return 0; /* not an event line (a warning, a blank line) */
	p = end + strspn(end, " ");
	if (errno || v < -1 || *p != '[')
		return -EINVAL;
	ev->cpu = (int)strtol(p + 1, &end, 10);
	if (*end != ']')
		return -EINVAL;
	p = end + 1 + strspn(end + 1, " ");
	end = p + strcspn(p, ":");
	if (*end != ':')
		return -EINVAL;
	*end = '\0';
	if (sbt_parse_seconds(p, &ev->ts_ns))
		return -EINVAL;
	p = end + 1 + strspn(end + 1, " ");
	if (strncmp(p, "sched:", 6))
		return 0;
	name = p + 6;
	end = strchr(name, ':');
	if (!end)
		return -EINVAL;
	*end = '\0';
	text = end + 1 + strspn(end + 1, " ");
	if (!strcmp(name, "sched_switch"))
		return parse_switch(text, ev);
	if (!strcmp(name, "sched_process_fork"))
		return parse_fork(text, ev);
	if (!strcmp(name, "sched_process_exec"))
		return parse_exec(text, ev);
	return parse_task(text, name, ev);
}

/* perf.data's header says where the data section ends: catch truncation
 * before perf script prints a partial trace. */
static int check_header(const char *path, char *err, size_t errlen)
{
	uint64_t h[7];
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, h, sizeof(h));

	if (fd >= 0 && fstat(fd, &st))
		n = -1;
	if (fd >= 0)
		close(fd);
	if (n != sizeof(h) || memcmp(h, "PERFILE2", 8)) {
		snprintf(err, errlen,
			 "%s: not a readable little-endian perf.data", path);
		return SB_EXIT_USAGE;
	}
	/* magic, size, attr_size, attrs {offset, size}, data {offset, size};
	 * a pipe-mode file (header size 16) has no sections to check */
	if (h[1] == 16)
		return 0;
	if (!h[6] || h[5] > (uint64_t)st.st_size ||
	    h[6] > (uint64_t)st.st_size - h[5]) {
		snprintf(err, errlen,
			 "%s: truncated perf.data (data section %" PRIu64
			 "+%" PRIu64 " bytes, file %lld)",
			 path, h[5], h[6], (long long)st.st_size);
		return SB_EXIT_USAGE;
	}
	return 0;
}

static pid_t start_perf(const char *path, int out_fd, int err_fd)
{
	const char *argv[] = { "perf", "script",
			       "-i",   path,
			       "--ns", "--show-lost-events",
			       "-F",   "tid,cpu,time,event,trace",
			       NULL };
	pid_t pid = fork();

	if (pid)
		return pid < 0 ? -errno : pid;
	if (dup2(out_fd, STDOUT_FILENO) < 0 || dup2(err_fd, STDERR_FILENO) < 0)
		_exit(127);
	execvp(argv[0], (char *const *)argv);
	_exit(errno == ENOENT ? 127 : 126);
}

/* The first line perf printed on stderr that says what went wrong. */
static void perf_error(FILE *errf, char *buf, size_t len)
{
	char line[160];

	snprintf(buf, len, "perf script failed");
	rewind(errf);
	while (fgets(line, sizeof(line), errf)) {
		line[strcspn(line, "\n")] = '\0';
		if (strstr(line, "not valid for") || !line[0])
			continue;
		snprintf(buf, len, "%s", line);
		break;
	}
}

static int lost_count(const char *line, uint64_t *n)
{
	const char *p = strstr(line, "PERF_RECORD_LOST");

	if (!p)
		return 0;
	p = strstr(p, "lost ");
	*n = p ? strtoull(p + 5, NULL, 0) : 1;
	return 1;
}

static int feed_lines(struct sbt *s, FILE *in, const char *path, char *err,
		      size_t errlen)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0;
	int rc = 0;

	while (!rc && getline(&line, &cap, in) >= 0) {
		struct sbt_event ev;
		uint64_t lost;
		int r;

		lineno++;
		if (lost_count(line, &lost)) {
			sbt_add_lost(s, lost);
			continue;
		}
		r = sbt_parse_perf_line(line, &ev);
		if (r < 0) {
			snprintf(err, errlen,
				 "%s: perf script line %lu: malformed", path,
				 lineno);
			rc = SB_EXIT_USAGE;
		} else if (r > 0 && (r = sbt_feed(s, &ev))) {
			snprintf(err, errlen, "%s: perf script line %lu: %s",
				 path, lineno, sbt_feed_error(r));
			rc = sbt_feed_exit(r);
		}
	}
	free(line);
	return rc;
}

int sbt_read_perfdata(struct sbt *s, const char *path, char *err, size_t errlen)
{
	int fds[2], status, rc;
	FILE *errf, *in;
	pid_t pid;

	rc = check_header(path, err, errlen);
	if (rc)
		return rc;
	errf = tmpfile();
	if (!errf || pipe2(fds, O_CLOEXEC)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (errf)
			fclose(errf);
		return SB_EXIT_ENV;
	}
	pid = start_perf(path, fds[1], fileno(errf));
	close(fds[1]);
	in = pid > 0 ? fdopen(fds[0], "r") : NULL;
	if (!in) {
		snprintf(err, errlen, "%s: cannot run perf script: %s", path,
			 strerror(pid < 0 ? (int)-pid : errno));
		close(fds[0]);
		if (pid > 0)
			kill(pid, SIGKILL), waitpid(pid, &status, 0);
		fclose(errf);
		return SB_EXIT_ENV;
	}
	rc = feed_lines(s, in, path, err, errlen);
	if (rc)
		kill(pid, SIGTERM);
	fclose(in);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!rc && WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		snprintf(err, errlen, "%s: perf is not installed", path);
		rc = SB_EXIT_ENV;
	} else if (!rc && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		char msg[200];

		perf_error(errf, msg, sizeof(msg));
		snprintf(err, errlen, "%s: %s", path, msg);
		rc = SB_EXIT_USAGE;
	}
	fclose(errf);
	return rc;
}
