/* SPDX-License-Identifier: GPL-2.0 */
/* One gate over two result specs: hosts matched, rules evaluated, reports written; the outcome. */
#ifndef CI_GATE_RUN_H
#define CI_GATE_RUN_H

#include <stdio.h>

#include "ci/gate.h"
#include "common/error.h"
#include "common/opts.h"

/* The reports a gate writes: a path each ("-": standard output), or NULL. */
struct ci_gate_outputs {
	const char *markdown, *json, *junit, *csv;
};

/*
 * The option rows --markdown, --json, --junit, --csv into a struct ci_gate_outputs
 * (the one set gate and check share): a table of its own for struct
 * sb_cli's tables, { ci_gate_output_rows, &outputs }.
 */
extern const struct sb_field ci_gate_output_rows[];

/* Is one of @out standard output? Then the words go to stderr. */
int ci_gate_outputs_on_stdout(const struct ci_gate_outputs *out);

struct ci_gate_run {
	const char *base_spec, *cand_spec; /* DIR[:kernel[/feature-set]] */
	const struct ci_rules *rules;
	struct ci_levels levels;
	const char *levels_why; /* said in the method line; "" for a gate */
	FILE *text; /* the verdict table and notes; NULL: none */
	struct ci_gate_outputs out; /* all NULL: none */
	unsigned int last_round; /* gate only repeats 1..N a side; 0: all */
	/* sides of two scenarios: gated with a warning (sb_warn) */
	int other_scenarios_ok;
	/*
	 * the rules file chosen for these runs: each rule's group must be on
	 * a side; NULL for the default, whose optional rules name groups not
	 * every scenario has
	 */
	const char *rules_file;
	int argc; /* the command line, for the JSON envelope */
	char **argv;
};

/*
 * Load both sides and gate them, host by host when the runs come from
 * several hosts (the family-wise alpha is then split over the hosts).
 * The same runs on both sides are refused, and so are sides whose runs'
 * manifests name two scenarios unless @g->other_scenarios_ok. On 0,
 * *@outcome is the exit code of ci_gate_decide() over every host's verdicts (0, 1, 3). Returns
 * 0, or -errno with @e set: -EINVAL bad input (a spec, a file, the same
 * runs, copied runs (ci_runs_distinct), two scenarios, runs without a
 * scenario.sha256 beside runs with one, disjoint hosts, a required rule's
 * group on neither side, a rule of @g->rules_file whose group is on
 * neither side, an output that cannot be written there), -ENODATA no complete runs on a
 * side, -ENOMEM, or an output's write error.
 */
int ci_gate_run(const struct ci_gate_run *g, int *outcome, struct sb_error *e);

#endif
