// SPDX-License-Identifier: GPL-2.0
/*
 * One run on the host kernel: the agent in-process, recording with perf.
 * Features are set when the features file is writable (and the original
 * set restored afterwards); otherwise they stay as they are, and the
 * manifest says the feature set is only a label.
 */
#include <stdio.h>
#include <string.h>

#include "harness/agent.h"
#include "harness/features.h"
#include "harness/runner.h"

static void host_log(const char *msg)
{
	fprintf(stderr, "  host: %s\n", msg);
}

void run_host(const struct runner *rn, const struct plan_run *r,
	      const char *dir, struct run_outcome *out)
{
	char path[4200], orig[2048];
	int settable = features_writable(AGENT_FEATURES_PATH) &&
		       !features_read(AGENT_FEATURES_PATH, orig, sizeof(orig));
	struct agent_opts o = { .sc = rn->sc,
				.fs = scenario_set(rn->sc, r->set),
				.set_features = settable,
				.recorder = AGENT_PERF,
				.out_dir = dir,
				.features_path = AGENT_FEATURES_PATH,
				.path_prefix = rn->bin_dir,
				.stop = rn->stop,
				.log = host_log };

	if (settable)
		snprintf(out->note, sizeof(out->note),
			 "host mode: features set for the run, the original "
			 "set restored afterwards");
	else
		snprintf(out->note, sizeof(out->note),
			 "host mode: %s is not writable, features left as "
			 "they are; feature set %s is a label only",
			 AGENT_FEATURES_PATH, r->set);
	agent_run(&o, out->failure, sizeof(out->failure));
	if (settable && features_restore(AGENT_FEATURES_PATH, orig))
		snprintf(out->note, sizeof(out->note),
			 "host mode: restoring the original features failed; "
			 "was: %.200s",
			 orig);
	snprintf(path, sizeof(path), "%s/agent.json", dir);
	out->agent = json_load_file(path, 0, NULL);
}
