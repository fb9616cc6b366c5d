// SPDX-License-Identifier: GPL-2.0
/* Reader of /proc/<tid>/schedstat. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "workloads/lib/schedstat.h"

int wl_schedstat_parse(const char *text, struct wl_schedstat *s)
{
	uint64_t a, b, c;
	char tail;

	if (sscanf(text, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %c", &a, &b, &c,
		   &tail) != 3)
		return -EINVAL;
	s->run_ns = a;
	s->run_delay_ns = b;
	s->timeslices = c;
	return 0;
}

int wl_schedstat_read(pid_t tid, struct wl_schedstat *s)
{
	char path[64], buf[128];
	ssize_t n;
	int fd;

	if (tid)
		snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)tid);
	else
		snprintf(path, sizeof(path), "/proc/thread-self/schedstat");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return wl_schedstat_parse(buf, s);
}

json_t *wl_schedstat_to_json(const struct wl_schedstat *s)
{
	return json_pack("{s:I, s:I, s:I}", "run_ns", (json_int_t)s->run_ns,
			 "run_delay_ns", (json_int_t)s->run_delay_ns,
			 "timeslices", (json_int_t)s->timeslices);
}
