// SPDX-License-Identifier: GPL-2.0
/* Scenario parsing and validation: every error names file, JSON path and value. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/duration.h"
#include "common/cpulist.h"
#include "common/exitcodes.h"
#include "common/slice_range.h"
#include "harness/scenario.h"
#include "workloads/registry/registry.h"

struct ctx {
	const char *file;
	char *err;
	size_t errlen;
	sc_warn_fn warn;
};

/* "<file>: <jpath>: <value> <problem>"; the value is left out when NULL. */
static int fail(struct ctx *c, const char *jpath, const json_t *v,
		const char *fmt, ...)
{
	char msg[256], *val = v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s: %s: %s%s%s", c->file,
		 *jpath ? jpath : "(top)", val ? val : "", val ? " " : "", msg);
	free(val);
	return SB_EXIT_USAGE;
}

static void warn(struct ctx *c, const char *jpath, const char *fmt, ...)
{
	char msg[256], line[512];
	va_list ap;

	if (!c->warn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(line, sizeof(line), "%s: %s: %s", c->file, jpath, msg);
	c->warn(line);
}

static const char *join(char *buf, size_t len, const char *prefix,
			const char *key)
{
	snprintf(buf, len, "%s%s%s", prefix, *prefix ? "." : "", key);
	return buf;
}

static int check_keys(struct ctx *c, const char *jpath, const json_t *obj,
		      const char *const allowed[])
{
	const char *key;
	json_t *v;
	char p[128];

	if (!json_is_object(obj))
		return fail(c, jpath, obj, "is not an object");
	json_object_foreach((json_t *)obj, key, v) {
		int ok = 0;

		for (int i = 0; allowed[i] && !ok; i++)
			ok = !strcmp(key, allowed[i]);
		if (!ok)
			return fail(c, join(p, sizeof(p), jpath, key), NULL,
				    "unknown key");
	}
	return 0;
}

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

static int feature_ok(const char *s)
{
	size_t n = strlen(s);

	return n && n < SC_NAME_LEN &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == n;
}

static int cpus_ok(const char *s)
{
	cpu_set_t set;

	return !sb_cpulist_parse(s, &set);
}

/* A string member; absent is an error when @required, else leaves @out. */
static int get_str(struct ctx *c, const json_t *obj, const char *prefix,
		   const char *key, int required, char *out, size_t outlen)
{
	json_t *v = json_object_get(obj, key);
	char p[128];

	join(p, sizeof(p), prefix, key);
	if (!v)
		return required ? fail(c, p, NULL, "is missing") : 0;
	if (!json_is_string(v))
		return fail(c, p, v, "is not a string");
	if (json_string_length(v) >= outlen)
		return fail(c, p, v, "is longer than %zu bytes", outlen - 1);
	memcpy(out, json_string_value(v), json_string_length(v) + 1);
	return 0;
}

static int get_name(struct ctx *c, const json_t *obj, const char *prefix,
		    const char *key, int required, char *out)
{
	char p[128];
	int r = get_str(c, obj, prefix, key, required, out, SC_NAME_LEN);

	if (r || (!*out && !required))
		return r;
	if (!sc_name_ok(out))
		return fail(c, join(p, sizeof(p), prefix, key),
			    json_object_get(obj, key),
			    "is not a name of [A-Za-z0-9_.-] characters "
			    "not starting with '-'");
	return 0;
}

static int get_int(struct ctx *c, const json_t *obj, const char *prefix,
		   const char *key, long long min, long long max, int *out)
{
	json_t *v = json_object_get(obj, key);
	char p[128];

	join(p, sizeof(p), prefix, key);
	if (!v)
		return 0;
	if (!json_is_integer(v))
		return fail(c, p, v, "is not an integer");
	if (json_integer_value(v) < min || json_integer_value(v) > max)
		return fail(c, p, v, "is out of range %lld..%lld", min, max);
	*out = (int)json_integer_value(v);
	return 0;
}

static int get_bool(struct ctx *c, const json_t *obj, const char *prefix,
		    const char *key, int *out)
{
	json_t *v = json_object_get(obj, key);
	char p[128];

	join(p, sizeof(p), prefix, key);
	if (!v)
		return 0;
	if (!json_is_boolean(v))
		return fail(c, p, v, "is not true or false");
	*out = json_is_true(v);
	return 0;
}

/* A duration: a string such as "500us" or an integer in ns. */
static int get_duration(struct ctx *c, const json_t *obj, const char *prefix,
			const char *key, int required, int positive,
			uint64_t *out)
{
	json_t *v = json_object_get(obj, key);
	char p[128];

	join(p, sizeof(p), prefix, key);
	if (!v)
		return required ? fail(c, p, NULL, "is missing") : 0;
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return fail(c, p, v, "is negative");
		*out = (uint64_t)json_integer_value(v);
	} else if (!json_is_string(v) ||
		   sb_parse_duration_ns(json_string_value(v), out)) {
		return fail(c, p, v,
			    "is not a duration (units: " SB_DURATION_UNITS ")");
	}
	if (positive && !*out)
		return fail(c, p, v, "must be greater than zero");
	if (*out > SC_MAX_DURATION_NS)
		return fail(c, p, v, "is longer than 24h");
	return 0;
}

