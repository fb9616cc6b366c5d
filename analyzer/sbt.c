// SPDX-License-Identifier: GPL-2.0
/* The delay-table core: a per-task state machine fed one event at a time. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/hist_pool.h"
#include "analyzer/line_alloc.h"
#include "analyzer/sbt.h"
#include "common/hist.h"

enum task_state {
	TS_UNKNOWN, /* not seen yet (perf: no atom) */
	TS_LOST, /* its CPU lost events: state unknown, no zero wait */
	TS_SLEEPING, /* switched out in a sleeping state, or exited */
	TS_RUNNABLE, /* woken or preempted, waiting for a CPU */
	TS_RUNNING,
};

/* A delay held back from the series while its task is young. */
struct young {
	uint32_t k; /* interval */
	uint64_t d;
};

struct task {
	int pid;
	enum task_state state;
	int cpu; /* where it last ran, was woken to or moved to; -1 unknown */
	int replaced; /* by a newer task of the same pid */
	int settled; /* its delays go straight to its comm's series */
	int workload; /* a started workload or forked from one */
	unsigned int nyoung;
	struct young young[SBT_YOUNG];
	int series; /* interval series of the current comm; -1 = look up */
	char comm[SBT_COMM_LEN];
	uint64_t wait_since; /* TS_RUNNABLE */
	uint64_t run_since; /* TS_RUNNING */
	uint64_t runtime_ns, switches, migrations;
	uint64_t max_delay_ns, max_start_ns, max_end_ns;
	struct sbt_dist delays;
};

struct series {
	char comm[SBT_COMM_LEN];
	size_t len, cap;
	struct sbt_dist *iv; /* per interval */
};

/*
 * Histogram adds in flight: each is applied SBT_PENDING adds after it was
 * queued, its cache lines prefetched meanwhile (the adds to the per-task
 * histograms, spread over megabytes, were the analyzer's top cost in cache
 * misses). Applied before any histogram is read.
 */
#define SBT_PENDING 16 /* a power of two */

struct pending {
	struct sb_hist *h[SBT_PENDING];
	uint64_t v[SBT_PENDING];
	unsigned int head, n; /* the oldest; how many are queued */
};

struct sbt {
	struct sbt_opts o;
	struct pending *pending; /* a pointer: applied from the const readers */
	struct hist_pool hists; /* of the tasks' delays and the open cells */
	struct task *tasks;
	size_t ntasks, cap;
	int *slots; /* open addressing: pid -> index + 1, 0 = free */
	size_t nslots; /* power of two */
	struct series *series;
	size_t nseries;
	int *pids; /* sorted copy of the pid filter */
	int *roots; /* sorted copy of the workload pids */
	struct sbt_summary sum;
	uint64_t *lost; /* per CPU + 1 (0: not said) */
	size_t nlost;
	int started;
	uint64_t cpu_since[SBT_BUSY_CPUS]; /* the last switch on the CPU */
	unsigned char cpu_state[SBT_BUSY_CPUS]; /* 0 unknown, 1 idle, 2 busy */
	unsigned char cpu_workload[SBT_BUSY_CPUS]; /* busy with a workload task */
};

/* NUL-padded to the end, so that an unchanged comm compares as one block. */
static void copy_comm(char *dst, const char *src)
{
	size_t n = strnlen(src, SBT_COMM_LEN - 1);

	memcpy(dst, src, n);
	memset(dst + n, 0, SBT_COMM_LEN - n);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* A sorted copy of @n pids (NULL when none, or out of memory). */
static int *sorted_copy(const int *pids, size_t n)
{
	int *c = n ? malloc(n * sizeof(*c)) : NULL;

	if (c) {
		memcpy(c, pids, n * sizeof(*c));
		qsort(c, n, sizeof(*c), cmp_int);
	}
	return c;
}

static int is_root(const struct sbt *s, int pid)
{
	return s->o.nworkload_pids &&
	       bsearch(&pid, s->o.workload_pids, s->o.nworkload_pids,
		       sizeof(int), cmp_int);
}

struct sbt *sbt_new(const struct sbt_opts *opts)
{
	struct sbt *s = line_alloc(sizeof(*s)); /* the feeding thread's */

	if (!s)
		return NULL;
	s->o = *opts;
	if (!s->o.interval_ns)
		s->o.interval_ns = 1000000000ull;
	if (!s->o.until_ns)
		s->o.until_ns = UINT64_MAX;
	s->nslots = 1024;
	s->slots = line_alloc(s->nslots * sizeof(*s->slots));
	s->pending = line_alloc(sizeof(*s->pending));
	s->pids = sorted_copy(opts->pids, s->o.npids);
	s->o.pids = s->pids;
	s->roots = sorted_copy(opts->workload_pids, s->o.nworkload_pids);
	s->o.workload_pids = s->roots;
	s->sum.workload_known = s->o.nworkload_pids > 0;
	if (!s->slots || !s->pending || (s->o.npids && !s->pids) ||
	    (s->o.nworkload_pids && !s->roots)) {
		sbt_free(s);
		return NULL;
	}
	return s;
}

void sbt_free(struct sbt *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nseries; i++) {
		for (size_t k = 0; k < s->series[i].len; k++)
			free(s->series[i].iv[k].compact);
		free(s->series[i].iv);
	}
	free(s->series);
	free(s->tasks);
	free(s->slots);
	free(s->pids);
	free(s->roots);
	free(s->pending);
	free(s->lost);
	hist_pool_free(&s->hists);
	free(s);
}

