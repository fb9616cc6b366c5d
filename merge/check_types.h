/* SPDX-License-Identifier: GPL-2.0 */
/* What the parts of a check share: its settings (from the command's options) and its state. */
#ifndef SB_MERGE_CHECK_TYPES_H
#define SB_MERGE_CHECK_TYPES_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "ci/gate_run.h"
#include "common/sha256.h"
#include "harness/plan.h"
#include "harness/run_types.h"
#include "merge/check_journal.h"

/* What `slicebench check` was asked: its options, parsed and path-checked. */
struct check_settings {
	const char *base, *cand, *scenario, *results, *resume, *rules, *accel;
	const char *set, *cand_features;
	struct ci_gate_outputs out;
	FILE *say; /* the words: stdout, stderr when an output is there */
	uint64_t max_repeats, error_split;
	int new_run, max_repeats_given;
	int argc; /* the command line, for the reports */
	char **argv;
};

/* A check under way: its kernels, plan, run directory, looks and journal. */
struct check {
	const struct check_settings *o;
	const struct ci_rules *rules;
	struct runner rn;
	struct run_kernel ks[2];
	struct plan plan;
	char root[PATH_MAX];
	int lock; /* the run directory's (sb_dir_lock), or -1 */
	char base_spec[PATH_MAX + 200], cand_spec[PATH_MAX + 200];
	char guest_scenario[PATH_MAX + 32]; /* with a candidate's set */
	char rules_sha256[SB_SHA256_HEX]; /* of the rules file */
	unsigned int max;
	double *t; /* the information fraction of each look so far */
	size_t looks;
	struct check_journal jn;
};

#endif
