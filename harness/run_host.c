// SPDX-License-Identifier: GPL-2.0
/*
 * One run on the host kernel: the agent in-process, recording with perf.
 * Features are set when the features file is writable (and the original
 * set restored afterwards, checked by reading it back, and by a guard
 * process should slicebench be killed meanwhile). They stay as they are
 * with --features-as-is (the manifest says so), or when the features file
 * is not writable and they already are the set's (run_check_host_features
 * refuses the rest before any run). debugfs is mounted for the run when
 * absent (as root), and unmounted after it.
 */
#include <stdio.h>
#include <string.h>

#include "common/log.h"
#include "harness/agent.h"
#include "harness/features.h"
#include "harness/host_debugfs.h"
#include "harness/host_features_check.h"
#include "harness/run_host.h"

static void host_log(const char *msg)
{
	sb_note("  host: %s", msg);
}

/* Write @orig back to @path and check it took; a note when it did not
 * (the manifest keeps the original set). */
static void restore(const char *path, const char *orig, struct run_outcome *out)
{
	char now[2048];
	int bad = features_restore(path, orig) ||
		  features_read(path, now, sizeof(now));

	for (const char *p = orig; !bad && *p;) {
		char name[SC_NAME_LEN];
		size_t n = strcspn(p, " ");

		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		bad = n < sizeof(name) && !features_has(now, name);
		p += n + strspn(p + n, " ");
	}
	if (bad)
		snprintf(out->note, sizeof(out->note),
			 "host mode: restoring the original features failed;"
			 " was: %.180s",
			 orig);
}

void run_host(const struct runner *rn, const struct plan_run *r,
	      const char *dir, struct run_outcome *out)
{
	const char *features = features_host_path(AGENT_FEATURES_PATH);
	char path[4200], orig[2048];
	struct sb_error e;
	int mounted = host_debugfs_mount(features);
	int settable = !rn->features_as_is && features_writable(features) &&
		       !features_read(features, orig, sizeof(orig));
	struct agent_opts o = { .sc = rn->sc,
				.fs = scenario_set(rn->sc, r->set),
				.seed = scenario_seed(rn->sc, r->repeat),
				.set_features = settable,
				.recorder = AGENT_PERF,
				.untraced = r->untraced,
				.out_dir = dir,
				.features_path = features,
				.path_prefix = rn->bin_dir,
				.stop = rn->stop,
				.log = host_log };
	int guard = -1, guard_fd = -1;

	if (settable) {
		snprintf(out->note, sizeof(out->note),
			 "host mode: features set for the run, the original "
			 "set restored afterwards");
		guard = features_guard_start(features, orig, &guard_fd);
	} else if (rn->features_as_is) {
		snprintf(out->note, sizeof(out->note),
			 "host mode: features as found, not set "
			 "(--features-as-is)");
	} else {
		snprintf(out->note, sizeof(out->note),
			 "host mode: %s is not writable, features left as "
			 "they are, which are feature set %s's",
			 features, r->set);
	}
	snprintf(out->failure, sizeof(out->failure), "%s",
		 agent_run(&o, &e) ? e.msg : "");
	if (settable) {
		restore(features, orig, out);
		features_guard_end(guard, guard_fd);
	}
	host_debugfs_unmount(mounted);
	snprintf(path, sizeof(path), "%s/agent.json", dir);
	if (!sb_agent_load(path, &out->agent, &e))
		out->has_agent = 1;
	else if (!*out->failure)
		snprintf(out->failure, sizeof(out->failure), "%s", e.msg);
}
