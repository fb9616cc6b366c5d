/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workloads describe themselves: one descriptor per workload (name, summary,
 * how a scenario's count maps, the files it writes, its metrics) and one
 * list naming them all (list.h). The harness, the initramfs, the scenario
 * validator and ci learn every workload from that list.
 */
#ifndef SBW_REGISTRY_H
#define SBW_REGISTRY_H

#include <stddef.h>
#include <jansson.h>

#include "common/error.h"
#include "workloads/registry/list.h"

enum sbw_kind {
	SBW_GENERATOR, /* built here; takes the common generator options */
	SBW_TOOL, /* another program, started through slicectl */
	SBW_HELPER, /* put in the guest, never a scenario workload itself */
};

enum sbw_output {
	SBW_OUT_JSON, /* the program writes <name>.json itself (json_opt) */
	SBW_OUT_STDOUT, /* stdout is captured into <name>.txt */
	/* The program's own output (its stdout, or the file raw_opt names)
	 * goes to <name>.<raw_ext>; read_raw turns it into <name>.json. */
	SBW_OUT_PARSED,
};

enum sbw_better { SBW_BETTER_NONE, SBW_BETTER_LOWER, SBW_BETTER_HIGHER };

struct sbw_metric {
	const char *name; /* unique over the list: "latency_avg_us" */
	/* JSON output: dotted path under "result"; text: a line prefix. */
	const char *path;
	double scale; /* the metric is the number found times @scale */
	const char *unit; /* "us", "loops/s", "" */
	enum sbw_better better;
	const char *help; /* one line */
	/* 0 is a real value (no frame missed), not a failed measurement: with
	 * a 0 on a side the gate judges by the rule's absolute bound alone. */
	int zero_ok;
};

/*
 * A periodic workload: the share of its periods it missed, read from its
 * "result" by paths: @missed_pct (a % already), else @missed of @missed +
 * @kept (counts). The regime line says it (ci/regime.c). With @missed_pct,
 * @missed and @all may name the counts it is the share of (@missed of
 * @all): a gate's pooled rule adds them up over runs (ci/gate_pooled_ratio.h).
 */
struct sbw_periodic {
	const char *what; /* what it misses: "periods", "frames" */
	const char *missed_pct;
	const char *kept, *missed;
	const char *all; /* beside @missed_pct: its whole count */
};

enum sbw_plot_kind {
	/* @path: buckets [lo, hi, count], merged over the repeats: a
	 * histogram (hist.gp) and its tail, 1 - CDF (tail.gp) */
	SBW_PLOT_HIST,
	/* @path: an array; @y of each element by its index, the median
	 * over the repeats (loops.gp) */
	SBW_PLOT_BARS,
	/* @path: an array of {@x, @y}, a line per repeat, against a line
	 * at @line (series.gp) */
	SBW_PLOT_SERIES,
};

/* A plot `compare --plots` draws of a workload's "result" (ci/plots.c). */
struct sbw_plot {
	enum sbw_plot_kind kind;
	const char *metric; /* drawn for each group with a row of it */
	const char *path; /* under "result" */
	const char *x, *y; /* BARS, SERIES: keys of an element */
	/* the values (HIST: lo and hi; SERIES: y and the line) over this */
	double divisor;
	const char *line; /* SERIES: the line's path; absent: line_default */
	double line_default; /* over the divisor already */
	const char *name; /* after the group in the file's name: "latency" */
	/* after the group; HIST: what is counted, "wakeup latency" */
	const char *title;
	const char *axis; /* HIST: the x axis, "wakeup latency (us)" */
	const char *items; /* HIST: what the buckets count, "wakeups" */
	const char *caption; /* HIST: its start, "cyclic wakeup latency" */
};

struct sbw_workload {
	const char *name; /* the scenario's "tool" and the guest program */
	const char *help; /* one line, with what count means */
	enum sbw_kind kind;
	int external; /* from the host's PATH (a package), not built here */
	/* The option taking the scenario's count ("--threads", or
	 * "--threads=" for one word); NULL: count = instances. */
	const char *count_opt;
	const char *duration_opt; /* SBW_TOOL: option taking whole seconds */
	const char *fixed_args[4]; /* SBW_TOOL: always passed first */
	const char *json_opt; /* with SBW_OUT_JSON: "--json" or "--json=" */
	enum sbw_output output;
	const char *raw_opt; /* SBW_OUT_PARSED: option taking the file; NULL:
			      * stdout is captured */
	const char *raw_ext; /* SBW_OUT_PARSED: its extension ("out", "yaml") */
	/*
	 * SBW_OUT_PARSED: the raw outputs @paths of the @n instances into the
	 * document's "result"; -errno with @e naming the tool and the file.
	 */
	int (*read_raw)(const char *const *paths, int n, json_t **result,
			struct sb_error *e);
	const struct sbw_metric *metrics; /* n_metrics entries */
	size_t n_metrics;
	/* One line of figures from output file @path into @buf (or nothing). */
	void (*summary)(const char *path, char *buf, size_t len);
	const struct sbw_periodic *periodic; /* NULL: not periodic */
	const struct sbw_plot *plots; /* n_plots entries */
	size_t n_plots;
};

#define SBW_DECLARE(id) extern const struct sbw_workload sbw_##id;
SB_WORKLOAD_LIST(SBW_DECLARE)
#undef SBW_DECLARE

#define SBW_METRICS(tab) \
	.metrics = (tab), .n_metrics = sizeof(tab) / sizeof((tab)[0])
#define SBW_PLOTS(tab) .plots = (tab), .n_plots = sizeof(tab) / sizeof((tab)[0])

/* The list, NULL-terminated (registry.c). */
const struct sbw_workload *const *sbw_list(void);
/* The listed workload called @name, or NULL. */
const struct sbw_workload *sbw_find(const char *name);
/*
 * The descriptor scenario tool @tool runs with: the listed workload of
 * that name, else the generic one (any other program, through slicectl,
 * count = instances). Helpers such as slicectl are not workloads: they
 * run generically too.
 */
const struct sbw_workload *sbw_lookup(const char *tool);
/* The listed metric called @name (and its workload in @owner), or NULL. */
const struct sbw_metric *sbw_metric_find(const char *name,
					 const struct sbw_workload **owner);

/*
 * The missed share (%) of @w's periods by its @result, or NAN when @w is
 * not periodic or @result does not say it.
 */
double sbw_missed_pct(const struct sbw_workload *w, const json_t *result);

/* Helpers for descriptors and their readers (metric.c). */
const char *sbw_better_name(enum sbw_better b);
/*
 * Metric @m of the "result" object @result into @out: 1 found, 0 absent or
 * null, -EINVAL when not a number.
 */
int sbw_metric_value(const struct sbw_metric *m, const json_t *result,
		     double *out);
/*
 * The "metrics" section of @w's document from its @result:
 * {"<name>": {"value", "unit", "better"}, ...}; metrics absent from the
 * result are left out. NULL when out of memory.
 */
json_t *sbw_metrics_json(const struct sbw_workload *w, const json_t *result);
/*
 * "result" of the workload document at @path, read by its rows
 * (doc_file.h; the parsed document in *@doc, the caller's to json_decref),
 * or NULL when unreadable or without one.
 */
json_t *sbw_load_result(const char *path, json_t **doc);
/* Summary: the last non-empty line of a text output. */
void sbw_summary_last_line(const char *path, char *buf, size_t len);

#endif