static size_t slot_of(const struct sbt *s, int pid)
{
	return ((uint32_t)pid * 2654435761u) & (s->nslots - 1);
}

static int grow_slots(struct sbt *s)
{
	size_t n = s->nslots * 2;
	int *slots = line_alloc(n * sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	free(s->slots);
	s->slots = slots;
	s->nslots = n;
	for (size_t i = 0; i < s->ntasks; i++) {
		size_t j = slot_of(s, s->tasks[i].pid);

		if (s->tasks[i].replaced)
			continue;
		while (s->slots[j])
			j = (j + 1) & (s->nslots - 1);
		s->slots[j] = (int)i + 1;
	}
	return 0;
}

/* A new task for @pid at slot @j (free, or @pid's older task's); NULL on
 * ENOMEM. */
static struct task *task_add(struct sbt *s, int pid, size_t j)
{
	struct task *t;

	if (s->ntasks == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		struct task *tasks = realloc(s->tasks, cap * sizeof(*tasks));

		if (!tasks)
			return NULL;
		s->tasks = tasks;
		s->cap = cap;
	}
	if (!s->slots[j] && (s->ntasks + 1) * 2 > s->nslots) {
		if (grow_slots(s))
			return NULL;
		j = slot_of(s, pid);
		while (s->slots[j])
			j = (j + 1) & (s->nslots - 1);
	}
	t = &s->tasks[s->ntasks];
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	t->cpu = -1;
	t->series = -1;
	t->workload = is_root(s, pid);
	s->slots[j] = (int)++s->ntasks;
	return t;
}

/* The task of @pid, created (TS_UNKNOWN) when new; NULL on ENOMEM. With
 * @born (a fork's child), a pid that has a task already is a new task: the
 * pid was reused (as perf sees it: an exiting task still runs and sleeps
 * after sched_process_exit, so only a fork tells). */
static inline struct task *task_get_as(struct sbt *s, int pid, int born)
{
	size_t j = slot_of(s, pid);

	for (; s->slots[j]; j = (j + 1) & (s->nslots - 1)) {
		struct task *t = &s->tasks[s->slots[j] - 1];

		if (t->pid != pid)
			continue;
		if (!born)
			return t;
		t->replaced = 1;
		return task_add(s, pid, j);
	}
	return task_add(s, pid, j);
}

static inline struct task *task_get(struct sbt *s, int pid)
{
	return task_get_as(s, pid, 0);
}

/* Whether @comm (up to SBT_COMM_LEN - 1 bytes read) is @have. With
 * @readable (15 bytes readable at @comm) a block compare settles the common
 * case, an unchanged comm, without strncmp's byte loop (a fifth of the
 * analyzer's instructions when every comm went through it). */
static inline int same_comm(const char *have, const char *comm, int readable)
{
	if (readable && !memcmp(have, comm, SBT_COMM_LEN - 1))
		return 1;
	return !strncmp(have, comm, SBT_COMM_LEN - 1);
}

static inline void set_comm(struct sbt *s, struct task *t, const char *comm,
			    int readable)
{
	if (!comm || same_comm(t->comm, comm, readable))
		return;
	if (t->settled && t->comm[0])
		s->sum.late_comm_changes++;
	copy_comm(t->comm, comm);
	t->series = -1;
}

static int wanted(const struct sbt *s, int pid)
{
	return !s->o.npids ||
	       bsearch(&pid, s->o.pids, s->o.npids, sizeof(int), cmp_int);
}

/* The comm a task's delays and group go under: the other group's outside
 * a workload set. */
static const char *group_comm(const struct sbt *s, const struct task *t)
{
	return s->sum.workload_known && !t->workload ? SBT_OTHER_GROUP :
						       t->comm;
}

static struct series *series_of(struct sbt *s, struct task *t)
{
	const char *comm = group_comm(s, t);
	struct series *se;

	if (t->series >= 0)
		return &s->series[t->series];
	for (size_t i = 0; i < s->nseries; i++)
		if (!strcmp(s->series[i].comm, comm)) {
			t->series = (int)i;
			return &s->series[i];
		}
	se = realloc(s->series, (s->nseries + 1) * sizeof(*se));
	if (!se)
		return NULL;
	s->series = se;
	se = &s->series[s->nseries];
	memset(se, 0, sizeof(*se));
	copy_comm(se->comm, comm);
	t->series = (int)s->nseries++;
	return se;
}

static void hist_add_later(struct pending *p, struct sb_hist *h, uint64_t v)
{
	unsigned int i = (p->head + p->n) % SBT_PENDING;

	__builtin_prefetch(h, 1);
	if (!(v >> SB_HIST_MAX_BITS))
		__builtin_prefetch(&h->buckets[sb_hist_index(v)], 1);
	if (p->n == SBT_PENDING) { /* i is the oldest: apply it, reuse it */
		sb_hist_add(p->h[i], p->v[i]);
		p->head = (p->head + 1) % SBT_PENDING;
	} else {
		p->n++;
	}
	p->h[i] = h;
	p->v[i] = v;
}

/* Apply the queued histogram adds (const: readers call it; the queue and
 * the histograms are not part of what they read as const). */
static void hist_apply(const struct sbt *s)
{
	struct pending *p = s->pending;

	for (; p->n; p->n--, p->head = (p->head + 1) % SBT_PENDING)
		sb_hist_add(p->h[p->head], p->v[p->head]);
}

static int dist_add(struct sbt *s, struct sbt_dist *d, uint64_t v)
{
	if (!d->hist && d->count == SBT_FEW) {
		d->hist = hist_pool_get(&s->hists);
		if (!d->hist)
			return -ENOMEM;
		for (int i = 0; i < SBT_FEW; i++)
			sb_hist_add(d->hist, d->few[i]);
	}
	if (d->hist)
		hist_add_later(s->pending, d->hist, v);
	else
		d->few[d->count] = v;
	d->count++;
	sb_sum_add(&d->sum, v);
	return 0;
}

void sbt_dist_merge(struct sb_hist *dst, const struct sbt_dist *d)
{
	if (d->compact) {
		sb_hist_merge_compact(dst, d->compact);
		return;
	}
	if (d->hist) {
		sb_hist_merge(dst, d->hist);
		return;
	}
	for (uint64_t i = 0; i < d->count; i++)
		sb_hist_add(dst, d->few[i]);
}

/*
 * Interval @d of a series has ended (events come in time order): keep its
 * histogram compact. The memory of the per-second series then grows by the
 * non-empty buckets of each cell, not by a whole histogram.
 */
static int close_cell(struct sbt *s, struct sbt_dist *d)
{
	int r;

	if (!d->hist)
		return 0;
	hist_apply(s); /* queued adds may still point at d->hist */
	r = sb_hist_compact(d->hist, &d->compact);
	if (r == -ERANGE)
		return 0; /* a bucket too full to compact: keep it whole */
	if (r)
		return r;
	hist_pool_put(&s->hists, d->hist);
	d->hist = NULL;
	return 0;
}

/* Add delay @d to interval @k of @se (a closed cell is opened for it and
 * closed again: the delays of a young task come late). */
static int series_add(struct sbt *s, struct series *se, size_t k, uint64_t d)
{
	struct sbt_dist *cell;
	int r;

	if (k >= se->len) {
		size_t len = k + 1;

		if (se->len && close_cell(s, &se->iv[se->len - 1]))
			return -ENOMEM;
		if (len > se->cap) {
			size_t cap = len > 2 * se->cap ? len : 2 * se->cap;
			struct sbt_dist *iv =
				realloc(se->iv, cap * sizeof(*iv));

			if (!iv)
				return -ENOMEM;
			se->iv = iv;
			se->cap = cap;
		}
		memset(se->iv + se->len, 0, (len - se->len) * sizeof(*se->iv));
		se->len = len;
	}
	cell = &se->iv[k];
	if (!cell->compact)
		return dist_add(s, cell, d);
	r = sb_hist_compact_add(&cell->compact, d);
	if (!r) {
		cell->count++;
		sb_sum_add(&cell->sum, d);
	}
	if (r != -ERANGE)
		return r;
	/* a bucket too full for the compact form: the cell is whole again */
	cell->hist = hist_pool_get(&s->hists);
	if (!cell->hist)
		return -ENOMEM;
	sb_hist_merge_compact(cell->hist, cell->compact);
	free(cell->compact);
	cell->compact = NULL;
	if (dist_add(s, cell, d))
		return -ENOMEM;
	return close_cell(s, cell);
}

/* The delays @t held while young go to the series of its comm now. */
static int settle(struct sbt *s, struct task *t)
{
	struct series *se;

	t->settled = 1;
	if (!t->nyoung)
		return 0;
	se = series_of(s, t);
	if (!se)
		return -ENOMEM;
	for (unsigned int i = 0; i < t->nyoung; i++)
		if (series_add(s, se, t->young[i].k, t->young[i].d))
			return -ENOMEM;
	t->nyoung = 0;
	return 0;
}

/* Count a wait of @t that ends at @now (inside the window). */
static int count_delay(struct sbt *s, struct task *t, uint64_t now)
{
	uint64_t d = now - t->wait_since;
	size_t k = (now - s->sum.start_ns) / s->o.interval_ns;
	struct series *se;

	if (k >= SBT_MAX_INTERVALS)
		return -E2BIG;
	if (dist_add(s, &t->delays, d))
		return -ENOMEM;
	t->switches++;
	if (d > t->max_delay_ns || t->switches == 1) {
		t->max_delay_ns = d;
		t->max_start_ns = t->wait_since;
		t->max_end_ns = now;
	}
	if (!t->settled) {
		t->young[t->nyoung++] = (struct young){ (uint32_t)k, d };
		return t->nyoung == SBT_YOUNG ? settle(s, t) : 0;
	}
	se = series_of(s, t);
	if (!se)
		return -ENOMEM;
	return series_add(s, se, k, d);
}

static uint64_t overlap(const struct sbt *s, uint64_t a, uint64_t b)
{
	if (a < s->sum.start_ns)
		a = s->sum.start_ns;
	if (b > s->o.until_ns)
		b = s->o.until_ns;
	return b > a ? b - a : 0;
}

static int in_window(const struct sbt *s, uint64_t ts)
{
	return ts >= s->sum.start_ns && ts <= s->o.until_ns;
}

/*
 * Busy time of the switch's CPU: from its previous switch, if that put a
 * task there (before a CPU's first switch, and after its lost events,
 * nothing is counted until the next one).
 */
static void cpu_account(struct sbt *s, const struct sbt_event *ev)
{
	unsigned int c = (unsigned int)ev->cpu;

	if (ev->cpu < 0 || c >= SBT_BUSY_CPUS)
		return;
	if (c >= s->sum.ncpus)
		s->sum.ncpus = c + 1;
	if (s->cpu_state[c] == 2) {
		uint64_t d = overlap(s, s->cpu_since[c], ev->ts_ns);

		s->sum.cpu_busy_ns[c] += d;
		if (s->cpu_workload[c])
			s->sum.cpu_workload_ns[c] += d;
	}
	s->cpu_state[c] = ev->next_pid > 0 ? 2 : 1;
	s->cpu_workload[c] = 0; /* on_switch says, once it has the task */
	s->cpu_since[c] = ev->ts_ns;
}

static int on_switch(struct sbt *s, const struct sbt_event *ev)
{
	struct task *prev = NULL, *next = NULL;

	cpu_account(s, ev);

	if (ev->pid > 0) {
		prev = task_get(s, ev->pid);
		if (!prev)
			return -ENOMEM;
		set_comm(s, prev, ev->comm, ev->comm_readable);
		if (prev->state == TS_RUNNING)
			prev->runtime_ns +=
				overlap(s, prev->run_since, ev->ts_ns);
		prev->cpu = ev->cpu;
		if (!(ev->prev_state & SBT_STATE_MASK)) {
			prev->state = TS_RUNNABLE;
			prev->wait_since = ev->ts_ns;
		} else {
			prev->state = TS_SLEEPING;
		}
	}
	if (ev->next_pid <= 0)
		return 0;
	next = task_get(s, ev->next_pid);
	if (!next)
		return -ENOMEM;
	set_comm(s, next, ev->next_comm, ev->comm_readable);
	next->cpu = ev->cpu;
	if (ev->cpu >= 0 && ev->cpu < SBT_BUSY_CPUS)
		s->cpu_workload[ev->cpu] = (unsigned char)next->workload;
	if (next->state == TS_UNKNOWN) {
		/* First sight: perf counts it as a zero wait. */
		next->state = TS_RUNNABLE;
		next->wait_since = ev->ts_ns;
	}
	if (in_window(s, ev->ts_ns))
		s->sum.switch_ins++;
	if (next->state == TS_RUNNABLE) {
		int r = in_window(s, ev->ts_ns) && wanted(s, next->pid) ?
				count_delay(s, next, ev->ts_ns) :
				0;

		if (r)
			return r;
	} else if (next->state != TS_LOST && in_window(s, ev->ts_ns)) {
		s->sum.unknown_switch_ins++; /* its wakeup came later, or never */
	}
	next->state = TS_RUNNING;
	next->run_since = ev->ts_ns;
	return 0;
}

static enum sbt_wait_from wait_from(const struct sbt *s)
{
	if (s->o.wait_from != SBT_WAIT_AUTO)
		return s->o.wait_from;
	return s->sum.waking_recorded ? SBT_WAIT_WAKING : SBT_WAIT_WAKEUP;
}

static void on_wakeup(struct sbt *s, struct task *t, const struct sbt_event *ev)
{
	if (ev->type == SBT_EV_WAKING && wait_from(s) == SBT_WAIT_WAKEUP)
		return;
	set_comm(s, t, ev->comm, ev->comm_readable);
	t->cpu = ev->target_cpu;
	/* Waking a runnable or running task starts no wait (perf). */
	if (t->state != TS_RUNNABLE && t->state != TS_RUNNING) {
		t->state = TS_RUNNABLE;
		t->wait_since = ev->ts_ns;
	}
}

static int on_task_event(struct sbt *s, const struct sbt_event *ev)
{
	struct task *t;

	if (ev->pid <= 0)
		return 0;
	t = task_get(s, ev->pid);
	if (!t)
		return -ENOMEM;
	switch (ev->type) {
	case SBT_EV_WAKEUP:
	case SBT_EV_WAKING:
	case SBT_EV_WAKEUP_NEW:
		on_wakeup(s, t, ev);
		break;
	case SBT_EV_MIGRATE:
		t->cpu = ev->target_cpu;
		if (in_window(s, ev->ts_ns))
			t->migrations++;
		break;
	case SBT_EV_FORK: {
		char comm[SBT_COMM_LEN];
		struct task *c;
		int workload;

		set_comm(s, t, ev->comm, ev->comm_readable);
		copy_comm(comm, t->comm);
		/* The child's task may grow s->tasks and move @t: copy first. */
		workload = t->workload;
		c = task_get_as(s, ev->child_pid, 1);
		if (!c)
			return -ENOMEM;
		c->workload |= workload;
		set_comm(s, c, comm, 1);
		break;
	}
	case SBT_EV_EXEC:
		set_comm(s, t, ev->comm, ev->comm_readable);
		break;
	case SBT_EV_EXIT:
		/* A wait still open at exit never ends: drop it. Its comm
		 * changes no more: its held delays can go. */
		if (t->state == TS_RUNNABLE)
			t->state = TS_SLEEPING;
		return settle(s, t);
	case SBT_EV_SWITCH:
		break;
	}
	return 0;
}

int sbt_feed(struct sbt *s, const struct sbt_event *ev)
{
	struct sbt_event at;

	if (!s->started) {
		s->started = 1;
		s->sum.first_ts_ns = ev->ts_ns;
		s->sum.start_ns = s->o.since_ns ? s->o.since_ns : ev->ts_ns;
	} else if (ev->ts_ns < s->sum.last_ts_ns) {
		uint64_t back = s->sum.last_ts_ns - ev->ts_ns;

		if (back > SBT_MAX_STEP_BACK_NS)
			return -EINVAL;
		s->sum.steps_back++;
		if (back > s->sum.max_step_back_ns)
			s->sum.max_step_back_ns = back;
		at = *ev;
		at.ts_ns = s->sum.last_ts_ns;
		ev = &at;
	}
	s->sum.last_ts_ns = ev->ts_ns;
	s->sum.events++;
	if (ev->type == SBT_EV_SWITCH)
		return on_switch(s, ev);
	return on_task_event(s, ev);
}

void sbt_add_lost(struct sbt *s, int cpu, uint64_t n)
{
	size_t i = cpu >= 0 && cpu < SBT_LOST_MAX_CPUS ? (size_t)cpu + 1 : 0;

	s->sum.lost_events += n;
	if (i >= s->nlost) {
		uint64_t *l = realloc(s->lost, (i + 1) * sizeof(*l));

		if (!l)
			return; /* the per-CPU count only: the total stays */
		memset(l + s->nlost, 0, (i + 1 - s->nlost) * sizeof(*l));
		s->lost = l;
		s->nlost = i + 1;
	}
	s->lost[i] += n;
	for (size_t c = 0; c < SBT_BUSY_CPUS; c++)
		if (!i || c + 1 == i)
			s->cpu_state[c] = 0; /* unknown until its next switch */
	for (size_t k = 0; k < s->ntasks; k++) {
		struct task *t = &s->tasks[k];

		if ((!i || t->cpu == cpu) &&
		    (t->state == TS_RUNNABLE || t->state == TS_RUNNING))
			t->state = TS_LOST;
	}
}

size_t sbt_lost_cpu_count(const struct sbt *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nlost; i++)
		n += !!s->lost[i];
	return n;
}

