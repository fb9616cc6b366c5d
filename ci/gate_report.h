/* SPDX-License-Identifier: GPL-2.0 */
/* Gate verdicts as a text table, Markdown, JSON and JUnit XML. */
#ifndef CI_GATE_REPORT_H
#define CI_GATE_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "ci/gate.h"

struct ci_gate_report {
	const char *base_spec, *cand_spec;
	size_t base_runs, cand_runs;
	const struct ci_rules *rules;
	const struct ci_rule_result *res;
	size_t n;
	uint64_t seed;
	int exit_code;
};

/* "pass", "regression" or "insufficient data", from the exit code. */
const char *ci_gate_outcome(const struct ci_gate_report *g);
void ci_gate_print_text(FILE *f, const struct ci_gate_report *g);
/* Each returns 0 or -errno (atomic write of @path). */
int ci_gate_write_markdown(const char *path, const struct ci_gate_report *g);
int ci_gate_write_junit(const char *path, const struct ci_gate_report *g);
/* Fills the tool section of @env (an envelope). Returns 0 or -ENOMEM. */
int ci_gate_to_json(json_t *env, const struct ci_gate_report *g);

#endif
