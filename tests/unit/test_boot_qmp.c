// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the QMP client's guest clock against a scripted QEMU, late answers skipped. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness/boot/qmp.h"

#define SECOND 1000000000LL

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * SECOND + ts.tv_nsec;
}

/* The id of the command QEMU reads next on @f (JSON objects, no newline). */
static long long next_id(FILE *f)
{
	json_t *c = json_loadf(f, JSON_DISABLE_EOF_CHECK, NULL);
	long long id;

	if (!c)
		_exit(2);
	id = json_integer_value(json_object_get(c, "id"));
	json_decref(c);
	return id;
}

static const char rtc[] = "\"return\": {\"tm_year\": 124, \"tm_mon\": 0, "
			  "\"tm_mday\": 1, \"tm_hour\": 0, \"tm_min\": 0, "
			  "\"tm_sec\": %d}, \"id\": %lld}\n";

/* A QEMU that answers the clock read after a late answer and an event. */
static void fake_qemu(int ls)
{
	int fd = accept(ls, NULL, NULL);
	FILE *in = fd < 0 ? NULL : fdopen(fd, "r");
	FILE *f = fd < 0 ? NULL : fdopen(dup(fd), "w");
	long long id;

	if (!in || !f)
		_exit(2);
	setvbuf(f, NULL, _IONBF, 0);
	fprintf(f, "{\"QMP\": {\"version\": {}, \"capabilities\": []}}\n");
	fprintf(f, "{\"return\": {}, \"id\": %lld}\n", next_id(in));
	id = next_id(in); /* qom-get rtc-time */
	fprintf(f, "{");
	fprintf(f, rtc, 1, id - 1); /* the answer to a command given up on */
	fprintf(f, "{\"event\": \"RTC_CHANGE\", \"data\": {}}\n");
	fprintf(f, "{");
	fprintf(f, rtc, 5, id);
	id = next_id(in); /* query-replay */
	fprintf(f,
		"{\"return\": {\"mode\": \"none\", \"icount\": 1234}, "
		"\"id\": %lld}\n",
		id);
	fclose(f);
	fclose(in);
	_exit(0);
}

static void test_guest_clock(void **state)
{
	char dir[] = "/tmp/sb-qmp-test.XXXXXX", why[256];
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct qmp q = { .fd = -1 };
	uint64_t insns = 0;
	int64_t secs = 0;
	int ls, st;
	pid_t pid;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/qmp", dir);
	ls = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(ls >= 0);
	assert_int_equal(bind(ls, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(listen(ls, 1), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		fake_qemu(ls);
	close(ls);
	assert_int_equal(qmp_open(&q, sa.sun_path, now_ns() + 10 * SECOND, why,
				  sizeof(why)),
			 0);
	assert_int_equal(qmp_guest_clock(&q, now_ns() + 10 * SECOND, &secs,
					 &insns, why, sizeof(why)),
			 0);
	/* 2024-01-01T00:00:05Z, not the late answer's 00:00:01 */
	assert_int_equal(secs, 1704067205);
	assert_int_equal(insns, 1234);
	qmp_close(&q);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && !WEXITSTATUS(st));
	unlink(sa.sun_path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_guest_clock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
