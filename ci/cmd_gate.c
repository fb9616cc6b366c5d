// SPDX-License-Identifier: GPL-2.0
/* slicebench gate: baseline vs candidate results under the rules; exit 1 on a regression. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_run.h"
#include "ci/results.h"
#include "ci/rules_pick.h"
#include "ci/spec.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/outfile.h"
#include "ci/cmds.h"

struct gate_opts {
	int help;
	const char *base, *cand, *rules;
	struct ci_gate_outputs out;
};

static const char usage[] =
	"usage: slicebench gate --base SPEC --cand SPEC [options]\n"
	"SPEC: DIR[:kernel[/feature-set]], naming one kernel and one feature "
	"set\n(e.g. results/latest:debian/PREEMPT_SHORT)";
static const char after[] =
	"Per rule, from one value per run on the log scale (a paired t by round\n"
	"when the runs alternate base and candidate, as check makes them, else\n"
	"Welch t; Holm over the rules; ci/README.md): regression, improvement,\n"
	"pass (a change worse than the pass bound is ruled out; bounds as\n"
	"TOLERANCE/PASS BOUND, e.g. +10/10%), inconclusive (with the runs a side\n"
	"that would decide it), insufficient data (fewer than min_runs a side).\n"
	"exit: 0 pass (no regression, every rule with values passed), 1 regression,\n"
	"2 bad usage or input (a required rule's group missing on a side, or a\n"
	"group of --rules or the scenario's rules on neither side), 3 cannot\n"
	"decide (too few runs, inconclusive), 4 could not measure (no complete\n"
	"runs on a side) or writing an output failed\n" SB_OUT_HELP
	"Each output FILE may be - (standard output: that report alone there,\n"
	"the table on stderr). With fewer than the rules' min_runs (4) runs a\n"
	"side no verdict is possible: the table starts with that caution.\n";

/* The "rules" @spec's run directory's scenario names, and that file. */
struct named_rules {
	char named[1024];
	char file[4200];
};

static int named_by(const char *spec, struct named_rules *n, struct sb_error *e)
{
	char *dir, *kernel, *fs;
	int r = ci_spec_split(spec, &dir, &kernel, &fs);

	*n->named = '\0';
	if (r) /* ci_gate_run says what is wrong with the spec */
		return 0;
	snprintf(n->file, sizeof(n->file), "%s/scenario.json", dir);
	r = ci_rules_named_by_run(dir, n->named, sizeof(n->named), e);
	free(dir);
	free(kernel);
	free(fs);
	return r;
}

/*
 * The rules: --rules, else those both sides' scenarios name (they must
 * agree), else ci/gate.json; said on @say. @chosen gets the file's name
 * unless it is ci/gate.json ("" then). 0 or the exit code, said.
 */
static int load_rules(const char *given, const char *const pos[2],
		      struct ci_rules *rules, FILE *say, char chosen[4096])
{
	struct named_rules n[2] = { 0 };
	struct ci_rules_pick pick;
	struct sb_error e;
	int r = 0;

	*rules = (struct ci_rules){ 0 };
	if (!given) {
		r = named_by(pos[0], &n[0], &e) ?: named_by(pos[1], &n[1], &e);
		if (!r && strcmp(n[0].named, n[1].named))
			r = sb_error_set(&e, -EINVAL, n[1].file, "rules", NULL,
					 "\"%s\" differs from %s's \"%s\": "
					 "pass --rules",
					 n[1].named, n[0].file, n[0].named);
	}
	if (!r)
		r = ci_rules_pick_load(given, n[1].named, n[1].file, rules,
				       &pick, &e);
	if (r)
		return sb_error_report("slicebench gate", r, &e);
	ci_rules_pick_say(say, &pick);
	snprintf(chosen, 4096, "%s",
		 ci_rules_pick_is_default(&pick) ? "" : pick.name);
	return 0;
}

static const struct sb_field gate_rows[] = {
	{ .key = "base",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct gate_opts, base),
	  .metavar = "SPEC",
	  .doc = "the baseline's results: DIR[:kernel[/feature-set]]" },
	{ .key = "cand",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct gate_opts, cand),
	  .metavar = "SPEC",
	  .doc = "the candidate's results, as --base" },
	CI_RULES_ROW(struct gate_opts, rules),
	{ 0 },
};

static const struct sb_field gate_help_rows[] = {
	SB_F_HELP_ROW(struct gate_opts, help),
	{ 0 },
};

int cmd_gate(int argc, char **argv)
{
	struct gate_opts o = { 0 };
	struct ci_rules rules;
	struct sb_error e;
	char chosen[4096] = "";
	const char *operands[2] = { 0 };
	FILE *say;
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { { gate_rows, &o },
						{ ci_gate_output_rows, &o.out },
						{ gate_help_rows, &o } },
				    .operands = operands,
				    .max_operands = 2,
				    .prog = "slicebench gate",
				    .on_error = SB_CLI_ERR_USAGE };
	int code, r;

	if ((code = sb_cli_parse_command(&cli, argc, argv)) != SB_CLI_CONTINUE)
		return code;
	if (operands[0]) { /* one spelling of the sides, as check's */
		const char *cand = o.base      ? operands[0] :
				   operands[1] ? operands[1] :
						 "CAND";

		fprintf(stderr,
			"slicebench gate: %s: name the sides as --base %s "
			"--cand %s\n",
			operands[0], o.base ? o.base : operands[0], cand);
		return SB_EXIT_USAGE;
	}
	if (!o.base || !o.cand)
		return sb_cli_usage_error(&cli, "needs --base and --cand");
	if (!*o.base || !*o.cand)
		return sb_cli_usage_error(&cli,
					  "%s is empty: name results as "
					  "DIR[:kernel[/feature-set]]",
					  *o.base ? "--cand" : "--base");
	const char *pos[2] = { o.base, o.cand };
	const struct sb_path_use paths[] = { { "--markdown", o.out.markdown },
					     { "--json", o.out.json },
					     { "--junit", o.out.junit },
					     { "--csv", o.out.csv } };

	if ((r = ci_spec_check_outputs(pos, 2, o.rules, paths, 4, &e)))
		return sb_error_report("slicebench gate", r, &e);
	/* an output on standard output has it alone: the words go to stderr */
	say = ci_gate_outputs_on_stdout(&o.out) ? stderr : stdout;
	if ((code = load_rules(o.rules, pos, &rules, say, chosen)))
		return code;
	struct ci_gate_run g = {
		.base_spec = pos[0],
		.cand_spec = pos[1],
		.rules = &rules,
		.levels = { .alpha = rules.alpha,
			    .pass_alpha = 1 - rules.pass_confidence },
		.levels_why = "",
		.other_scenarios_ok = o.rules != NULL,
		.rules_file = *chosen ? chosen : NULL,
		.text = say,
		.out = o.out,
		.argc = argc,
		.argv = argv,
	};
	r = ci_gate_run(&g, &code, &e);
	ci_rules_free(&rules);
	return r ? sb_error_report("slicebench gate", r, &e) : code;
}
