// SPDX-License-Identifier: GPL-2.0
/* manifest.json of a run directory (docs/formats.md), written last. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ci/table_file.h"
#include "common/atomicio.h"
#include "common/calib.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "harness/boot/capture_cache.h"
#include "harness/manifest.h"

static json_t *str_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

static json_t *vm_field(const json_t *vm, const char *key)
{
	json_t *v = json_object_get(vm, key);

	return v ? json_incref(v) : json_null();
}

/* The CPUs the run was allowed on (pinned by --jobs, taskset, Slurm). */
static json_t *allowed_cpus(void)
{
	json_t *a = json_array();
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return json_null();
	for (int i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set))
			json_array_append_new(a, json_integer(i));
	return a;
}

/* The host a run ran on: who ran it, and with which emulator. */
static json_t *host_json(const struct run_outcome *out)
{
	char name[256] = "", model[256] = "", *info, *p;
	struct utsname u;
	size_t len;

	gethostname(name, sizeof(name) - 1);
	uname(&u);
	if (!sb_read_file("/proc/cpuinfo", &info, &len)) {
		p = strstr(info, "model name");
		if (p && (p = strchr(p, ':')))
			snprintf(model, sizeof(model), "%.*s",
				 (int)strcspn(p + 2, "\n"), p + 2);
		free(info);
	}
	return json_pack("{s:s,s:s,s:s,s:I,s:o,s:o,s:o}", "hostname", name,
			 "kernel", u.release, "cpu_model", model, "cpus",
			 (json_int_t)sysconf(_SC_NPROCESSORS_ONLN),
			 "cpus_allowed", allowed_cpus(), "qemu_version",
			 vm_field(out->vm, "qemu_version"), "accel",
			 out->vm ? vm_field(out->vm, "accel") :
				   json_string("none"));
}

static json_t *get(const json_t *j, const char *a, const char *b)
{
	json_t *v = json_object_get(json_object_get(j, a), b);

	return v ? json_incref(v) : json_null();
}

/* The analyzer's event count, when it made a table its reader takes. */
static json_t *table_events(const char *dir)
{
	struct ci_table t;
	char path[4200];
	json_t *v;

	snprintf(path, sizeof(path), "%s/table.json", dir);
	if (ci_table_load(path, &t, NULL, NULL))
		return json_null();
	v = t.events >= 0 ? json_integer(t.events) : json_null();
	ci_table_free(&t);
	return v;
}

/*
 * The guest's speed against the host: the agent's calibration loop and the
 * same loop timed here, now. {"guest_loop_ns", "host_loop_ns",
 * "guest_speed": host/guest} or null without the agent's figure.
 */
static json_t *calibration_json(const json_t *agent)
{
	json_t *c = json_object_get(agent, "calibration");
	json_t *g = json_object_get(c, "loop_ns");
	json_t *it = json_object_get(c, "iterations");
	uint64_t host;

	if (!json_is_integer(g) || json_integer_value(g) <= 0 ||
	    json_integer_value(it) != SB_CALIB_ITERATIONS)
		return json_null();
	host = sb_calib_loop_ns(5);
	return json_pack("{s:I,s:I,s:I,s:f}", "iterations",
			 (json_int_t)SB_CALIB_ITERATIONS, "guest_loop_ns",
			 json_integer_value(g), "host_loop_ns",
			 (json_int_t)host, "guest_speed",
			 (double)host / (double)json_integer_value(g));
}

/* The kernel image's SHA-256 (kept by its stat), null on the host. */
static json_t *image_sha256(const struct kernel_info *ki)
{
	char hex[SB_SHA256_HEX];

	return *ki->image && !capture_sha256_file(ki->image, hex) ?
		       json_string(hex) :
		       json_null();
}

json_t *manifest_build(const struct runner *rn, const struct kernel_info *ki,
		       const struct plan_run *r, const char *dir,
		       const struct run_outcome *out, const char *start_time,
		       const char *end_time)
{
	const json_t *ag = out->agent;
	json_t *release = get(ag, "uname", "release");
	json_t *features, *m;

	if (*ki->release) {
		json_decref(release);
		release = json_string(ki->release);
	}
	features = json_pack("{s:o,s:o,s:o}", "requested",
			     get(ag, "features", "requested"), "read_back",
			     get(ag, "features", "read_back"), "settable",
			     get(ag, "features", "settable"));
	if (*out->note)
		json_object_set_new(features, "note", json_string(out->note));
	m = json_pack(
		"{s:i,s:s,s:o,s:{s:s,s:s,s:i},s:{s:s,s:s,s:o,s:o,s:o,s:b},"
		"s:O,s:o,s:{s:o,s:o,s:o},s:o,s:{s:s,s:s},s:s,s:o,s:s,s:s,s:i}",
		"schema", SB_SCHEMA, "status",
		*out->failure ? "failed" : "complete", "failure",
		str_or_null(out->failure), "run", "kernel", r->kernel,
		"feature_set", r->set, "repeat", r->repeat, "kernel", "name",
		ki->name, "type", kernel_type_name(ki), "release", release,
		"config_sha256", str_or_null(ki->config_sha256), "source",
		str_or_null(ki->source), "custom_slices", ki->custom_slices,
		"vm", out->vm ? out->vm : json_null(), "features", features,
		"recorder", "tool", get(ag, "recorder", "tool"), "events",
		table_events(dir), "lost_events",
		get(ag, "recorder", "lost_events"), "window",
		json_incref(json_object_get(ag, "window")) ?: json_null(),
		"scenario", "name", rn->sc->name, "sha256", rn->sha256,
		"slicebench_rev", SB_VERSION, "host", host_json(out),
		"start_time", start_time, "end_time", end_time, "exit_status",
		*out->failure ? SB_EXIT_UNMEASURED : SB_EXIT_OK);
	/* the control arm: no trace, so no table; only its workloads' own
	 * figures count (the bench end's tracing cost) */
	if (r->untraced)
		json_object_set_new(json_object_get(m, "run"), "untraced",
				    json_true());
	json_object_set_new(json_object_get(m, "kernel"), "image_sha256",
			    image_sha256(ki));
	json_object_set_new(m, "calibration", calibration_json(ag));
	/* the machine (a VM's: the guest) as the agent found it at the start */
	json_object_set_new(m, "preflight", vm_field(ag, "preflight"));
	return m;
}
