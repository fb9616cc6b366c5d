// SPDX-License-Identifier: GPL-2.0
/* `slicebench run` before its first boot: the runner set up, and a matrix's kernels, host checks, plan and results root. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ci/rules.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/fmt.h"
#include "common/sha256.h"
#include "harness/agent.h"
#include "harness/boot/kernel_backends.h"
#include "harness/features.h"
#include "harness/host_features_check.h"
#include "harness/run_prepare.h"
#include "harness/run_sizing.h"
#include "harness/tools_check.h"

int run_prepare_runner(struct runner *rn, struct scenario *sc, const char *path,
		       const char *accel)
{
	int e;

	rn->sc = sc;
	rn->scenario_path = path;
	rn->stop = run_catch_signals(0);
	run_set_accel(rn, accel, sc);
	run_self_dirs(rn);
	e = sb_sha256_file(path, rn->sha256);
	if (e)
		fprintf(stderr, "%s: %s\n", path, strerror(-e));
	return e ? SB_EXIT_USAGE : 0;
}

/* Nothing is set, so no set's name would be true of the runs: one set. */
static void as_found(struct scenario *sc)
{
	printf("note: --features-as-is: features as found, not set; the runs "
	       "are filed as feature set %s%s\n",
	       RUN_AS_FOUND_SET,
	       sc->n_sets > 1 ? " (the scenario's sets do not run)" : "");
	snprintf(sc->sets[0].name, sizeof(sc->sets[0].name), "%s",
		 RUN_AS_FOUND_SET);
	sc->sets[0].n_features = 0;
	sc->n_sets = 1;
}

/* What each kernel will not do: set features (host), custom slices. */
static void kernel_notes(const struct run_matrix *m, int features_as_is)
{
	for (int i = 0; i < m->nk; i++) {
		if (kernel_run_of(&m->ks[i].ki) == RUN_ON_HOST)
			printf("note: kernel host: no VM; scheduler features %s\n",
			       features_as_is ?
				       "as found, not set (--features-as-is)" :
			       features_writable(features_host_path(
				       AGENT_FEATURES_PATH)) ?
				       "are set per run and restored after" :
				       "stay as they are (" AGENT_FEATURES_PATH
				       " is not writable here)");
		if (!m->ks[i].ki.custom_slices)
			printf("note: kernel %s predates EEVDF custom slices "
			       "(6.12): the scenario's slices are ignored there\n",
			       m->ks[i].ki.name);
	}
}

/* The plan of @m's kernels, said with its sizing. 0 or an exit code. */
static int plan_said(struct runner *rn, const struct run_request *rq,
		     struct run_matrix *m)
{
	const struct scenario *sc = rn->sc;
	const char *names[PLAN_MAX_KERNELS];

	for (int i = 0; i < m->nk; i++)
		names[i] = m->ks[i].ki.name;
	if (plan_build(&m->p, sc, rn->sha256, names, m->nk,
		       rq->repeats ? rq->repeats : sc->repeats) ||
	    plan_add_untraced(&m->p, sc))
		return SB_EXIT_UNMEASURED;
	if (m->p.repeats < CI_MIN_RUNS && (sc->n_sets > 1 || m->nk > 1))
		printf("caution: %d repeat%s a side: the gate needs %d for a "
		       "verdict, so the summary can only say insufficient "
		       "data (--repeats %d or more)\n",
		       m->p.repeats, SB_S(m->p.repeats), CI_MIN_RUNS,
		       CI_MIN_RUNS);
	rn->at_once = run_at_once(rn, m->ks, m->nk, m->p.n_runs);
	run_sizing_say(stdout, rn, m->ks, m->nk, NULL, m->p.repeats,
		       rq->repeats ? "--repeats" : "the scenario's repeats", 0);
	return 0;
}

int run_prepare_matrix(struct runner *rn, struct scenario *sc,
		       const struct run_request *rq, struct run_matrix *m)
{
	struct sb_error e;
	int r;

	/* a --results that cannot hold runs: said before the plan and its
	 * sizing table, not after them */
	if (!rq->where.resume &&
	    (r = run_results_usable(rq->where.results ?: "results", &e)))
		return sb_error_report("slicebench run", r, &e);
	if ((r = run_lookup_kernels(rq->kernels, "kernel", m->ks, &m->nk, &e)))
		return sb_error_report("slicebench run", r, &e);
	rn->features_as_is = rq->features_as_is;
	if (run_check_host_features(rn, m->ks, m->nk, &e)) {
		fprintf(stderr, "slicebench run: %s\n", e.msg);
		return SB_EXIT_UNMEASURED;
	}
	if (rq->features_as_is)
		as_found(sc);
	if ((r = run_check_before_boot(rn, m->ks, m->nk, &e)))
		return sb_error_report("slicebench run", r, &e);
	if ((r = plan_said(rn, rq, m)))
		return r;
	r = run_choose_root(&rq->where, rn->sc, &m->p, m->root, sizeof(m->root),
			    &e);
	if (r) /* another writer is bad usage, not the environment */
		return r == -EBUSY ? (sb_error_report("slicebench run", r, &e),
				      SB_EXIT_USAGE) :
				     sb_error_report("slicebench run", r, &e);
	kernel_notes(m, rq->features_as_is);
	return 0;
}
