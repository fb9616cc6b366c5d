// SPDX-License-Identifier: GPL-2.0
/* Before any run: host mode refuses to compare feature sets it cannot set. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "harness/agent.h"
#include "harness/features.h"
#include "harness/host_debugfs.h"
#include "harness/host_features_check.h"

/* A set that is not what the host runs now (or what it runs is unknown)? */
static const char *set_differs(const struct scenario *sc, const char *now,
			       int known)
{
	for (int i = 0; i < sc->n_sets; i++)
		for (int j = 0; j < sc->sets[i].n_features; j++)
			if (!known ||
			    !features_has(now, sc->sets[i].features[j]))
				return sc->sets[i].features[j];
	return NULL;
}

int run_check_host_features(const struct runner *rn,
			    const struct run_kernel *ks, int nk,
			    struct sb_error *e)
{
	const char *path = features_host_path(AGENT_FEATURES_PATH);
	const char *feature;
	char now[2048], why[160];
	int host = 0, known, mounted, unsettable;

	for (int k = 0; k < nk; k++)
		host |= kernel_run_of(&ks[k].ki) == RUN_ON_HOST;
	if (!host || rn->features_as_is)
		return 0;
	/* each host run mounts it again (run_host): nothing left between */
	mounted = host_debugfs_mount(path);
	unsettable = features_unsettable(path, why, sizeof(why));
	known = unsettable && !features_read(path, now, sizeof(now));
	host_debugfs_unmount(mounted);
	if (!unsettable)
		return 0;
	if (mounted < 0)
		snprintf(why + strlen(why), sizeof(why) - strlen(why),
			 " (mounting it: %s)", strerror(-mounted));
	feature = set_differs(rn->sc, now, known);
	/* two sets under one and the same features would compare nothing */
	if (!feature && rn->sc->n_sets < 2)
		return 0;
	return sb_error_set(e, -EACCES, path, NULL, NULL,
			    "cannot set %s%s for kernel host: %s "
			    "(run --features-as-is runs under the features as "
			    "found, filed as feature set as-found)",
			    feature ? "feature " : "the feature sets",
			    feature ? feature : "", why);
}
