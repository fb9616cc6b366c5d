/* SPDX-License-Identifier: GPL-2.0 */
/* Gate verdicts as a text table, Markdown, JSON and JUnit XML. */
#ifndef CI_GATE_REPORT_H
#define CI_GATE_REPORT_H

#include <stdio.h>
#include <jansson.h>

#include "ci/gate.h"
#include "ci/verdict_line.h"

/* A run left out of the delay rules: its recorder lost events. */
struct ci_excluded {
	const char *side; /* "base" or "cand" */
	const struct ci_run *run;
};

struct ci_gate_report {
	const char *base_spec, *cand_spec;
	size_t base_runs, cand_runs;
	const struct ci_rules *rules;
	struct ci_levels levels;
	const char *levels_why; /* how the levels were set ("" for a gate) */
	const struct ci_rule_result *res;
	size_t n;
	const struct ci_excluded *excluded;
	size_t n_excluded;
	enum ci_decision decision;
	int exit_code; /* the command's for it, as the JSON says it */
};

/* "pass", "regression" or "cannot decide", from the decision. */
const char *ci_gate_outcome(const struct ci_gate_report *g);
/* The verdict line every judging command ends with (ci/verdict_line.h). */
void ci_gate_verdict_line(FILE *f, const struct ci_gate_report *g);
/* The runs of @base and @cand with lost events into @out (max @cap). */
size_t ci_gate_excluded(const struct ci_results *base,
			const struct ci_results *cand, struct ci_excluded *out,
			size_t cap);
void ci_gate_print_text(FILE *f, const struct ci_gate_report *g);
/* Each returns 0 or -errno (atomic write of @path). */
int ci_gate_write_markdown(const char *path, const struct ci_gate_report *g);
int ci_gate_write_junit(const char *path, const struct ci_gate_report *g);
/* Fills the tool section of @env (an envelope). Returns 0 or -ENOMEM. */
int ci_gate_to_json(json_t *env, const struct ci_gate_report *g);

#endif
