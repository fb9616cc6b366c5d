// SPDX-License-Identifier: GPL-2.0
/* Scenario files: their format as tables for the JSON reader (common/jsonread.h), and the questions asked of a loaded one. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "common/accel.h"
#include "common/byname.h"
#include "common/jsonread.h"
#include "common/slice_range.h"
#include "harness/feature_name.h"
#include "harness/scenario.h"
#include "workloads/registry/registry.h"

/* What the hooks of a reading share: where warnings go. */
struct ctx {
	sc_warn_fn warn;
	struct scenario *sc;
};

int sc_name_ok(const char *s)
{
	size_t n = strlen(s);

	/* A leading '-' would read as an option where a name is an argument. */
	if (!n || n >= SC_NAME_LEN || *s == '-' || !strcmp(s, ".") ||
	    !strcmp(s, ".."))
		return 0;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			 "0123456789_.-") == n;
}

static const char *name_why(const void *s)
{
	return sc_name_ok(s) ? NULL :
			       "is not a name of [A-Za-z0-9_.-] characters "
			       "not starting with '-'";
}

/* A workload's name: "" (the tool's name) or a name. */
static const char *opt_name_why(const void *s)
{
	return *(const char *)s ? name_why(s) : NULL;
}

static const char *feature_why(const void *p)
{
	return feature_name_why(p);
}

static const char *accel_why(const void *s)
{
	return !*(const char *)s || sb_accel_requested(s) ?
		       NULL :
		       "is not one of " SB_ACCELS;
}

static const char *without_kvm_why(const void *s)
{
	return !*(const char *)s || sb_accel_is(s, fallback) ?
		       NULL :
		       "is not tcg, icount or virtual";
}

static const char *numa_cpus_why(const void *s)
{
	return vm_numa_cpus_valid(s) ?
		       NULL :
		       "is not a CPU or a CPU range such as \"0-1\"";
}

static const char *rules_why(const void *s)
{
	const char *p = s;

	return *p && *p != '/' ? NULL :
				 "is not a path relative to the checkout root";
}

/* An exec argument: a string the kernel takes (too long to quote). */
static int parse_arg(struct sb_jr *r, const struct sb_field *f, const json_t *v,
		     void *dest, char *why, size_t len)
{
	(void)r;
	(void)f;
	if (!json_is_string(v))
		snprintf(why, len, "is not a string");
	else if (json_string_length(v) >= SC_MAX_ARG_LEN)
		snprintf(why, len,
			 "is %zu bytes long; the kernel takes at most %d in "
			 "one argument",
			 json_string_length(v), SC_MAX_ARG_LEN - 1);
	else if (!(*(char **)dest = strdup(json_string_value(v))))
		return -ENOMEM;
	else
		return 0;
	return -EINVAL;
}

#define GUEST(m) offsetof(struct scenario, guest.m)

static const struct sb_field numa_fields[] = {
	{ "cpus", SB_F_STRING, offsetof(struct vm_numa_node, cpus),
	  sizeof(((struct vm_numa_node *)0)->cpus), 1, .check = numa_cpus_why,
	  .doc = "the node's guest CPUs: one CPU or one range (\"0-1\")" },
	{ "memory_mb", SB_F_INT, offsetof(struct vm_numa_node, memory_mb),
	  .required = 1, .min = 1, .max = 1 << 20,
	  .doc = "the node's memory; the nodes add up to guest.memory_mb" },
};

static const struct sb_jr_table numa_table =
	SB_JR_TABLE("guest.numa[]", numa_fields, NULL, NULL);

static const struct sb_field numa_item = { .type = SB_F_OBJECT,
					   .sub = &numa_table };

static int guest_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct scenario *sc = obj;
	int total = 0;

	(void)j;
	if (!sc->guest.n_numa)
		return 0;
	for (int i = 0; i < sc->guest.n_numa; i++)
		total += sc->guest.numa[i].memory_mb;
	if (total != sc->guest.memory_mb)
		return sb_jr_fail(
			r, "numa", NULL,
			"node memory adds up to %d MB, guest.memory_mb is %d",
			total, sc->guest.memory_mb);
	return 0;
}

