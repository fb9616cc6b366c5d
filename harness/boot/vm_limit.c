// SPDX-License-Identifier: GPL-2.0
/* A run's time limit: host seconds, or under virtual time the guest's own clock with a stall limit. */
#include <stdio.h>

#include "harness/boot/vm_limit.h"

#define NS_PER_S 1000000000LL

void vm_limit_start(struct vm_limit *l, uint64_t limit_ns, int guest,
		    int64_t now_ns)
{
	*l = (struct vm_limit){ .limit_ns = limit_ns,
				.start_ns = now_ns,
				.guest = guest,
				.moved_ns = now_ns };
}

void vm_limit_seen(struct vm_limit *l, int64_t guest_s, uint64_t insns,
		   int64_t now_ns)
{
	int64_t d = guest_s - l->guest_last_s;

	if (!l->guest)
		return;
	if (l->seen && d > 0 && (uint64_t)d * NS_PER_S <= l->limit_ns)
		l->guest_ns += (uint64_t)d * NS_PER_S;
	if (!l->seen || d > 0 || insns != l->insns_last)
		l->moved_ns = now_ns;
	l->seen = 1;
	l->guest_last_s = guest_s;
	l->insns_last = insns;
}

static int64_t stall_ns(const struct vm_limit *l)
{
	return l->limit_ns < (uint64_t)VM_STALL_MAX_NS ? (int64_t)l->limit_ns :
							 VM_STALL_MAX_NS;
}

enum vm_limit_state vm_limit_check(const struct vm_limit *l, int64_t now_ns)
{
	/* no reading: host time, as where the guest has no clock to read */
	if (!l->guest || !l->seen)
		return (uint64_t)(now_ns - l->start_ns) >= l->limit_ns ?
			       VM_LIMIT_OVER :
			       VM_LIMIT_GOING;
	if (l->guest_ns >= l->limit_ns)
		return VM_LIMIT_OVER;
	return now_ns - l->moved_ns >= stall_ns(l) ? VM_LIMIT_STALLED :
						     VM_LIMIT_GOING;
}

void vm_limit_say(const struct vm_limit *l, enum vm_limit_state s,
		  int64_t now_ns, char *buf, size_t len)
{
	if (s == VM_LIMIT_STALLED)
		snprintf(buf, len,
			 "killed: the guest's clock stood still for %lld s "
			 "(%llu s of guest time passed, %lld s of host time)",
			 (long long)(stall_ns(l) / NS_PER_S),
			 (unsigned long long)(l->guest_ns / NS_PER_S),
			 (long long)((now_ns - l->start_ns) / NS_PER_S));
	else if (l->guest && l->seen)
		snprintf(buf, len,
			 "killed after the timeout: %llu s of guest time (%lld "
			 "s of host time)",
			 (unsigned long long)(l->guest_ns / NS_PER_S),
			 (long long)((now_ns - l->start_ns) / NS_PER_S));
	else
		snprintf(buf, len, "killed after the timeout: %lld s",
			 (long long)((now_ns - l->start_ns) / NS_PER_S));
}