static int parse_guest(struct ctx *c, const json_t *g, struct scenario *sc)
{
	static const char *const keys[] = { "cpus",	   "memory_mb",
					    "numa",	   "accel",
					    "without_kvm", "icount_shift",
					    NULL };
	json_t *numa, *n;
	size_t i;
	int r, total = 0;
	char p[128], q[160];

	if (!g)
		return 0;
	if ((r = check_keys(c, "guest", g, keys)) ||
	    (r = get_int(c, g, "guest", "cpus", 1, 64, &sc->guest.cpus)) ||
	    (r = get_int(c, g, "guest", "memory_mb", 128, 1 << 20,
			 &sc->guest.memory_mb)) ||
	    (r = get_int(c, g, "guest", "icount_shift", 0, 10,
			 &sc->guest.icount_shift)) ||
	    (r = get_str(c, g, "guest", "accel", 0, sc->guest.accel,
			 sizeof(sc->guest.accel))))
		return r;
	if (*sc->guest.accel && !vm_accel_known(sc->guest.accel))
		return fail(c, "guest.accel", json_object_get(g, "accel"),
			    "is not one of " VM_ACCELS);
	if ((r = get_str(c, g, "guest", "without_kvm", 0, sc->guest.without_kvm,
			 sizeof(sc->guest.without_kvm))))
		return r;
	if (*sc->guest.without_kvm && strcmp(sc->guest.without_kvm, "tcg") &&
	    strcmp(sc->guest.without_kvm, "virtual"))
		return fail(c, "guest.without_kvm",
			    json_object_get(g, "without_kvm"),
			    "is not tcg or virtual");
	numa = json_object_get(g, "numa");
	if (!numa)
		return 0;
	if (!json_is_array(numa) || json_array_size(numa) > SC_MAX_NUMA)
		return fail(c, "guest.numa", numa,
			    "is not an array of at most %d nodes", SC_MAX_NUMA);
	json_array_foreach(numa, i, n) {
		static const char *const nkeys[] = { "cpus", "memory_mb",
						     NULL };
		struct vm_numa_node *node = &sc->guest.numa[i];

		snprintf(p, sizeof(p), "guest.numa[%zu]", i);
		if ((r = check_keys(c, p, n, nkeys)) ||
		    (r = get_str(c, n, p, "cpus", 1, node->cpus,
				 sizeof(node->cpus))) ||
		    (r = get_int(c, n, p, "memory_mb", 1, 1 << 20,
				 &node->memory_mb)))
			return r;
		if (!vm_numa_cpus_valid(node->cpus))
			return fail(c, join(q, sizeof(q), p, "cpus"),
				    json_object_get(n, "cpus"),
				    "is not a CPU or a CPU range such as "
				    "\"0-1\"");
		if (!node->memory_mb)
			return fail(c, p, NULL, "memory_mb is missing");
		total += node->memory_mb;
	}
	sc->guest.n_numa = (int)json_array_size(numa);
	if (total != sc->guest.memory_mb)
		return fail(
			c, "guest.numa", NULL,
			"node memory adds up to %d MB, guest.memory_mb is %d",
			total, sc->guest.memory_mb);
	return 0;
}

