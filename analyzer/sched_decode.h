/* SPDX-License-Identifier: GPL-2.0 */
/* Scheduler tracepoint records (raw payloads) into core events, by the formats a trace file carries. */
#ifndef SB_SCHED_DECODE_H
#define SB_SCHED_DECODE_H

#include <stdint.h>

#include <traceevent/event-parse.h>

#include "analyzer/sbt.h"

enum sched_tp {
	TP_SWITCH,
	TP_WAKEUP,
	TP_WAKING,
	TP_WAKEUP_NEW,
	TP_MIGRATE,
	TP_FORK,
	TP_EXEC,
	TP_EXIT,
	TP_N,
};

/* Where a field lies in a record; size 0: not in the event's format. */
struct sched_field {
	unsigned int offset, size;
	int dynamic; /* __data_loc: the field holds offset | length << 16 */
};

struct sched_decoder {
	int ids[TP_N]; /* -1: not in the file */
	struct sched_field type; /* common_type, the event id of every record */
	struct sched_field f[TP_N][5];
	unsigned int need[TP_N]; /* bytes a record must hold: its fixed fields */
	int usable[TP_N]; /* every field it needs is there, of a usable size */
	int swap; /* the file's byte order is not the host's */
};

/* Room for a string field copied out of a record: SCHED_STR_MAX bytes and
 * the NUL padding after it, so that SBT_COMM_LEN - 1 bytes are readable at
 * any character of the copy (sbt_event.comm_readable). */
#define SCHED_STR_MAX 255
#define SCHED_STR_BUF (SCHED_STR_MAX + SBT_COMM_LEN)

/* Find the sched events and their fields in @tep's formats. */
void sched_decoder_init(struct sched_decoder *d, struct tep_handle *tep);

/* The tracepoint name of @tp ("sched_switch", ...). */
const char *sched_tp_name(enum sched_tp tp);

/*
 * Decode one raw record of @size bytes into @ev (ts_ns and cpu are left as
 * they are; strings may point into @data or @comm). Returns 0 with *@tp set
 * for a scheduler event, 1 for a record of another event (or too short to
 * carry an event id), -EINVAL with *@tp set for a corrupt one.
 */
int sched_decode(const struct sched_decoder *d, const unsigned char *data,
		 uint32_t size, struct sbt_event *ev,
		 char comm[2][SCHED_STR_BUF], enum sched_tp *tp);

/* Is the raw record of @size bytes one of the sched events decoded? */
int sched_decode_known(const struct sched_decoder *d, const unsigned char *data,
		       uint32_t size);

#endif
