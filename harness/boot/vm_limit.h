/* SPDX-License-Identifier: GPL-2.0 */
/* A run's time limit: host seconds, or under virtual time the guest's own clock with a stall limit. */
#ifndef SB_VM_LIMIT_H
#define SB_VM_LIMIT_H

#include <stddef.h>
#include <stdint.h>

/* The guest's clock may stand still this long (host time) at most. */
#define VM_STALL_MAX_NS (120LL * 1000000000LL)

enum vm_limit_state {
	VM_LIMIT_GOING, /* within the limit */
	VM_LIMIT_OVER, /* the limit passed (guest or host time) */
	VM_LIMIT_STALLED, /* the guest's clock stood still too long */
};

/*
 * Under virtual time the guest's seconds pass at the pace the host lets
 * its one vCPU run: on a busy host a run takes several times its host
 * seconds. Its limit counts the guest's clock instead (read over QMP,
 * vm_limit_seen), so a slow guest is never killed for the host's load
 * while a hung one still is: a guest that hangs idle or spins runs its
 * clock up to the limit, and a QEMU that stops running stops the clock
 * and its instruction count, which the stall limit (min(limit,
 * VM_STALL_MAX_NS) of host time with neither moving) catches. Without
 * readings it is host time.
 */
struct vm_limit {
	uint64_t limit_ns;
	int64_t start_ns; /* host CLOCK_MONOTONIC at the start */
	int guest; /* count the guest's clock */
	int seen; /* a guest reading arrived */
	int64_t guest_last_s; /* its last reading, seconds */
	uint64_t insns_last; /* the instructions executed at that reading */
	uint64_t guest_ns; /* guest time counted so far */
	int64_t moved_ns; /* host time of its last advance (or the start) */
};

void vm_limit_start(struct vm_limit *l, uint64_t limit_ns, int guest,
		    int64_t now_ns);

/*
 * A reading of the guest's clock (@guest_s, whole seconds of its RTC) and
 * of the instructions it executed (@insns) at host time @now_ns. Only
 * advances count: a clock set back (or a jump of more than the limit, a
 * clock set forward) moves the base only. Either moving is progress.
 */
void vm_limit_seen(struct vm_limit *l, int64_t guest_s, uint64_t insns,
		   int64_t now_ns);

enum vm_limit_state vm_limit_check(const struct vm_limit *l, int64_t now_ns);

/* What ended the run in words ("after 182 s of guest time", ...). */
void vm_limit_say(const struct vm_limit *l, enum vm_limit_state s,
		  int64_t now_ns, char *buf, size_t len);

#endif
