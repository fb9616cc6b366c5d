// SPDX-License-Identifier: GPL-2.0
/* Scheduler tracepoint records into core events: fields located once in the file's formats, read in place. */
#include <errno.h>
#include <string.h>

#include "analyzer/sched_decode.h"

static const struct tp_desc {
	const char *name;
	enum sbt_ev_type type;
	/* fields: [0] pid-like, [1] comm-like, then per event */
	const char *fields[5];
	const char *kinds; /* per field: n number, s string, o optional number */
} tps[TP_N] = {
	[TP_SWITCH] = { "sched_switch",
			SBT_EV_SWITCH,
			{ "prev_pid", "prev_comm", "prev_state", "next_pid",
			  "next_comm" },
			"nsnns" },
	[TP_WAKEUP] = { "sched_wakeup",
			SBT_EV_WAKEUP,
			{ "pid", "comm", "target_cpu" },
			"nso" },
	[TP_WAKING] = { "sched_waking",
			SBT_EV_WAKING,
			{ "pid", "comm", "target_cpu" },
			"nso" },
	[TP_WAKEUP_NEW] = { "sched_wakeup_new",
			    SBT_EV_WAKEUP_NEW,
			    { "pid", "comm", "target_cpu" },
			    "nso" },
	[TP_MIGRATE] = { "sched_migrate_task",
			 SBT_EV_MIGRATE,
			 { "pid", "comm", "dest_cpu" },
			 "nso" },
	[TP_FORK] = { "sched_process_fork",
		      SBT_EV_FORK,
		      { "parent_pid", "parent_comm", "child_pid" },
		      "nsn" },
	[TP_EXEC] = { "sched_process_exec",
		      SBT_EV_EXEC,
		      { "pid", "filename" },
		      "ns" },
	[TP_EXIT] = { "sched_process_exit",
		      SBT_EV_EXIT,
		      { "pid", "comm" },
		      "ns" },
};

const char *sched_tp_name(enum sched_tp tp)
{
	return tps[tp].name;
}

/* Numeric field @f of a record @d whose size was checked: read in place,
 * as libtraceevent's generic reader cost a fifth of the analyzer. */
static inline uint64_t get(const struct sched_decoder *c,
			   const struct sched_field *f, const unsigned char *d)
{
	const unsigned char *p = d + f->offset;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (f->size) {
	case 1:
		return *p;
	case 2:
		memcpy(&u16, p, 2);
		return c->swap ? __builtin_bswap16(u16) : u16;
	case 4:
		memcpy(&u32, p, 4);
		return c->swap ? __builtin_bswap32(u32) : u32;
	default: /* 8: sched_decoder_init allows no other size */
		memcpy(&u64, p, 8);
		return c->swap ? __builtin_bswap64(u64) : u64;
	}
}

/* A char[] field (with @in_place, a comm: returned in place when it holds
 * SBT_COMM_LEN - 1 bytes or more, all the core reads), or a __data_loc
 * string, copied NUL-padded into @buf (SCHED_STR_BUF bytes). */
static int str(const struct sched_decoder *c, const struct sched_field *f,
	       const unsigned char *data, uint32_t size, const char **out,
	       char *buf, int in_place)
{
	const char *p = (const char *)data + f->offset;
	size_t n = f->size;

	if (f->dynamic) {
		uint64_t loc = get(c, f, data);

		if ((loc & 0xffff) + ((loc >> 16) & 0xffff) > size)
			return -EINVAL;
		p = (const char *)data + (loc & 0xffff);
		n = (loc >> 16) & 0xffff;
	} else if (in_place && n >= SBT_COMM_LEN - 1) {
		*out = p;
		return 0;
	}
	n = strnlen(p, n);
	if (n > SCHED_STR_MAX)
		n = SCHED_STR_MAX;
	memcpy(buf, p, n);
	memset(buf + n, 0, SBT_COMM_LEN);
	*out = buf;
	return 0;
}