void sbt_lost_cpu_get(const struct sbt *s, size_t i, int *cpu, uint64_t *n)
{
	for (size_t k = 0; k < s->nlost; k++) {
		if (!s->lost[k] || i--)
			continue;
		*cpu = (int)k - 1;
		*n = s->lost[k];
		return;
	}
}

void sbt_set_waking_recorded(struct sbt *s, int recorded)
{
	s->sum.waking_recorded = !!recorded;
}

int sbt_finish(struct sbt *s)
{
	for (size_t i = 0; i < s->ntasks; i++)
		if (settle(s, &s->tasks[i]))
			return -ENOMEM;
	return 0;
}

size_t sbt_task_count(const struct sbt *s)
{
	return s->ntasks;
}

void sbt_task_get(const struct sbt *s, size_t i, struct sbt_task_stats *out)
{
	const struct task *t = &s->tasks[i];

	hist_apply(s);
	memset(out, 0, sizeof(*out));
	out->pid = t->pid;
	copy_comm(out->comm, t->comm);
	out->runtime_ns = t->runtime_ns;
	if (t->state == TS_RUNNING)
		out->runtime_ns += overlap(s, t->run_since, s->sum.last_ts_ns);
	out->switches = t->switches;
	out->migrations = t->migrations;
	out->sum_delay_ns = sb_sum_get(&t->delays.sum);
	out->max_delay_ns = t->max_delay_ns;
	out->max_start_ns = t->max_start_ns;
	out->max_end_ns = t->max_end_ns;
	out->delays = &t->delays;
	out->workload = !s->sum.workload_known || t->workload;
}

