/* SPDX-License-Identifier: GPL-2.0 */
/* Interned task names: each distinct comm (its first SBT_COMM_LEN - 1 bytes) stored once, named by a small id. */
#ifndef SB_COMM_POOL_H
#define SB_COMM_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"

#define COMM_NONE UINT32_MAX

struct comm_pool {
	char (*names)[SBT_COMM_LEN]; /* by id, NUL-padded */
	size_t n, cap;
	uint32_t *slots; /* open addressing: id + 1, 0 = empty */
	size_t nslots; /* a power of two, at least twice n */
};

/* The id of @comm (its first SBT_COMM_LEN - 1 bytes, which must be
 * readable, up to a NUL: as sched_decode() gives them), added when new;
 * COMM_NONE when out of memory. */
uint32_t comm_pool_id(struct comm_pool *p, const char *comm);

/* The name of @id: SBT_COMM_LEN bytes, NUL-padded. The pointer holds
 * until the next comm_pool_id(). */
static inline const char *comm_pool_name(const struct comm_pool *p, uint32_t id)
{
	return p->names[id];
}

void comm_pool_free(struct comm_pool *p);

#endif