static int decode(const struct sched_decoder *c, enum sched_tp tp,
		  const unsigned char *d, uint32_t size, struct sbt_event *ev,
		  char comm[2][SCHED_STR_BUF])
{
	const struct sched_field *f = c->f[tp];
	const char *base;

	if (!c->usable[tp] || size < c->need[tp])
		return -EINVAL;
	/* exec's filename is cut at its last '/': a NUL-terminated copy */
	if (str(c, &f[1], d, size, &ev->comm, comm[0], tp != TP_EXEC))
		return -EINVAL;
	ev->comm_readable = 1;
	ev->type = tps[tp].type;
	ev->pid = (int)get(c, &f[0], d);
	switch (tp) {
	case TP_SWITCH:
		if (str(c, &f[4], d, size, &ev->next_comm, comm[1], 1))
			return -EINVAL;
		ev->prev_state = get(c, &f[2], d);
		ev->next_pid = (int)get(c, &f[3], d);
		break;
	case TP_FORK:
		ev->child_pid = (int)get(c, &f[2], d);
		break;
	case TP_EXEC:
		base = strrchr(ev->comm, '/');
		if (base)
			ev->comm = base + 1;
		break;
	case TP_EXIT:
		break;
	default: /* wakeups, migration: the CPU field is optional */
		if (f[2].size)
			ev->target_cpu = (int)get(c, &f[2], d);
		break;
	}
	return 0;
}

int sched_decode(const struct sched_decoder *d, const unsigned char *data,
		 uint32_t size, struct sbt_event *ev,
		 char comm[2][SCHED_STR_BUF], enum sched_tp *tp)
{
	uint64_t id;

	if (!d->type.size || size < d->type.offset + d->type.size)
		return 1; /* too short to be an event: padding */
	id = get(d, &d->type, data);
	for (int i = 0; i < TP_N; i++) {
		if ((int)id != d->ids[i])
			continue;
		*tp = (enum sched_tp)i;
		return decode(d, *tp, data, size, ev, comm);
	}
	return 1;
}

int sched_decode_known(const struct sched_decoder *d, const unsigned char *data,
		       uint32_t size)
{
	uint64_t id;

	if (!d->type.size || size < d->type.offset + d->type.size)
		return 0;
	id = get(d, &d->type, data);
	for (int i = 0; i < TP_N; i++)
		if (d->ids[i] >= 0 && (uint64_t)d->ids[i] == id)
			return 1;
	return 0;
}

static void field_of(struct sched_field *out, const struct tep_format_field *f)
{
	if (!f)
		return;
	out->offset = (unsigned int)f->offset;
	out->size = (unsigned int)f->size;
	out->dynamic = !!(f->flags & TEP_FIELD_IS_DYNAMIC);
}

static int is_num(const struct sched_field *f)
{
	return !f->dynamic &&
	       (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8);
}

/* Whether event @tp's fields are all there (and of a size decode reads),
 * and how many bytes its records must hold. */
static void check_fields(struct sched_decoder *c, int tp)
{
	c->usable[tp] = 1;
	for (int i = 0; tps[tp].kinds[i]; i++) {
		const struct sched_field *f = &c->f[tp][i];

		if (tps[tp].kinds[i] == 'o' && !f->size)
			continue;
		if (tps[tp].kinds[i] == 's' ?
			    !f->size || (f->dynamic && f->size != 4) :
			    !is_num(f))
			c->usable[tp] = 0;
		if (f->offset + f->size > c->need[tp])
			c->need[tp] = f->offset + f->size;
	}
}

void sched_decoder_init(struct sched_decoder *c, struct tep_handle *tep)
{
	memset(c, 0, sizeof(*c));
	c->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
	for (int tp = 0; tp < TP_N; tp++) {
		struct tep_event *e =
			tep_find_event_by_name(tep, "sched", tps[tp].name);

		c->ids[tp] = e ? e->id : -1;
		if (e && !c->type.size)
			field_of(&c->type,
				 tep_find_common_field(e, "common_type"));
		for (int i = 0; e && i < 5 && tps[tp].fields[i]; i++)
			field_of(&c->f[tp][i],
				 tep_find_field(e, tps[tp].fields[i]));
	}
	if (!is_num(&c->type))
		memset(&c->type, 0, sizeof(c->type)); /* no event is read */
	for (int tp = 0; tp < TP_N; tp++)
		check_fields(c, tp);
}
