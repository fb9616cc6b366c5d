/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: write a small trace-cmd file (version 6, flyrecord) or perf.data of sched events. */
#ifndef SB_TRACEDAT_WRITER_H
#define SB_TRACEDAT_WRITER_H

#include <stdint.h>

enum tdw_event {
	TDW_SWITCH, /* prev_comm, prev_pid, prev_prio, prev_state, next_comm, next_pid, next_prio */
	TDW_WAKEUP, /* comm, pid, prio, target_cpu */
	TDW_WAKEUP_NEW, /* comm, pid, prio, target_cpu */
	TDW_MIGRATE, /* comm, pid, prio, orig_cpu, dest_cpu */
	TDW_FORK, /* parent_comm, parent_pid, child_comm, child_pid */
	TDW_EXEC, /* filename (__data_loc), pid, old_pid */
	TDW_EXIT, /* comm, pid, prio */
	TDW_WAKING, /* comm, pid, prio, target_cpu */
	TDW_NEVENTS,
};

/* A field value: a string for char[] and __data_loc fields, else a number. */
struct tdw_val {
	const char *s;
	int64_t n;
};

struct tdw;

struct tdw *tdw_new(int ncpus);
/* Also keep the events for tdw_write_perf() (call before tdw_add). */
void tdw_for_perf(struct tdw *w);
/* Append an event to @cpu's ring buffer (times must not go backwards);
 * CPUs beyond the ones given to tdw_new() are added. */
void tdw_add(struct tdw *w, int cpu, uint64_t ts_ns, enum tdw_event e,
	     const struct tdw_val *vals);
/* Append a TDW_SWITCH of two tasks of priority 120. */
static inline void tdw_add_switch(struct tdw *w, int cpu, uint64_t ts_ns,
				  const char *prev_comm, int prev_pid,
				  int64_t prev_state, const char *next_comm,
				  int next_pid)
{
	const struct tdw_val v[] = { { prev_comm, 0 }, { NULL, prev_pid },
				     { NULL, 120 },    { NULL, prev_state },
				     { next_comm, 0 }, { NULL, next_pid },
				     { NULL, 120 } };

	tdw_add(w, cpu, ts_ns, TDW_SWITCH, v);
}

/* The next page of @cpu starts with "events were lost" flagged. */
void tdw_lost(struct tdw *w, int cpu);
/* Write the file; returns 0 or -errno. Frees @w. */
int tdw_write(struct tdw *w, const char *path);

/* Write the event formats the files carry as a tracefs would show them,
 * under @dir/events/sched/NAME/format; returns 0 or -errno. */
int tdw_write_tracefs(const char *dir);

/* Write the same events as a perf.data (one attribute per event, sample
 * ids, records in rounds of a few per CPU, the lost events of tdw_lost() as
 * PERF_RECORD_LOST of 5); returns 0 or -errno. Frees @w. */
#define TDW_PERF_PIPE 1u /* only a pipe-mode header */
#define TDW_PERF_COMPRESSED 2u /* the compressed feature flagged */
int tdw_write_perf(struct tdw *w, const char *path, unsigned int flags);

#endif
