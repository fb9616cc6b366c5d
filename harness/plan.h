/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run matrix: kernels × repeats × feature sets in run order (kernels
 * and feature sets interleaved, each repeat rotated by one), run unit ids,
 * plan.json, run directories, and the resume decision.
 */
#ifndef SB_PLAN_H
#define SB_PLAN_H

#include <stddef.h>
#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"
#include "harness/scenario.h"

#define PLAN_MAX_KERNELS 8
/* In a run's temp directory (<run>.tmp) while its QEMU runs. */
#define PLAN_VM_PID_FILE "qemu.pid"

struct plan_run {
	char kernel[64];
	char set[SC_NAME_LEN];
	int repeat; /* 1, 2, … */
	int untraced; /* the control arm: the same load, nothing recording */
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
/*
 * Add @sc's control arm to @p (built by plan_build): untraced_repeats more
 * rounds of every combination, numbered after the recorded repeats and
 * spread between the recorded rounds so that both arms see the same drift
 * of the machine. Returns 0 or -ENOMEM.
 */
int plan_add_untraced(struct plan *p, const struct scenario *sc);

json_t *plan_to_json(const struct plan *p);
/* Does plan.json @j describe exactly the same matrix as @p? */
int plan_matches(const json_t *j, const struct plan *p);

/* A run unit id: "<kernel>/<feature-set>/<repeat>". */
void plan_unit_id(const struct plan_run *r, char *buf, size_t len);
/* Parse a unit id; names are [A-Za-z0-9_.-]+. Returns 0 or -EINVAL. */
int plan_unit_parse(const char *id, struct plan_run *r);
/* Index of  in @p's run order, or -1. */
long plan_find(const struct plan *p, const struct plan_run *r);
/* plan.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table plan_format;
/*
 * Read a plan.json back (what plan_to_json wrote) by its rows. Returns 0,
 * or -EINVAL with @e "<json path>: <value> <why>", or -ENOMEM; @p is
 * freed on error.
 */
int plan_from_json(const json_t *j, struct plan *p, struct sb_error *e);
/* The same from the file @path: @e starts with "<path>: ". */
int plan_load(const char *path, struct plan *p, struct sb_error *e);
/* Do @a and @b plan the same scenario and the same runs, in order? */
int plan_same(const struct plan *a, const struct plan *b);

/* <root>/<kernel>/<set>/<repeat> */
void plan_run_dir(const char *root, const struct plan_run *r, char *buf,
		  size_t len);
/* Is that run's manifest.json there with "status": "complete"? */
int plan_run_complete(const char *root, const struct plan_run *r);
/* Runs of @p under @root that are not complete yet. */
size_t plan_pending(const struct plan *p, const char *root);

/*
 * May @root (a results/<run-id>) be continued for @p? 1 when its plan.json
 * matches and some run is not complete; 0 when not, with @why saying so;
 * -EBUSY when another slicebench holds its lock (sb_dir_lock), or a QEMU
 * of one of its runs is still alive (@why names the pid):
 * continuing would boot a second guest into the same run directory.
 */
int plan_resumable(const char *root, const struct plan *p, char *why,
		   size_t whylen);

#endif
