/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EEVDF custom slices: sched_setattr/sched_getattr through syscall() (glibc
 * has no wrapper), the kernel's clamp mirrored, and a read-back check.
 *
 * Linux >= 6.12 takes sched_attr.sched_runtime of a SCHED_OTHER/SCHED_BATCH
 * task as its slice, clamped to [SB_SLICE_MIN_NS, SB_SLICE_MAX_NS]; 0 asks
 * for the default (the base slice). sched_getattr reports the slice in
 * sched_runtime. Older kernels ignore the field and read back 0.
 */
#ifndef WL_SLICE_H
#define WL_SLICE_H

#include <stdint.h>
#include <sys/types.h>
#include <jansson.h>

#include "common/error.h"
#include "common/slice_range.h"

#ifndef SCHED_FLAG_RESET_ON_FORK
#define SCHED_FLAG_RESET_ON_FORK 0x01
#endif

/* The kernel's struct sched_attr (SCHED_ATTR_SIZE_VER1, 56 bytes). */
struct wl_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

/* Thin syscall wrappers; @tid 0 = the calling thread. Return 0 or -errno. */
int wl_sched_getattr(pid_t tid, struct wl_sched_attr *attr);
int wl_sched_setattr(pid_t tid, const struct wl_sched_attr *attr);

/* What to ask for. Fields not asked for keep the task's current value. */
struct wl_slice_req {
	int set_slice; /* 0: keep the current (inherited) slice */
	uint64_t slice_ns; /* 0 = the kernel's default slice */
	int batch; /* SCHED_BATCH instead of SCHED_OTHER */
	int fifo_prio; /* > 0: SCHED_FIFO at this priority (no slice) */
	int set_nice;
	int nice;
	int reset_on_fork; /* SCHED_FLAG_RESET_ON_FORK */
};

/* What happened: the "slice" section of a workload document. */
struct wl_slice_info {
	int policy; /* SCHED_OTHER, SCHED_BATCH, SCHED_FIFO, ... */
	int nice;
	int requested; /* a slice was requested (requested_ns is valid) */
	uint64_t requested_ns;
	uint64_t applied_ns; /* requested_ns after the mirrored clamp */
	int clamped;
	int effective_known; /* 0: the kernel ignores slices (effective null) */
	uint64_t effective_ns; /* read back with sched_getattr */
};

/*
 * Apply @req to thread @tid (0 = caller) and read it back into @info.
 * Warns on stderr ("<prog>: warning: ...") when the request is clamped, and
 * once per process when the read-back shows the kernel ignores slices.
 * Returns 0, or -errno with @e filled.
 */
int wl_slice_apply(pid_t tid, const struct wl_slice_req *req,
		   struct wl_slice_info *info, struct sb_error *e);

/* Read the current policy/nice/slice of @tid into @info (requested = 0). */
int wl_slice_query(pid_t tid, struct wl_slice_info *info);

/* "SCHED_OTHER", "SCHED_BATCH", "SCHED_FIFO", "SCHED_RR", "SCHED_IDLE",
 * "SCHED_DEADLINE", or "SCHED_<n>". */
const char *wl_policy_name(int policy);

/*
 * {"policy", "requested_ns", "applied_ns", "clamped", "effective_ns"}
 * (docs/formats.md); requested/applied null when no slice was requested,
 * effective null when unknown.
 */
json_t *wl_slice_to_json(const struct wl_slice_info *info);

#endif
