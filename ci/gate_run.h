/* SPDX-License-Identifier: GPL-2.0 */
/* One gate over two result specs: hosts matched, rules evaluated, reports written; an exit code. */
#ifndef CI_GATE_RUN_H
#define CI_GATE_RUN_H

#include <stdio.h>

#include "ci/gate.h"

struct ci_gate_run {
	const char *base_spec, *cand_spec; /* DIR[:kernel[/feature-set]] */
	const struct ci_rules *rules;
	struct ci_levels levels;
	const char *levels_why; /* said in the method line; "" for a gate */
	FILE *text; /* the verdict table; NULL: none */
	const char *markdown, *json, *junit; /* outputs; NULL: none */
	unsigned int last_round; /* gate only repeats 1..N a side; 0: all */
	/* sides of two scenarios: gated with a warning (else refused) */
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
 * manifests name two scenarios unless @g->other_scenarios_ok.
 * Errors go to stderr after "slicebench <cmd>: ". Returns the gate's exit
 * code: 0 pass, 1 regression, 2 bad input (also a rule of
 * @g->rules_file whose group is on neither side), 3 cannot decide, 4 could
 * not measure (no complete runs on a side).
 */
int ci_gate_run(const struct ci_gate_run *g, const char *cmd);

#endif
