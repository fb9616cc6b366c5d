/* SPDX-License-Identifier: GPL-2.0 */
/* Noise kept from earlier runs of a scenario and kernel (each rule's run spread, the wall time of a run), and the runs a side it asks for before running. */
#ifndef CI_NOISE_STORE_H
#define CI_NOISE_STORE_H

#include <stddef.h>
#include <stdio.h>

#include "ci/columns.h"
#include "ci/rules.h"
#include "common/error.h"
#include "common/jsonread.h"

#define CI_NOISE_MAX_RULES 64
#define CI_NOISE_NAME_LEN 128

struct ci_noise_rule {
	char name[CI_NOISE_NAME_LEN]; /* the rule's name */
	double spread; /* sd of the runs' logs (about the run CoV) */
	double level; /* geometric mean of the runs' values; 0 unknown */
};

struct ci_noise {
	char scenario_sha256[65];
	char kernel[64]; /* the kernel's name in the matrix */
	char release[128]; /* its runs' uname -r, "" unknown */
	char measured[32]; /* ISO time the noise was kept */
	int runs; /* runs a side it was measured on (the most of any side) */
	double run_s; /* median wall time of a run (boot to table); 0 unknown */
	int n;
	struct ci_noise_rule rule[CI_NOISE_MAX_RULES];
};

/* The format of a kept noise file: the reader's table. */
extern const struct sb_jr_table ci_noise_format;

/*
 * The file keeping the noise of @kernel's runs of the scenario @sha256 in
 * the directory @dir: @dir/<sha256>-<kernel>.json. Returns 0 or
 * -ENAMETOOLONG.
 */
int ci_noise_path(char *buf, size_t len, const char *dir, const char *sha256,
		  const char *kernel);

/*
 * Read @path into @n. Returns 0, -ENOENT when there is no such file, or
 * -EINVAL (-ENOMEM) with @e as sb_jr_load says.
 */
int ci_noise_load(const char *path, struct ci_noise *n, struct sb_error *e);

/* Write @n to @path atomically (its directory made). Returns 0 or -errno. */
int ci_noise_save(const char *path, const struct ci_noise *n);

/*
 * The noise of the @k columns @cols (one kernel's sides) under @rules into
 * @n (its scenario_sha256, kernel and measured are the caller's): each
 * rule's spread (ci_rule_spread) where some side has two runs with a value,
 * the geometric mean of its values over all runs (its level: an absolute
 * bound's size beside it), the most runs a side, and the median wall time
 * of a run from the runs' manifests (start_time to end_time). Returns the rules kept.
 */
int ci_noise_measure(struct ci_noise *n, const struct ci_rules *rules,
		     const struct ci_column *const *cols, size_t k);

/* What the runs about to start can reach. */
struct ci_noise_ask {
	const char *who; /* "kernel debian", "debian against patched" */
	int reach; /* runs a side they will make at most */
	const char *reach_what; /* "the scenario's repeats", "--max-repeats" */
	int sides; /* runs made per round (feature sets, or 2 in check) */
	double fallback_run_s; /* a run's length without a kept wall time */
	int at_once; /* runs made at once (>= 1): the spans divide by it */
	int control; /* control runs a side (untraced_repeats) made beside */
};

/*
 * Before running: per rule of @rules, the runs a side that decide it at its
 * pass bound with CI_SIZING_POWER at the spread kept in @known (@n_known
 * files, e.g. base and candidate: their root mean square), how long those
 * take for @ask->sides sides, and whether @ask->reach reaches it; then the
 * runs @ask->reach makes, with @ask->control control runs a side beside,
 * and how long they take. With no rule known, a line saying so before the
 * last.
 */
void ci_noise_plan_print(FILE *f, const struct ci_noise *const *known,
			 size_t n_known, const struct ci_rules *rules,
			 const struct ci_noise_ask *ask);

#endif
