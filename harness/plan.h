/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run matrix: kernels × repeats × feature sets in run order (feature
 * sets interleaved, A B A B …), its plan.json, run directories, and the
 * resume decision for an interrupted results tree.
 */
#ifndef SB_PLAN_H
#define SB_PLAN_H

#include <stddef.h>
#include <jansson.h>

#include "harness/scenario.h"

#define PLAN_MAX_KERNELS 8

struct plan_run {
	char kernel[64];
	char set[SC_NAME_LEN];
	int repeat; /* 1, 2, … */
};

struct plan {
	char scenario_name[SC_NAME_LEN];
	char scenario_sha256[65];
	char kernels[PLAN_MAX_KERNELS][64];
	int n_kernels;
	int repeats;
	struct plan_run *runs;
	size_t n_runs;
};

/* Build the run order. Returns 0 or -ENOMEM / -E2BIG (too many kernels). */
int plan_build(struct plan *p, const struct scenario *sc, const char *sha256,
	       const char *const *kernels, int n_kernels, int repeats);
void plan_free(struct plan *p);

json_t *plan_to_json(const struct plan *p);
/* Does plan.json @j describe exactly the same matrix as @p? */
int plan_matches(const json_t *j, const struct plan *p);

/* <root>/<kernel>/<set>/<repeat> */
void plan_run_dir(const char *root, const struct plan_run *r, char *buf,
		  size_t len);
/* Is that run's manifest.json there with "status": "complete"? */
int plan_run_complete(const char *root, const struct plan_run *r);
/* Runs of @p under @root that are not complete yet. */
size_t plan_pending(const struct plan *p, const char *root);

/*
 * May @root (a results/<run-id>) be continued for @p? 1 when its plan.json
 * matches and some run is not complete; 0 when not, with @why saying so.
 */
int plan_resumable(const char *root, const struct plan *p, char *why,
		   size_t whylen);

#endif
