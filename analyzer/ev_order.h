/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoded events put in time order as perf's own tools do: they arrive in
 * file order as sorted runs (one per CPU buffer flushed), and a flush
 * delivers everything up to a time limit, merging the runs (file order
 * among equal times). Memory: the events not yet delivered.
 */
#ifndef SB_EV_ORDER_H
#define SB_EV_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"

/* What an ordered_ev is: an event or timed lost events (both put in time
 * order), or lost events with no time, which a reader hands on at once. */
enum ordered_kind {
	OEV_EVENT,
	OEV_LOST, /* @n events lost on @cpu (-1: not said) */
	OEV_LOST_NOW, /* lost with no time: counted when read, as perf does */
};

/* An event kept for its turn: the core event with its comms' first
 * SBT_COMM_LEN - 1 bytes (carried, so that whoever delivers it needs no
 * table of names), or lost events (then only ts, cpu and @n hold). */
struct ordered_ev {
	uint64_t ts;
	uint64_t off; /* where the record lies in its file, for messages */
	uint64_t n; /* prev_state of a switch, or the count of lost events */
	int32_t cpu, pid;
	int32_t arg; /* next pid (switch), child pid (fork) or target CPU */
	uint8_t kind; /* enum ordered_kind */
	uint8_t type; /* enum sbt_ev_type */
	uint8_t has_comm, has_next_comm;
	char comm[SBT_COMM_LEN], next_comm[SBT_COMM_LEN];
};

struct ev_run {
	uint64_t ts; /* of event @next */
	size_t next, end; /* events [next, end), in time order */
};

struct ev_order {
	struct ordered_ev *evs; /* not delivered yet, in file order */
	size_t n, cap;
	size_t bytes; /* mapped for @evs */
	struct ev_run *heap; /* the closed runs, a min-heap on (ts, index) */
	size_t nheap, heap_cap;
	size_t open_start; /* the run being added to: [open_start, n) */
	uint64_t open_last; /* the time of its last event */
	size_t delivered; /* events in [0, n) delivered, not yet dropped */
};

/* Room for the next event, after the events added so far (fill it in,
 * then ev_order_add() it); NULL when out of memory. */
struct ordered_ev *ev_order_next(struct ev_order *o);
/* Add the event filled in at ev_order_next(). 0 or -ENOMEM. */
int ev_order_add(struct ev_order *o);

/*
 * Deliver, in time order, every event up to @limit to @deliver, and drop
 * them. Stops at the first non-zero return of @deliver and returns it;
 * -ENOMEM when out of memory; else 0.
 */
int ev_order_flush(struct ev_order *o, uint64_t limit,
		   int (*deliver)(void *arg, const struct ordered_ev *e),
		   void *arg);

void ev_order_free(struct ev_order *o);

#endif