static const struct sb_field guest_fields[] = {
	{ "cpus", SB_F_INT, GUEST(cpus), .min = 1, .max = VM_CPUS_MAX,
	  .doc = "virtual CPUs (default 2)" },
	{ "memory_mb", SB_F_INT, GUEST(memory_mb), .min = VM_MEMORY_MB_MIN,
	  .max = VM_MEMORY_MB_MAX, .doc = "guest memory (default 1024)" },
	{ "icount_shift", SB_F_INT, GUEST(icount_shift), .min = 0,
	  .max = VM_ICOUNT_SHIFT_MAX,
	  .doc = "with accel icount: 2^N ns of virtual time per instruction "
		 "(default 1)" },
	{ "accel", SB_F_STRING, GUEST(accel),
	  sizeof(((struct scenario *)0)->guest.accel), .check = accel_why,
	  .doc = "how QEMU runs the guest: " SB_ACCELS
		 " (default: the command's)" },
	{ "without_kvm", SB_F_STRING, GUEST(without_kvm),
	  sizeof(((struct scenario *)0)->guest.without_kvm),
	  .check = without_kvm_why,
	  .doc = "what accel auto runs without KVM: tcg, icount or virtual" },
	{ "numa", SB_F_ARRAY, GUEST(numa), sizeof(struct vm_numa_node),
	  .max = SC_MAX_NUMA, .item = &numa_item, .count_offset = GUEST(n_numa),
	  .doc = "NUMA nodes of the guest (none: one node)" },
};

static const struct sb_jr_table guest_table =
	SB_JR_TABLE("guest", guest_fields, NULL, guest_finish);

static const struct sb_field trace_fields[] = {
	{ "buffer_kb", SB_F_INT, offsetof(struct scenario, trace_buffer_kb),
	  .min = 64, .max = 1 << 22,
	  .doc = "trace-cmd buffer per CPU (default 8192)" },
	{ "perf", SB_F_BOOL, offsetof(struct scenario, trace_perf),
	  .doc = "perf records beside trace-cmd, to cross-check (default "
		 "false)" },
};

static const struct sb_jr_table trace_table =
	SB_JR_TABLE("trace", trace_fields, NULL, NULL);

static const struct sb_field feature_item = { .type = SB_F_STRING,
					      .size = SC_NAME_LEN,
					      .check = feature_why };

static int set_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct ctx *c = r->user;
	const struct sc_feature_set *fs = obj;

	(void)j;
	for (const struct sc_feature_set *s = c->sc->sets; s < fs; s++)
		if (!strcmp(s->name, fs->name))
			return sb_jr_fail(
				r, "name", NULL,
				"\"%s\" is used by an earlier feature "
				"set",
				fs->name);
	return 0;
}

#define SET(m) offsetof(struct sc_feature_set, m)

static const struct sb_field set_fields[] = {
	{ "name", SB_F_STRING, SET(name), SC_NAME_LEN, 1, .check = name_why,
	  .doc = "the set's name ([A-Za-z0-9_.-]), unique in the scenario" },
	{ "features", SB_F_ARRAY, SET(features), SC_NAME_LEN, 1,
	  .max = SC_MAX_FEATURES, .item = &feature_item,
	  .count_offset = SET(n_features),
	  .doc = "scheduler features to set ([A-Z_]+; NO_X clears X)" },
};

static const struct sb_jr_table set_table =
	SB_JR_TABLE("feature_sets[]", set_fields, NULL, set_finish);

static const struct sb_field set_item = { .type = SB_F_OBJECT,
					  .sub = &set_table };

static const struct sb_field arg_item = { .type = SB_F_CALL,
					  .parse = parse_arg,
					  .type_doc = "string" };

/* slice_ns before the keys are read: no duration read is ever this long. */
#define SLICE_UNSAID UINT64_MAX

