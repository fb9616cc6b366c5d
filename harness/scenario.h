/* SPDX-License-Identifier: GPL-2.0 */
/* Scenario files (configs/<name>.json): parse and validate into a struct. */
#ifndef SB_SCENARIO_H
#define SB_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "common/jsonread.h"
#include "harness/boot/vm_request.h"
#include "workloads/lib/opts.h"

#define SC_NAME_LEN 64
#define SC_MAX_SETS 16
#define SC_MAX_FEATURES 16
#define SC_MAX_WORKLOADS 32
#define SC_MAX_ARGS 32
/* MAX_ARG_STRLEN of Linux: one argument of exec, with its NUL */
#define SC_MAX_ARG_LEN (32 * 4096)
#define SC_MAX_NUMA 8
/* The longest "duration" or "warmup": a generator's longest, a day. */
#define SC_MAX_DURATION_NS ((uint64_t)WL_MAX_DURATION_NS)
/*
 * The most runs a side: a scenario's repeats, run's and plan's --repeats,
 * check's and bisect's --max-repeats.
 */
#define SC_MAX_REPEATS 1000

struct sbw_workload;

struct sc_feature_set {
	char name[SC_NAME_LEN];
	char features[SC_MAX_FEATURES][SC_NAME_LEN];
	int n_features;
};

struct sc_workload {
	char name[SC_NAME_LEN];
	char tool[SC_NAME_LEN];
	const struct sbw_workload *desc; /* its descriptor (sbw_lookup) */
	int count;
	int slice_given; /* "slice" present: --slice slice_ns */
	uint64_t slice_ns; /* clamped; 0: the kernel's default slice */
	char cpus[64]; /* "" when not pinned */
	char *args[SC_MAX_ARGS + 1]; /* NULL-terminated, malloc'd */
	int n_args;
};

struct scenario {
	char name[SC_NAME_LEN];
	uint64_t duration_ns;
	uint64_t warmup_ns;
	int repeats;
	int untraced_repeats; /* the control arm: runs without recording */
	int seed; /* repeat r runs with seed + r - 1 (scenario_seed) */
	struct {
		int cpus;
		int memory_mb;
		struct vm_numa_node numa[SC_MAX_NUMA];
		int n_numa;
		char accel[16]; /* "" when the scenario does not say */
		char without_kvm[16]; /* what "auto" runs without KVM: "",
				       * "tcg" or "virtual" */
		int icount_shift;
	} guest;
	char rules[256]; /* gate rules relative to the checkout root; "":
			  * the default (ci/rules_pick.h) */
	char published[256]; /* a published table relative to the checkout
			      * root, shown beside the bench's; "": none */
	int trace_buffer_kb;
	int trace_perf; /* perf records beside trace-cmd (cross-checks) */
	struct sc_feature_set sets[SC_MAX_SETS];
	int n_sets;
	struct sc_workload workloads[SC_MAX_WORKLOADS];
	int n_workloads;
};

/* The scenario format: the reader's tables, and their reference docs. */
extern const struct sb_jr_table scenario_format;

/* Called with one warning line (no newline), e.g. a slice that was clamped. */
typedef void (*sc_warn_fn)(const char *msg);

/*
 * Load and validate @path into @sc (free with scenario_free). Warnings go to
 * @warn when it is not NULL. Returns 0, or -EINVAL (-ENOMEM) with @e reading
 * "<path>: <json path>: <value> <problem>".
 */
int scenario_load(const char *path, struct scenario *sc, sc_warn_fn warn,
		  struct sb_error *e);
void scenario_free(struct scenario *sc);

/*
 * The seed of repeat @repeat (1, 2, …): the scenario's "seed" for the
 * first, one more for each next. Every kernel and feature set of a repeat
 * shares it; a workload's --seed and the guest's randomness come from it.
 */
uint64_t scenario_seed(const struct scenario *sc, int repeat);

/*
 * How long one run may take at most: warmup + @durations x duration +
 * @margin_ns, into @out. Returns 0, or -EOVERFLOW when that does not fit
 * in 64 bits (never for a loaded scenario and a sane margin).
 */
int scenario_run_limit_ns(const struct scenario *sc, uint64_t durations,
			  uint64_t margin_ns, uint64_t *out);

/* The feature set named @name, or NULL. */
const struct sc_feature_set *scenario_set(const struct scenario *sc,
					  const char *name);

/* Is @s a safe name: [A-Za-z0-9_.-]+, not "." or "..", under SC_NAME_LEN? */
int sc_name_ok(const char *s);

#endif
