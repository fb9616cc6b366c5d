/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events handed in batches to a thread that delivers them, in the order
 * they were handed: reading and decoding a file overlaps with the work on
 * the events read before, and the results are those of doing both in
 * turn.
 */
#ifndef SB_EV_PIPE_H
#define SB_EV_PIPE_H

#include "analyzer/ev_order.h"

struct ev_pipe;

typedef int (*ev_deliver_fn)(void *arg, const struct ordered_ev *e);

/* Start the delivering thread: 0, -ENOMEM or the -errno of
 * pthread_create(). Its memory (18 MiB, touched as the queue grows) is
 * mapped here, once. */
int ev_pipe_start(struct ev_pipe **out, ev_deliver_fn deliver, void *arg);

/* Room for the next event to hand over: fill it in, then ev_pipe_push()
 * it (or leave it, to use the room for the next). */
struct ordered_ev *ev_pipe_slot(struct ev_pipe *p);

/*
 * Hand the event filled in at ev_pipe_slot() over; waits while the queue
 * is full. Returns the first non-zero result of the deliverer once it has
 * given one (it then delivers nothing more), or 0.
 */
int ev_pipe_push(struct ev_pipe *p);

/* Deliver all that was handed over, end the thread and free @p (NULL is
 * fine). Returns the first non-zero result of the deliverer, or 0. */
int ev_pipe_finish(struct ev_pipe *p);

#endif