static void workload_init(void *obj)
{
	((struct sc_workload *)obj)->count = 1;
	((struct sc_workload *)obj)->slice_ns = SLICE_UNSAID;
}

/* A slice given is clamped into the kernel's range, with a warning. */
static void clamp_slice(struct sb_jr *r, struct sc_workload *wl)
{
	const struct ctx *c = r->user;
	char line[512], note[128];
	uint64_t ns = wl->slice_ns;
	int clamped;

	wl->slice_given = 1;
	wl->slice_ns = sb_slice_clamp(ns, &clamped);
	if (clamped && c->warn) {
		snprintf(line, sizeof(line), "%s: %s.slice: %s", r->file,
			 r->path,
			 sb_slice_clamp_note(ns, wl->slice_ns, note,
					     sizeof(note)));
		c->warn(line);
	}
}

static int workload_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct ctx *c = r->user;
	struct sc_workload *wl = obj;

	(void)j;
	if (!*wl->name)
		memcpy(wl->name, wl->tool, sizeof(wl->name));
	for (int k = 0; &c->sc->workloads[k] < wl; k++)
		if (!strcmp(c->sc->workloads[k].name, wl->name))
			return sb_jr_fail(r, "name", NULL,
					  "\"%s\" is used by workloads[%d]",
					  wl->name, k);
	if (wl->slice_ns != SLICE_UNSAID)
		clamp_slice(r, wl);
	else
		wl->slice_ns = 0;
	wl->desc = sbw_lookup(wl->tool);
	return 0;
}

#define WL(m) offsetof(struct sc_workload, m)

static const struct sb_field workload_fields[] = {
	{ "tool", SB_F_STRING, WL(tool), SC_NAME_LEN, 1, .check = name_why,
	  .doc = "the generator or benchmark to run (workloads/registry)" },
	{ "name", SB_F_STRING, WL(name), SC_NAME_LEN, .check = opt_name_why,
	  .doc = "unique in the scenario (default: the tool's name)" },
	{ "count", SB_F_INT, WL(count), .min = 1, .max = 4096,
	  .doc = "instances to start (default 1)" },
	{ "slice", SB_F_DURATION, WL(slice_ns), .max = SC_MAX_DURATION_NS,
	  .doc = "EEVDF slice, clamped to the kernel's range with a warning; "
		 "0: the kernel's default (absent: inherited)" },
	{ "cpus", SB_F_CPULIST, WL(cpus),
	  sizeof(((struct sc_workload *)0)->cpus),
	  .doc = "CPUs to pin to (absent: not pinned)" },
	{ "args", SB_F_ARRAY, WL(args), sizeof(char *), .max = SC_MAX_ARGS,
	  .item = &arg_item, .count_offset = WL(n_args),
	  .doc = "the tool's own arguments, each one exec argument" },
};

static const struct sb_jr_table workload_table = SB_JR_TABLE(
	"workloads[]", workload_fields, workload_init, workload_finish);

static const struct sb_field workload_item = { .type = SB_F_OBJECT,
					       .sub = &workload_table };

#define SC(m) offsetof(struct scenario, m)

