// SPDX-License-Identifier: GPL-2.0
/* EEVDF slice set/get through sched_setattr, with the kernel clamp mirrored. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/duration.h"
#include "common/slice_range.h"
#include "workloads/lib/slice.h"

int wl_sched_getattr(pid_t tid, struct wl_sched_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	if (syscall(SYS_sched_getattr, tid, attr, sizeof(*attr), 0))
		return -errno;
	return 0;
}

int wl_sched_setattr(pid_t tid, const struct wl_sched_attr *attr)
{
	struct wl_sched_attr a = *attr;

	a.size = sizeof(a);
	if (syscall(SYS_sched_setattr, tid, &a, 0))
		return -errno;
	return 0;
}

const char *wl_policy_name(int policy)
{
	static __thread char other[24];

	switch (policy) {
	case SCHED_OTHER:
		return "SCHED_OTHER";
	case SCHED_BATCH:
		return "SCHED_BATCH";
	case SCHED_FIFO:
		return "SCHED_FIFO";
	case SCHED_RR:
		return "SCHED_RR";
	case SCHED_IDLE:
		return "SCHED_IDLE";
	case 6:
		return "SCHED_DEADLINE";
	}
	snprintf(other, sizeof(other), "SCHED_%d", policy);
	return other;
}

static int fair_policy(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_BATCH;
}

int wl_slice_query(pid_t tid, struct wl_slice_info *info)
{
	struct wl_sched_attr a;
	int ret = wl_sched_getattr(tid, &a);

	memset(info, 0, sizeof(*info));
	if (ret)
		return ret;
	info->policy = (int)a.sched_policy;
	info->nice = a.sched_nice;
	/* Pre-6.12 kernels report 0 for fair tasks: no slice known. */
	info->effective_known = fair_policy(info->policy) && a.sched_runtime;
	info->effective_ns = info->effective_known ? a.sched_runtime : 0;
	return 0;
}

static void warn_ignored_once(uint64_t applied, uint64_t got)
{
	static int warned;
	char a[32], g[32];

	if (warned++)
		return;
	fprintf(stderr,
		"%s: warning: slice %s requested but %s read back: this kernel "
		"ignores custom slices (Linux >= 6.12 needed)\n",
		program_invocation_short_name,
		applied ? sb_format_duration(applied, a, sizeof(a)) : "default",
		sb_format_duration(got, g, sizeof(g)));
}

static void build_attr(const struct wl_slice_req *req,
		       struct wl_slice_info *info, struct wl_sched_attr *a)
{
	if (req->fifo_prio > 0) {
		a->sched_policy = SCHED_FIFO;
		a->sched_priority = (uint32_t)req->fifo_prio;
		a->sched_runtime = 0;
	} else {
		if (!fair_policy((int)a->sched_policy) || req->batch)
			a->sched_policy = req->batch ? SCHED_BATCH :
						       SCHED_OTHER;
		a->sched_priority = 0;
		if (req->set_slice)
			a->sched_runtime = info->applied_ns;
	}
	if (req->set_nice)
		a->sched_nice = req->nice;
	a->sched_flags = req->reset_on_fork ? SCHED_FLAG_RESET_ON_FORK : 0;
	a->sched_deadline = a->sched_period = 0;
	a->sched_util_min = a->sched_util_max = 0;
}

/* Nothing asked: only read back (setattr would pin the base slice). */
static int wants_change(const struct wl_slice_req *req)
{
	return req->set_slice || req->batch || req->fifo_prio > 0 ||
	       req->set_nice || req->reset_on_fork;
}

int wl_slice_apply(pid_t tid, const struct wl_slice_req *req,
		   struct wl_slice_info *info, struct sb_error *e)
{
	struct wl_sched_attr a;
	int ret, clamped = 0;
	uint64_t applied = 0;
	char note[128];

	if (req->set_slice && req->fifo_prio <= 0) {
		applied = sb_slice_clamp(req->slice_ns, &clamped);
		if (clamped)
			fprintf(stderr, "%s: warning: slice %s\n",
				program_invocation_short_name,
				sb_slice_clamp_note(req->slice_ns, applied,
						    note, sizeof(note)));
	}
	ret = wl_sched_getattr(tid, &a);
	if (ret)
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "sched_getattr(%d): %s", (int)tid,
				    strerror(-ret));
	/* A fair task without a slice request keeps its current slice. */
	info->applied_ns = applied;
	build_attr(req, info, &a);
	ret = wants_change(req) ? wl_sched_setattr(tid, &a) : 0;
	if (ret)
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "sched_setattr(%d, %s): %s", (int)tid,
				    wl_policy_name((int)a.sched_policy),
				    strerror(-ret));
	ret = wl_slice_query(tid, info);
	if (ret)
		return sb_error_set(e, ret, NULL, NULL, NULL,
				    "sched_getattr(%d): %s", (int)tid,
				    strerror(-ret));
	info->requested = req->set_slice && req->fifo_prio <= 0;
	info->requested_ns = info->requested ? req->slice_ns : 0;
	info->applied_ns = applied;
	info->clamped = clamped;
	if (!info->requested || !fair_policy(info->policy))
		return 0;
	/* 0 asks for the base slice: any non-zero read-back is right. */
	if (!info->effective_known ||
	    (applied && info->effective_ns != applied)) {
		warn_ignored_once(applied, info->effective_ns);
		info->effective_known = 0;
		info->effective_ns = 0;
	}
	return 0;
}

static json_t *ns_or_null(int known, uint64_t ns)
{
	return known ? json_integer((json_int_t)ns) : json_null();
}

json_t *wl_slice_to_json(const struct wl_slice_info *info)
{
	json_t *j = json_object();

	json_object_set_new(j, "policy",
			    json_string(wl_policy_name(info->policy)));
	json_object_set_new(j, "requested_ns",
			    ns_or_null(info->requested, info->requested_ns));
	json_object_set_new(j, "applied_ns",
			    ns_or_null(info->requested, info->applied_ns));
	json_object_set_new(j, "clamped", json_boolean(info->clamped));
	json_object_set_new(j, "effective_ns",
			    ns_or_null(info->effective_known,
				       info->effective_ns));
	return j;
}
