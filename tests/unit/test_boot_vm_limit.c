// SPDX-License-Identifier: GPL-2.0
/* Unit tests: a run's time limit in host time, and in guest time with its stall limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "harness/boot/vm_limit.h"

#define S 1000000000LL
#define T0 (1000 * S) /* the host's clock at the start */

/* Host time: the limit is host seconds, readings or not. */
static void test_host_time(void **state)
{
	struct vm_limit l;

	(void)state;
	vm_limit_start(&l, 60 * S, 0, T0);
	vm_limit_seen(&l, 5000, 1, T0 + S); /* not counted */
	assert_int_equal(vm_limit_check(&l, T0 + 59 * S), VM_LIMIT_GOING);
	assert_int_equal(vm_limit_check(&l, T0 + 60 * S), VM_LIMIT_OVER);
}

/*
 * A guest whose clock runs a tenth of the host's pace (a busy host) goes
 * on far past the limit in host time, and ends at the limit in its own.
 */
static void test_slow_guest_not_killed(void **state)
{
	struct vm_limit l;
	char say[200];
	int64_t t;

	(void)state;
	vm_limit_start(&l, 200 * S, 1, T0);
	for (t = 0; t <= 1999; t++) { /* a reading a host second */
		vm_limit_seen(&l, 1704067200 + t / 10, 0, T0 + t * S);
		assert_int_equal(vm_limit_check(&l, T0 + t * S),
				 VM_LIMIT_GOING);
	}
	vm_limit_seen(&l, 1704067200 + 200, 0, T0 + 2000 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 2000 * S), VM_LIMIT_OVER);
	vm_limit_say(&l, VM_LIMIT_OVER, T0 + 2000 * S, say, sizeof(say));
	assert_string_equal(say, "killed after the timeout: 200 s of guest "
				 "time (2000 s of host time)");
}

/* A hung guest idles or spins: its clock runs on up to the limit. */
static void test_hung_guest_killed(void **state)
{
	struct vm_limit l;

	(void)state;
	vm_limit_start(&l, 30 * S, 1, T0);
	vm_limit_seen(&l, 100, 7, T0 + S);
	vm_limit_seen(&l, 129, 7, T0 + 2 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 2 * S), VM_LIMIT_GOING);
	vm_limit_seen(&l, 130, 7, T0 + 3 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 3 * S), VM_LIMIT_OVER);
}

/* A clock that stands still (QEMU stopped) for min(limit, 120 s). */
static void test_stalled(void **state)
{
	struct vm_limit l, m;
	char say[200];

	(void)state;
	vm_limit_start(&l, 40 * S, 1, T0);
	vm_limit_seen(&l, 100, 7, T0 + S);
	vm_limit_seen(&l, 101, 7, T0 + 10 * S);
	vm_limit_seen(&l, 101, 7, T0 + 49 * S); /* no advance */
	assert_int_equal(vm_limit_check(&l, T0 + 49 * S), VM_LIMIT_GOING);
	assert_int_equal(vm_limit_check(&l, T0 + 50 * S), VM_LIMIT_STALLED);
	vm_limit_say(&l, VM_LIMIT_STALLED, T0 + 50 * S, say, sizeof(say));
	assert_string_equal(say, "killed: the guest's clock stood still for "
				 "40 s (1 s of guest time passed, 50 s of "
				 "host time)");
	/* instructions executed are progress too, within one guest second */
	vm_limit_start(&l, 40 * S, 1, T0);
	vm_limit_seen(&l, 100, 7, T0 + S);
	vm_limit_seen(&l, 100, 9, T0 + 40 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 79 * S), VM_LIMIT_GOING);
	assert_int_equal(vm_limit_check(&l, T0 + 80 * S), VM_LIMIT_STALLED);
	/* a long limit stalls after VM_STALL_MAX_NS */
	vm_limit_start(&m, 3600 * S, 1, T0);
	vm_limit_seen(&m, 100, 7, T0 + S);
	assert_int_equal(vm_limit_check(&m, T0 + S + VM_STALL_MAX_NS - 1),
			 VM_LIMIT_GOING);
	assert_int_equal(vm_limit_check(&m, T0 + S + VM_STALL_MAX_NS),
			 VM_LIMIT_STALLED);
}

/* No reading ever: host time; a clock set back or far forward: not time. */
static void test_unread_and_jumps(void **state)
{
	struct vm_limit l;

	(void)state;
	vm_limit_start(&l, 60 * S, 1, T0);
	assert_int_equal(vm_limit_check(&l, T0 + 59 * S), VM_LIMIT_GOING);
	assert_int_equal(vm_limit_check(&l, T0 + 60 * S), VM_LIMIT_OVER);
	vm_limit_start(&l, 60 * S, 1, T0);
	vm_limit_seen(&l, 1000, 7, T0 + S);
	vm_limit_seen(&l, 500, 7, T0 + 2 * S); /* set back */
	vm_limit_seen(&l, 510, 7, T0 + 3 * S);
	vm_limit_seen(&l, 100000, 7, T0 + 4 * S); /* set forward */
	vm_limit_seen(&l, 100040, 7, T0 + 5 * S);
	assert_int_equal(l.guest_ns, 50 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 5 * S), VM_LIMIT_GOING);
	vm_limit_seen(&l, 100050, 7, T0 + 6 * S);
	assert_int_equal(vm_limit_check(&l, T0 + 6 * S), VM_LIMIT_OVER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_time),
		cmocka_unit_test(test_slow_guest_not_killed),
		cmocka_unit_test(test_hung_guest_killed),
		cmocka_unit_test(test_stalled),
		cmocka_unit_test(test_unread_and_jumps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