static const struct sb_field scenario_fields[] = {
	{ "name", SB_F_STRING, SC(name), SC_NAME_LEN, 1, .check = name_why,
	  .doc = "the scenario's name ([A-Za-z0-9_.-], not starting with -)" },
	{ "description", SB_F_TEXT, .doc = "for people, of any length" },
	{ "duration", SB_F_DURATION, SC(duration_ns), 0, 1, .min = 1,
	  .max = SC_MAX_DURATION_NS, .doc = "measured time of one run" },
	{ "warmup", SB_F_DURATION, SC(warmup_ns), .max = SC_MAX_DURATION_NS,
	  .doc = "run this long first, outside every figure (default 0)" },
	{ "repeats", SB_F_INT, SC(repeats), .min = 1, .max = SC_MAX_REPEATS,
	  .doc = "runs of each kernel and feature set (default 1)" },
	{ "untraced_repeats", SB_F_INT, SC(untraced_repeats), .min = 0,
	  .max = 1000,
	  .doc = "more runs of each kernel and feature set, without "
		 "recording, to measure what recording costs the workloads "
		 "and whether it moves a change (`tracing cost:` and "
		 "`unrecorded:` at the bench end; default 0: none)" },
	{ "seed", SB_F_INT, SC(seed), .min = 0, .max = INT_MAX,
	  .doc = "seed of repeat 1; repeat r runs with seed + r - 1 "
		 "(default 1)" },
	{ "guest", SB_F_OBJECT, 0, .sub = &guest_table,
	  .doc = "the VM the runs boot" },
	{ "rules", SB_F_STRING, SC(rules),
	  sizeof(((struct scenario *)0)->rules), .check = rules_why,
	  .doc = "gate rules relative to the checkout root (default "
		 "ci/gate.json)" },
	{ "published", SB_F_STRING, SC(published),
	  sizeof(((struct scenario *)0)->published), .check = rules_why,
	  .doc = "a published table (configs/published/) relative to the "
		 "checkout root: the bench end shows the rows its changelog "
		 "comments on beside this bench's (default none)" },
	{ "trace", SB_F_OBJECT, 0, .sub = &trace_table,
	  .doc = "how the runs are traced" },
	{ "feature_sets", SB_F_ARRAY, SC(sets), sizeof(struct sc_feature_set),
	  1, .min = 1, .max = SC_MAX_SETS, .item = &set_item,
	  .count_offset = SC(n_sets),
	  .doc = "the scheduler feature sets every kernel runs with" },
	{ "workloads", SB_F_ARRAY, SC(workloads), sizeof(struct sc_workload), 1,
	  .min = 1, .max = SC_MAX_WORKLOADS, .item = &workload_item,
	  .count_offset = SC(n_workloads),
	  .doc = "what runs, all at once, in each run" },
};

static void scenario_init(void *obj)
{
	struct scenario *sc = obj;

	sc->repeats = 1;
	sc->seed = 1;
	sc->guest.cpus = 2;
	sc->guest.memory_mb = 1024;
	sc->guest.icount_shift = 1;
	sc->trace_buffer_kb = 8192;
}

const struct sb_jr_table scenario_format =
	SB_JR_TABLE("scenario", scenario_fields, scenario_init, NULL);

int scenario_load(const char *path, struct scenario *sc, sc_warn_fn warn,
		  struct sb_error *e)
{
	struct ctx c = { .warn = warn, .sc = sc };
	int r;

	memset(sc, 0, sizeof(*sc));
	r = sb_jr_load(path, &scenario_format, sc, &c, e);
	if (r)
		scenario_free(sc);
	return r;
}

void scenario_free(struct scenario *sc)
{
	for (int i = 0; i < sc->n_workloads; i++)
		for (int j = 0; j < sc->workloads[i].n_args; j++) {
			free(sc->workloads[i].args[j]);
			sc->workloads[i].args[j] = NULL;
		}
	sc->n_workloads = 0;
}

uint64_t scenario_seed(const struct scenario *sc, int repeat)
{
	return (uint64_t)sc->seed + (uint64_t)(repeat > 1 ? repeat - 1 : 0);
}

int scenario_run_limit_ns(const struct scenario *sc, uint64_t durations,
			  uint64_t margin_ns, uint64_t *out)
{
	uint64_t d;

	if (__builtin_mul_overflow(sc->duration_ns, durations, &d) ||
	    __builtin_add_overflow(d, sc->warmup_ns, &d) ||
	    __builtin_add_overflow(d, margin_ns, out))
		return -EOVERFLOW;
	return 0;
}

const struct sc_feature_set *scenario_set(const struct scenario *sc,
					  const char *name)
{
	long i = sb_index_named(sc->sets, (size_t)sc->n_sets, name, name);

	return i < 0 ? NULL : &sc->sets[i];
}
