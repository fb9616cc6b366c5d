// SPDX-License-Identifier: GPL-2.0
/* Interned task names: a hash table of NUL-padded comm blocks, grown by doubling. */
#include <stdlib.h>
#include <string.h>

#include "analyzer/comm_pool.h"

/* A comm as two words: its first SBT_COMM_LEN - 1 bytes up to its NUL,
 * zero-padded. */
struct block {
	uint64_t w[2];
};

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* Keep the bytes of @w before its first zero byte; *@cut when it has one. */
static uint64_t to_nul(uint64_t w, int *cut)
{
	uint64_t z = (w - ONES) & ~w & HIGHS;

	*cut = z != 0;
	return z ? w & ((z & -z) - 1) >> 7 : w;
}

static struct block block_of(const char *comm)
{
	struct block b = { { 0, 0 } };
	int cut;

	memcpy(&b.w[0], comm, 8);
	memcpy(&b.w[1], comm + 8, SBT_COMM_LEN - 9);
	b.w[0] = to_nul(b.w[0], &cut);
	b.w[1] = cut ? 0 : to_nul(b.w[1], &cut);
	return b;
}

static size_t hash(const struct block *b)
{
	uint64_t a = (b->w[0] ^ (b->w[1] * 0x9e3779b97f4a7c15ull)) *
		     0xbf58476d1ce4e5b9ull;

	return (size_t)(a ^ a >> 31);
}

static int same(const char *name, const struct block *b)
{
	uint64_t w[2];

	memcpy(w, name, sizeof(w));
	return w[0] == b->w[0] && w[1] == b->w[1];
}

static size_t find(const struct comm_pool *p, const struct block *b)
{
	size_t i = hash(b) & (p->nslots - 1);

	while (p->slots[i] && !same(p->names[p->slots[i] - 1], b))
		i = (i + 1) & (p->nslots - 1);
	return i;
}

static int grow(struct comm_pool *p)
{
	size_t nslots = p->nslots ? p->nslots * 2 : 256;
	uint32_t *old = p->slots;
	size_t old_n = p->nslots;

	p->slots = calloc(nslots, sizeof(*p->slots));
	if (!p->slots) {
		p->slots = old;
		return -1;
	}
	p->nslots = nslots;
	for (size_t i = 0; i < old_n; i++) {
		struct block b;

		if (!old[i])
			continue;
		memcpy(b.w, p->names[old[i] - 1], sizeof(b.w));
		p->slots[find(p, &b)] = old[i];
	}
	free(old);
	return 0;
}

uint32_t comm_pool_id(struct comm_pool *p, const char *comm)
{
	struct block b = block_of(comm);
	size_t i;

	if (2 * (p->n + 1) > p->nslots && grow(p))
		return COMM_NONE;
	i = find(p, &b);
	if (p->slots[i])
		return p->slots[i] - 1;
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 64;
		char(*names)[SBT_COMM_LEN] =
			realloc(p->names, cap * sizeof(*names));

		if (!names)
			return COMM_NONE;
		p->names = names;
		p->cap = cap;
	}
	memcpy(p->names[p->n], b.w, SBT_COMM_LEN);
	p->slots[i] = (uint32_t)++p->n;
	return (uint32_t)(p->n - 1);
}

void comm_pool_free(struct comm_pool *p)
{
	free(p->names);
	free(p->slots);
	memset(p, 0, sizeof(*p));
}
