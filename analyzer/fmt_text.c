// SPDX-License-Identifier: GPL-2.0
/* The delay table as text, in the column order of `perf sched latency`. */
#include <errno.h>

#include "analyzer/sbt_format.h"

#define MS(ns) ((double)(ns) / 1e6)
#define S(ns) ((double)(ns) / 1e9)

static void rule(FILE *f, int width)
{
	fputc(' ', f);
	for (int i = 0; i < width; i++)
		fputc('-', f);
	fputc('\n', f);
}

static void row(FILE *f, const struct sbt_row *r, int percentiles)
{
	fprintf(f,
		"  %-22s|%11.3f ms |%9llu | avg:%9.3f ms | max:%9.3f ms |"
		" sum:%11.3f ms | at:%16.6f s |",
		r->task, MS(r->runtime_ns), (unsigned long long)r->switches,
		sbt_row_avg_ns(r) / 1e6, MS(r->max_delay_ns),
		(double)(r->sum_delay_ns / 1e6), S(r->max_start_ns));
	if (percentiles)
		fprintf(f, "%9.3f |%9.3f |%9.3f |%9.3f |", MS(r->p50_ns),
			MS(r->p90_ns), MS(r->p99_ns), MS(r->p99_9_ns));
	fputc('\n', f);
}

const char *sbt_wait_from_name(enum sbt_wait_from w)
{
	return w == SBT_WAIT_WAKEUP ? "sched_wakeup" : "sched_waking";
}

/* What makes the table less than exact: lost events (and on which CPUs),
 * switch-ins of tasks not known to wait (beyond 0.1 %), clock steps. */
static void warnings(FILE *f, const struct sbt_table *t)
{
	const struct sbt_summary *m = &t->sum;

	if (m->lost_events) {
		fprintf(f, " WARNING: the recorder lost %llu events (",
			(unsigned long long)m->lost_events);
		for (size_t i = 0; i < t->nlost; i++) {
			if (t->lost[i].cpu < 0)
				fprintf(f, "%sCPU unsaid: %llu", i ? ", " : "",
					(unsigned long long)t->lost[i].events);
			else
				fprintf(f, "%sCPU %d: %llu", i ? ", " : "",
					t->lost[i].cpu,
					(unsigned long long)t->lost[i].events);
		}
		fprintf(f, "); waits and runs open there were dropped\n");
	}
	if (m->unknown_switch_ins * 1000 > m->switch_ins)
		fprintf(f,
			" WARNING: %llu of %llu switch-ins (%.2f %%) were of"
			" tasks not known to wait (wakeup seen later: clock"
			" skew across CPUs?); not counted\n",
			(unsigned long long)m->unknown_switch_ins,
			(unsigned long long)m->switch_ins,
			100.0 * (double)m->unknown_switch_ins /
				(double)m->switch_ins);
	if (m->steps_back)
		fprintf(f,
			" note: %llu events came up to %.3f ms before the one"
			" before them (CPU clocks); taken at that one's time\n",
			(unsigned long long)m->steps_back,
			MS(m->max_step_back_ns));
}

/* With a workload set: how much of its CPUs' time other tasks took. */
static void noise(FILE *f, const struct sbt_table *t)
{
	struct sbt_noise n;

	if (!t->sum.workload_known)
		return;
	sbt_machine_noise(&t->sum, &n);
	fprintf(f, " machine noise: %.1f %% of the workload's CPUs (",
		n.share_pct);
	for (unsigned int c = 0, k = 0; c < SBT_BUSY_CPUS; c++)
		if (n.cpu_mask & (1ull << c))
			fprintf(f, "%s%u", k++ ? "," : "", c);
	fprintf(f, ") went to other tasks: %.3f of %.3f ms\n", MS(n.other_ns),
		MS(n.span_ns));
}

int sbt_format_text(FILE *f, const struct sbt_table *t,
		    const struct sbt_source *src, const struct sbt_text_opts *o)
{
	const struct sbt_row *rows = o->grouped ? t->groups : t->tasks;
	size_t n = o->grouped ? t->ngroups : t->ntasks;
	int width;

	fprintf(f,
		" %s (%s): %llu events, %llu lost; window %.6f .. %.6f s;"
		" waits from %s\n",
		src->path, src->recorder, (unsigned long long)t->sum.events,
		(unsigned long long)t->sum.lost_events, S(t->sum.start_ns),
		S(t->sum.end_ns), sbt_wait_from_name(t->sum.wait_from));
	warnings(f, t);
	noise(f, t);
	width = 122 + (o->percentiles ? 44 : 0);
	rule(f, width);
	fprintf(f, "  %-22s|%14s |%9s |%16s |%16s |%18s |%20s |", "Task",
		"Runtime ms", "Switches", "Avg delay ms", "Max delay ms",
		"Sum delay ms", "Max delay at");
	if (o->percentiles)
		fprintf(f, "%9s |%9s |%9s |%9s |", "p50 ms", "p90 ms", "p99 ms",
			"p99.9 ms");
	fputc('\n', f);
	rule(f, width);
	for (size_t i = 0; i < n; i++)
		row(f, &rows[i], o->percentiles);
	rule(f, width);
	row(f, &t->total, o->percentiles);
	rule(f, width);
	return ferror(f) ? -EIO : 0;
}
