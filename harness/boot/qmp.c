// SPDX-License-Identifier: GPL-2.0
/* A QMP client for one QEMU: connect, commands, a snapshot saved to a file, a restored guest resumed. */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "harness/boot/qmp.h"

/* QEMU's socket appears 20-40 ms after its start and a restore's state
 * loads in 10-300 ms: a run waits for both, so the pause is short. */
#define POLL_MS 2
/* The guest's RAM is a file of its own (a shared memory backend, mapped
 * privately by the restore): the state saved and read is the devices'. */
#define IGNORE_SHARED                                              \
	"{\"execute\":\"migrate-set-capabilities\",\"arguments\":" \
	"{\"capabilities\":[{\"capability\":\"x-ignore-shared\","  \
	"\"state\":true}]}}"

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void pause_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* The next message QEMU sends (one JSON object a line), parsed. */
static int next_msg(struct qmp *q, int64_t deadline_ns, json_t **msg)
{
	for (;;) {
		char *nl = memchr(q->buf, '\n', q->len);
		struct pollfd p = { .fd = q->fd, .events = POLLIN };
		ssize_t n;

		if (nl) {
			*nl = '\0';
			*msg = json_loads(q->buf, 0, NULL);
			q->len -= (size_t)(nl + 1 - q->buf);
			memmove(q->buf, nl + 1, q->len);
			if (*msg)
				return 0;
			continue;
		}
		if (q->len == sizeof(q->buf))
			q->len =
				0; /* a message this long is no answer of ours */
		if (now_ns() >= deadline_ns)
			return -ETIMEDOUT;
		if (poll(&p, 1, POLL_MS) <= 0)
			continue;
		n = read(q->fd, q->buf + q->len, sizeof(q->buf) - q->len);
		if (n <= 0)
			return n ? -errno : -ECONNRESET;
		q->len += (size_t)n;
	}
}

/*
 * Send @cmd (with @fd passed along when >= 0) and wait for its answer,
 * skipping events. *@ret gets "return" (NULL: not wanted). 0, -EIO on an
 * "error" answer (its description in @why), or -errno.
 */
