// SPDX-License-Identifier: GPL-2.0
/* One run on the host kernel: the agent in-process, perf recording, features as they are. */
#include <stdio.h>
#include <string.h>

#include "harness/agent.h"
#include "harness/runner.h"

static void host_log(const char *msg)
{
	fprintf(stderr, "  host: %s\n", msg);
}

void run_host(const struct runner *rn, const struct plan_run *r,
	      const char *dir, struct run_outcome *out)
{
	struct agent_opts o = { .sc = rn->sc,
				.fs = scenario_set(rn->sc, r->set),
				.set_features = 0,
				.recorder = AGENT_PERF,
				.out_dir = dir,
				.features_path = AGENT_FEATURES_PATH,
				.path_prefix = rn->bin_dir,
				.stop = rn->stop,
				.log = host_log };
	char path[4200];

	snprintf(out->note, sizeof(out->note),
		 "host mode: scheduler features left as they are; feature set "
		 "%s is a label only",
		 r->set);
	agent_run(&o, out->failure, sizeof(out->failure));
	snprintf(path, sizeof(path), "%s/agent.json", dir);
	out->agent = json_load_file(path, 0, NULL);
}