static int parse_sets(struct ctx *c, const json_t *arr, struct scenario *sc)
{
	static const char *const keys[] = { "name", "features", NULL };
	size_t i, j;
	json_t *s, *f;
	char p[128], q[160];
	int r;

	if (!arr)
		return fail(c, "feature_sets", NULL, "is missing");
	if (!json_is_array(arr) || !json_array_size(arr) ||
	    json_array_size(arr) > SC_MAX_SETS)
		return fail(c, "feature_sets", arr,
			    "is not an array of 1..%d feature sets",
			    SC_MAX_SETS);
	json_array_foreach(arr, i, s) {
		struct sc_feature_set *fs = &sc->sets[i];
		json_t *feats;

		snprintf(p, sizeof(p), "feature_sets[%zu]", i);
		if ((r = check_keys(c, p, s, keys)) ||
		    (r = get_name(c, s, p, "name", 1, fs->name)))
			return r;
		if (scenario_set(sc, fs->name))
			return fail(c, join(q, sizeof(q), p, "name"),
				    json_object_get(s, "name"),
				    "is used by an earlier feature set");
		feats = json_object_get(s, "features");
		join(q, sizeof(q), p, "features");
		if (!feats)
			return fail(c, q, NULL, "is missing");
		if (!json_is_array(feats) ||
		    json_array_size(feats) > SC_MAX_FEATURES)
			return fail(c, q, feats,
				    "is not an array of at most %d names",
				    SC_MAX_FEATURES);
		json_array_foreach(feats, j, f) {
			snprintf(q, sizeof(q), "%s.features[%zu]", p, j);
			if (!json_is_string(f) ||
			    !feature_ok(json_string_value(f)))
				return fail(c, q, f,
					    "is not a feature name ([A-Z_]+, "
					    "NO_ to clear)");
			snprintf(fs->features[j], sizeof(fs->features[j]), "%s",
				 json_string_value(f));
		}
		fs->n_features = (int)json_array_size(feats);
		sc->n_sets = (int)i + 1;
	}
	return 0;
}

static int parse_slice(struct ctx *c, const json_t *w, const char *p,
		       struct sc_workload *wl)
{
	char q[160], note[128];
	uint64_t ns = 0;
	int clamped, r = get_duration(c, w, p, "slice", 0, 0, &ns);

	if (r || !json_object_get(w, "slice"))
		return r;
	wl->slice_given = 1;
	wl->slice_ns = sb_slice_clamp(ns, &clamped);
	if (clamped)
		warn(c, join(q, sizeof(q), p, "slice"), "%s",
		     sb_slice_clamp_note(ns, wl->slice_ns, note, sizeof(note)));
	return 0;
}

static int parse_workload(struct ctx *c, const json_t *w, size_t i,
			  struct scenario *sc)
{
	static const char *const keys[] = { "name", "tool", "count", "slice",
					    "cpus", "args", NULL };
	struct sc_workload *wl = &sc->workloads[i];
	json_t *args, *a;
	char p[64], q[160];
	size_t j;
	int r;

	snprintf(p, sizeof(p), "workloads[%zu]", i);
	wl->count = 1;
	if ((r = check_keys(c, p, w, keys)) ||
	    (r = get_name(c, w, p, "tool", 1, wl->tool)) ||
	    (r = get_name(c, w, p, "name", 0, wl->name)) ||
	    (r = get_int(c, w, p, "count", 1, 4096, &wl->count)) ||
	    (r = parse_slice(c, w, p, wl)) ||
	    (r = get_str(c, w, p, "cpus", 0, wl->cpus, sizeof(wl->cpus))))
		return r;
	if (!*wl->name)
		memcpy(wl->name, wl->tool, sizeof(wl->name));
	for (int k = 0; k < (int)i; k++)
		if (!strcmp(sc->workloads[k].name, wl->name))
			return fail(c, join(q, sizeof(q), p, "name"), NULL,
				    "\"%s\" is used by workloads[%d]", wl->name,
				    k);
	if (*wl->cpus && !cpus_ok(wl->cpus))
		return fail(c, join(q, sizeof(q), p, "cpus"),
			    json_object_get(w, "cpus"),
			    "is not a CPU list such as \"0-1,3\"");
	wl->desc = wl_lookup(wl->tool);
	args = json_object_get(w, "args");
	if (!args)
		return 0;
	join(q, sizeof(q), p, "args");
	if (!json_is_array(args) || json_array_size(args) > SC_MAX_ARGS)
		return fail(c, q, args, "is not an array of at most %d strings",
			    SC_MAX_ARGS);
	json_array_foreach(args, j, a) {
		snprintf(q, sizeof(q), "%s.args[%zu]", p, j);
		if (!json_is_string(a))
			return fail(c, q, a, "is not a string");
		if (json_string_length(a) >= SC_MAX_ARG_LEN)
			return fail(c, q, NULL,
				    "is %zu bytes long; the kernel takes at "
				    "most %d in one argument",
				    json_string_length(a), SC_MAX_ARG_LEN - 1);
		wl->args[j] = strdup(json_string_value(a));
		if (!wl->args[j])
			return fail(c, q, NULL, "out of memory");
		wl->n_args = (int)j + 1;
	}
	return 0;
}