size_t sbt_series_count(const struct sbt *s)
{
	return s->nseries;
}

const char *sbt_series_comm(const struct sbt *s, size_t i)
{
	return s->series[i].comm;
}

size_t sbt_series_len(const struct sbt *s, size_t i)
{
	return s->series[i].len;
}

const struct sbt_dist *sbt_series_cell(const struct sbt *s, size_t i, size_t k)
{
	hist_apply(s);
	return &s->series[i].iv[k];
}

void sbt_summary_get(const struct sbt *s, struct sbt_summary *out)
{
	*out = s->sum;
	out->interval_ns = s->o.interval_ns;
	out->wait_from = wait_from(s);
	out->end_ns = s->o.until_ns < s->sum.last_ts_ns ? s->o.until_ns :
							  s->sum.last_ts_ns;
	for (unsigned int c = 0; c < s->sum.ncpus; c++)
		if (s->cpu_state[c] == 2) {
			uint64_t d =
				overlap(s, s->cpu_since[c], s->sum.last_ts_ns);

			out->cpu_busy_ns[c] += d;
			if (s->cpu_workload[c])
				out->cpu_workload_ns[c] += d;
		}
}

const char *sbt_feed_error(int r)
{
	if (r == -EINVAL)
		return "time goes back by more than 1 ms";
	if (r == -E2BIG)
		return "the trace spans too long a time (corrupt timestamps?)";
	return strerror(-r);
}

int sbt_feed_errno(int r)
{
	return r == -EINVAL || r == -E2BIG ? -EBADMSG : r;
}
