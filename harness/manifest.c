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
			 str_or_null(out->qemu_version), "accel",
			 json_string(*out->accel ? out->accel : "none"));
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

uint64_t manifest_host_loop_ns(void)
{
	static cpu_set_t timed_on;
	static uint64_t ns;
	cpu_set_t now;

	if (sched_getaffinity(0, sizeof(now), &now))
		CPU_ZERO(&now);
	if (!ns || !CPU_EQUAL(&now, &timed_on)) {
		ns = sb_calib_loop_ns(5);
		timed_on = now;
	}
	return ns;
}

/*
 * The guest's speed against the host: the agent's calibration loop and the
 * same loop's time on the host (manifest_host_loop_ns). {"guest_loop_ns",
 * "host_loop_ns", "guest_speed": host/guest} or null without the agent's
 * figure.
 */
static json_t *calibration_json(const struct sb_agent_report *a)
{
	uint64_t host;

	if (a->calib_loop_ns <= 0 || a->calib_iterations != SB_CALIB_ITERATIONS)
		return json_null();
	host = manifest_host_loop_ns();
	return json_pack("{s:I,s:I,s:I,s:f}", "iterations",
			 (json_int_t)SB_CALIB_ITERATIONS, "guest_loop_ns",
			 (json_int_t)a->calib_loop_ns, "host_loop_ns",
			 (json_int_t)host, "guest_speed",
			 (double)host / (double)a->calib_loop_ns);
}

/* The features asked for and found, as the agent said them. */
static json_t *features_json(const struct sb_agent_report *a, const char *note)
{
	json_t *requested = json_null(), *f;

	if (a->has_features) {
		requested = json_array();
		for (int i = 0; i < a->n_requested; i++)
			json_array_append_new(requested,
					      json_string(a->requested[i]));
	}
	f = json_pack("{s:o,s:o,s:o}", "requested", requested, "read_back",
		      str_or_null(a->read_back), "settable",
		      a->settable < 0 ? json_null() :
					json_boolean(a->settable));
	if (*note)
		json_object_set_new(f, "note", json_string(note));
	return f;
}

static json_t *window_json(const struct sb_window *w)
{
	if (w->start_mono_ns < 0)
		return json_null();
	return json_pack("{s:I,s:I}", "start_mono_ns",
			 (json_int_t)w->start_mono_ns, "end_mono_ns",
			 (json_int_t)w->end_mono_ns);
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
	/* without agent.json: every figure of the agent unsaid */
	static const struct sb_agent_report none = {
		.settable = -1,
		.lost_events = -1,
		.window = { .start_mono_ns = -1 }
	};
	const struct sb_agent_report *ag = out->has_agent ? &out->agent : &none;
	json_t *run = json_pack("{s:s,s:s,s:i}", "kernel", r->kernel,
				"feature_set", r->set, "repeat", r->repeat);
	json_t *m;

	/* the control arm: no trace, so no table; only its workloads' own
	 * figures count (the bench end's tracing cost) */
	if (r->untraced)
		json_object_set_new(run, "untraced", json_true());
	m = json_pack(
		"{s:i,s:s,s:o,s:o,s:{s:s,s:s,s:o,s:o,s:o,s:o,s:b},"
		"s:O,s:o,s:{s:o,s:o,s:o},s:o,s:{s:s,s:s},s:s,s:o,s:s,s:s,s:i}",
		"schema", SB_SCHEMA, "status",
		*out->failure ? "failed" : "complete", "failure",
		str_or_null(out->failure), "run", run, "kernel", "name",
		ki->name, "type", kernel_type_name(ki), "release",
		str_or_null(*ki->release ? ki->release : ag->release),
		"config_sha256", str_or_null(ki->config_sha256), "image_sha256",
		image_sha256(ki), "source", str_or_null(ki->source),
		"custom_slices", ki->custom_slices, "vm",
		out->vm ? out->vm : json_null(), "features",
		features_json(ag, out->note), "recorder", "tool",
		str_or_null(ag->recorder_tool), "events", table_events(dir),
		"lost_events",
		ag->lost_events < 0 ? json_null() :
				      json_integer(ag->lost_events),
		"window", window_json(&ag->window), "scenario", "name",
		rn->sc->name, "sha256", rn->sha256, "slicebench_rev",
		SB_VERSION, "host", host_json(out), "start_time", start_time,
		"end_time", end_time, "exit_status",
		*out->failure ? SB_EXIT_UNMEASURED : SB_EXIT_OK);
	json_object_set_new(m, "calibration", calibration_json(ag));
	/* the machine (a VM's: the guest) as the agent found it at the start */
	json_object_set_new(m, "preflight",
			    ag->preflight ? json_deep_copy(ag->preflight) :
					    json_null());
	return m;
}
