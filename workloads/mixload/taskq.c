// SPDX-License-Identifier: GPL-2.0
/* Ring-buffer FIFO that doubles when full. */
#include "workloads/mixload/taskq.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void mix_taskq_init(struct mix_taskq *q)
{
	memset(q, 0, sizeof(*q));
}

void mix_taskq_free(struct mix_taskq *q)
{
	free(q->v);
	mix_taskq_init(q);
}

static int grow(struct mix_taskq *q)
{
	size_t cap = q->cap ? 2 * q->cap : 64;
	struct mix_task *v = calloc(cap, sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < q->n; i++)
		v[i] = q->v[(q->head + i) % q->cap];
	free(q->v);
	q->v = v;
	q->cap = cap;
	q->head = 0;
	return 0;
}

int mix_taskq_push(struct mix_taskq *q, const struct mix_task *t)
{
	if (q->n == q->cap && grow(q))
		return -ENOMEM;
	q->v[(q->head + q->n) % q->cap] = *t;
	q->n++;
	return 0;
}

int mix_taskq_pop(struct mix_taskq *q, struct mix_task *t)
{
	if (!q->n)
		return 0;
	*t = q->v[q->head];
	q->head = (q->head + 1) % q->cap;
	q->n--;
	return 1;
}