/* "rules": gate rules to judge the runs by, relative to the checkout root. */
static int parse_rules(struct ctx *c, const json_t *root, struct scenario *sc)
{
	int r = get_str(c, root, "", "rules", 0, sc->rules, sizeof(sc->rules));

	if (r || !json_object_get(root, "rules"))
		return r;
	if (!*sc->rules || *sc->rules == '/')
		return fail(c, "rules", json_object_get(root, "rules"),
			    "is not a path relative to the checkout root");
	return 0;
}

static int parse_top(struct ctx *c, const json_t *root, struct scenario *sc)
{
	static const char *const keys[] = {
		"name",		"description", "duration", "warmup",
		"repeats",	"seed",	       "guest",	   "trace",
		"feature_sets", "workloads",   "rules",	   NULL
	};
	static const char *const tkeys[] = { "buffer_kb", "perf", NULL };
	json_t *t = json_object_get(root, "trace");
	json_t *wls = json_object_get(root, "workloads");
	size_t i;
	json_t *w;
	int r;

	if ((r = check_keys(c, "", root, keys)) ||
	    (r = get_name(c, root, "", "name", 1, sc->name)) ||
	    (r = get_str(c, root, "", "description", 0, sc->description,
			 sizeof(sc->description))) ||
	    (r = get_duration(c, root, "", "duration", 1, 1,
			      &sc->duration_ns)) ||
	    (r = get_duration(c, root, "", "warmup", 0, 0, &sc->warmup_ns)) ||
	    (r = get_int(c, root, "", "repeats", 1, 1000, &sc->repeats)) ||
	    (r = get_int(c, root, "", "seed", 0, INT_MAX, &sc->seed)) ||
	    (r = parse_guest(c, json_object_get(root, "guest"), sc)) ||
	    (r = parse_rules(c, root, sc)))
		return r;
	if (t && ((r = check_keys(c, "trace", t, tkeys)) ||
		  (r = get_int(c, t, "trace", "buffer_kb", 64, 1 << 22,
			       &sc->trace_buffer_kb)) ||
		  (r = get_bool(c, t, "trace", "perf", &sc->trace_perf))))
		return r;
	if ((r = parse_sets(c, json_object_get(root, "feature_sets"), sc)))
		return r;
	if (!wls)
		return fail(c, "workloads", NULL, "is missing");
	if (!json_is_array(wls) || !json_array_size(wls) ||
	    json_array_size(wls) > SC_MAX_WORKLOADS)
		return fail(c, "workloads", wls,
			    "is not an array of 1..%d workloads",
			    SC_MAX_WORKLOADS);
	json_array_foreach(wls, i, w) {
		sc->n_workloads = (int)i + 1;
		if ((r = parse_workload(c, w, i, sc)))
			return r;
	}
	return 0;
}

int scenario_load(const char *path, struct scenario *sc, sc_warn_fn warnfn,
		  char *err, size_t errlen)
{
	struct ctx c = { path, err, errlen, warnfn };
	json_error_t je;
	json_t *root;
	int r;

	memset(sc, 0, sizeof(*sc));
	sc->repeats = 1;
	sc->seed = 1;
	sc->guest.cpus = 2;
	sc->guest.memory_mb = 1024;
	sc->guest.icount_shift = 1;
	sc->trace_buffer_kb = 8192;
	r = sb_json_load(path, JSON_REJECT_DUPLICATES, &root, &je);
	if (r && r != -EBADMSG) {
		snprintf(err, errlen, "%s: cannot read: %s", path,
			 strerror(-r));
		return SB_EXIT_USAGE;
	}
	if (!root) {
		snprintf(err, errlen, "%s: line %d, column %d: %s", path,
			 je.line, je.column, je.text);
		return SB_EXIT_USAGE;
	}
	r = parse_top(&c, root, sc);
	json_decref(root);
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
	for (int i = 0; i < sc->n_sets; i++)
		if (!strcmp(sc->sets[i].name, name))
			return &sc->sets[i];
	return NULL;
}