static int command(struct qmp *q, const char *cmd, int fd, int64_t deadline_ns,
		   json_t **ret, char *why, size_t whylen)
{
	char ctl[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { 0 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	json_t *msg = NULL, *c = json_loads(cmd, 0, NULL);
	char *text;
	int e;

	/* each command numbered: its answer told from a late one */
	if (!c || json_object_set_new(c, "id", json_integer(++q->id)) ||
	    !(text = json_dumps(c, JSON_COMPACT))) {
		json_decref(c);
		return snprintf(why, whylen, "QMP %s: out of memory", cmd),
		       -ENOMEM;
	}
	json_decref(c);
	iov.iov_base = text;
	iov.iov_len = strlen(text);
	if (fd >= 0) {
		struct cmsghdr *c;

		mh.msg_control = ctl;
		mh.msg_controllen = sizeof(ctl);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	if (sendmsg(q->fd, &mh, MSG_NOSIGNAL) != (ssize_t)iov.iov_len) {
		free(text);
		return snprintf(why, whylen, "QMP %s: cannot send", cmd), -EIO;
	}
	free(text);
	while (!(e = next_msg(q, deadline_ns, &msg))) {
		json_t *r = json_object_get(msg, "return");
		json_t *err = json_object_get(msg, "error");
		json_t *id = json_object_get(msg, "id");

		/* a late answer to a command given up on (qmp_guest_clock) */
		if (id && json_integer_value(id) != q->id)
			r = err = NULL;
		if (r || err) {
			if (err)
				snprintf(
					why, whylen, "QMP %s: %s", cmd,
					json_string_value(json_object_get(err, "desc")) ?:
						"error");
			if (ret && r)
				*ret = json_incref(r);
			json_decref(msg);
			return err ? -EIO : 0;
		}
		json_decref(msg); /* an event */
	}
	snprintf(why, whylen, "QMP %s: %s", cmd, strerror(-e));
	return e;
}

int qmp_open(struct qmp *q, const char *path, int64_t deadline_ns, char *why,
	     size_t whylen)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	json_t *greeting;
	int e;

	q->len = 0;
	if (strlen(path) >= sizeof(sa.sun_path))
		return snprintf(why, whylen, "QMP socket path too long"),
		       -ENAMETOOLONG;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	q->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (q->fd < 0)
		return snprintf(why, whylen, "socket: %s", strerror(errno)),
		       -errno;
	while (connect(q->fd, (struct sockaddr *)&sa, sizeof(sa))) {
		if (now_ns() >= deadline_ns ||
		    (errno != ENOENT && errno != ECONNREFUSED)) {
			e = now_ns() >= deadline_ns ? -ETIMEDOUT : -errno;
			snprintf(why, whylen, "QMP %s: %s", path, strerror(-e));
			qmp_close(q);
			return e;
		}
		pause_ms(POLL_MS);
	}
	if ((e = next_msg(q, deadline_ns, &greeting))) {
		snprintf(why, whylen, "QMP greeting: %s", strerror(-e));
		qmp_close(q);
		return e;
	}
	json_decref(greeting);
	e = command(q, "{\"execute\":\"qmp_capabilities\"}", -1, deadline_ns,
		    NULL, why, whylen);
	if (e)
		qmp_close(q);
	return e;
}

void qmp_close(struct qmp *q)
{
	if (q->fd >= 0)
		close(q->fd);
	q->fd = -1;
}

/* "status" of query-migrate (or query-status with @migrate 0) into @buf. */
static int status(struct qmp *q, int migrate, int64_t deadline_ns, char *buf,
		  size_t len, char *why, size_t whylen)
{
	json_t *r = NULL;
	int e = command(q,
			migrate ? "{\"execute\":\"query-migrate\"}" :
				  "{\"execute\":\"query-status\"}",
			-1, deadline_ns, &r, why, whylen);

	if (!e)
		snprintf(buf, len, "%s",
			 json_string_value(json_object_get(r, "status")) ?: "");
	json_decref(r);
	return e;
}

int qmp_save(struct qmp *q, const char *path, int64_t deadline_ns, char *why,
	     size_t whylen)
{
	char st[64] = "", tmp[4200];
	int fd, e;

	snprintf(tmp, sizeof(tmp), "%s.%d.tmp", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return snprintf(why, whylen, "%s: %s", tmp, strerror(errno)),
		       -errno;
	e = command(q, "{\"execute\":\"stop\"}", -1, deadline_ns, NULL, why,
		    whylen);
	if (!e)
		e = command(q, IGNORE_SHARED, -1, deadline_ns, NULL, why,
			    whylen);
	if (!e)
		e = command(q,
			    "{\"execute\":\"migrate-set-parameters\","
			    "\"arguments\":{\"max-bandwidth\":8589934592}}",
			    -1, deadline_ns, NULL, why, whylen);
	if (!e)
		e = command(q,
			    "{\"execute\":\"getfd\","
			    "\"arguments\":{\"fdname\":\"snapshot\"}}",
			    fd, deadline_ns, NULL, why, whylen);
	close(fd);
	if (!e)
		e = command(q,
			    "{\"execute\":\"migrate\","
			    "\"arguments\":{\"uri\":\"fd:snapshot\"}}",
			    -1, deadline_ns, NULL, why, whylen);
	while (!e &&
	       (e = status(q, 1, deadline_ns, st, sizeof(st), why, whylen)) ==
		       0 &&
	       strcmp(st, "completed") && strcmp(st, "failed"))
		pause_ms(POLL_MS);
	if (!e && strcmp(st, "completed")) {
		snprintf(why, whylen, "QMP migrate to %s: %s", tmp, st);
		e = -EIO;
	}
	if (!e && rename(tmp, path)) {
		snprintf(why, whylen, "rename %s: %s", tmp, strerror(errno));
		e = -errno;
	}
	if (e)
		unlink(tmp);
	command(q, "{\"execute\":\"quit\"}", -1, deadline_ns, NULL, why,
		e ? 0 : whylen);
	return e;
}

int qmp_resume(struct qmp *q, int64_t deadline_ns, char *why, size_t whylen)
{
	char st[64] = "inmigrate";
	int e = command(q, IGNORE_SHARED, -1, deadline_ns, NULL, why, whylen);

	if (!e)
		e = command(q,
			    "{\"execute\":\"migrate-incoming\","
			    "\"arguments\":{\"uri\":\"fd:0\"}}",
			    -1, deadline_ns, NULL, why, whylen);
	while (!e && !strcmp(st, "inmigrate") &&
	       !(e = status(q, 0, deadline_ns, st, sizeof(st), why, whylen)))
		if (!strcmp(st, "inmigrate"))
			pause_ms(POLL_MS);
	if (!e && strcmp(st, "paused")) {
		snprintf(why, whylen, "restored guest is %s, not paused", st);
		return -EIO;
	}
	return e ? e :
		   command(q, "{\"execute\":\"cont\"}", -1, deadline_ns, NULL,
			   why, whylen);
}

int qmp_guest_clock(struct qmp *q, int64_t deadline_ns, int64_t *secs,
		    uint64_t *insns, char *why, size_t whylen)
{
	static const char *const f[] = { "tm_year", "tm_mon", "tm_mday",
					 "tm_hour", "tm_min", "tm_sec" };
	json_t *r = NULL;
	int v[6], e;
	struct tm tm;

	/* the PC's RTC (-rtc clock=vm: it ticks in guest time) */
	e = command(q,
		    "{\"execute\":\"qom-get\",\"arguments\":"
		    "{\"path\":\"/machine\",\"property\":\"rtc-time\"}}",
		    -1, deadline_ns, &r, why, whylen);
	for (int i = 0; !e && i < 6; i++) {
		json_t *x = json_object_get(r, f[i]);

		if (!json_is_integer(x)) {
			snprintf(why, whylen, "QMP rtc-time: no %s", f[i]);
			e = -EIO;
		} else {
			v[i] = (int)json_integer_value(x);
		}
	}
	json_decref(r);
	r = NULL;
	/* the instructions executed (icount), counted in any mode */
	if (!e)
		e = command(q, "{\"execute\":\"query-replay\"}", -1,
			    deadline_ns, &r, why, whylen);
	*insns = (uint64_t)json_integer_value(json_object_get(r, "icount"));
	json_decref(r);
	if (e)
		return e;
	tm = (struct tm){ .tm_year = v[0],
			  .tm_mon = v[1],
			  .tm_mday = v[2],
			  .tm_hour = v[3],
			  .tm_min = v[4],
			  .tm_sec = v[5] };
	*secs = (int64_t)timegm(&tm);
	return 0;
}
