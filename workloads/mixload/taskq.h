/* SPDX-License-Identifier: GPL-2.0 */
/* A growable FIFO of event-loop tasks (not locked: callers lock if shared). */
#ifndef MIX_TASKQ_H
#define MIX_TASKQ_H

#include <stddef.h>
#include <stdint.h>

enum mix_task_kind {
	MIX_TASK_INPUT, /* an input event: handle it */
	MIX_TASK_IO, /* an IO completion posted to the UI loop */
	MIX_TASK_SCRIPT, /* a renderer script task */
	MIX_TASK_FRAME, /* a renderer's part of a frame */
};

struct mix_task {
	enum mix_task_kind kind;
	uint64_t post_ns; /* when it was posted: queueing delay starts */
	uint64_t arg; /* frame seq or input arrival */
	uint64_t cost_ns; /* CPU time it needs (0: decided when run) */
};

struct mix_taskq {
	struct mix_task *v;
	size_t cap, head, n;
};

void mix_taskq_init(struct mix_taskq *q);
void mix_taskq_free(struct mix_taskq *q);
/* Append. Returns 0 or -ENOMEM. */
int mix_taskq_push(struct mix_taskq *q, const struct mix_task *t);
/* Remove the oldest into @t. Returns 1, or 0 when empty. */
int mix_taskq_pop(struct mix_taskq *q, struct mix_task *t);

#endif
