// SPDX-License-Identifier: GPL-2.0
/* slicebench gate: baseline vs candidate results under the rules; exit 1 on a regression. */
#include <stddef.h>
#include <stdio.h>

#include "ci/gate_run.h"
#include "ci/rules.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/rootdir.h"
#include "ci/cmds.h"

struct gate_opts {
	int help;
	const char *rules, *markdown, *json, *junit;
};

static const char usage[] =
	"usage: slicebench gate BASE CAND [options]\n"
	"BASE, CAND: DIR[:kernel[/feature-set]], each naming one kernel and "
	"one feature set\n(e.g. results/latest:debian/PREEMPT_SHORT)";
static const char after[] =
	"Per rule, from one value per run (Welch t on the log scale, Holm over\n"
	"the rules; ci/README.md): regression, improvement, pass (a change worse\n"
	"than the pass bound is ruled out), inconclusive (with the runs a side\n"
	"that would decide it), insufficient data (fewer than min_runs a side).\n"
	"exit: 0 pass (no regression, every required rule passed), 1 regression,\n"
	"2 bad usage or input (a required rule's group missing on a side),\n"
	"3 cannot decide\n";

/* The rules file: --rules, else the checkout's; SB_EXIT_USAGE when bad. */
int ci_load_rules_opt(const char *path, struct ci_rules *rules, const char *cmd)
{
	char err[1024], buf[4096];

	if (!path) {
		sb_root_path(buf, sizeof(buf), "ci/gate.json");
		path = buf;
	}
	if (ci_rules_load(path, rules, err, sizeof(err))) {
		fprintf(stderr, "slicebench %s: %s\n", cmd, err);
		return SB_EXIT_USAGE;
	}
	return 0;
}

int cmd_gate(int argc, char **argv)
{
	struct gate_opts o = { 0 };
	const struct sb_opt opts[] = {
		SB_OPTION("rules", 0, SB_OPT_STRING, &o.rules, NULL, "FILE",
			  "rules (default: ci/gate.json of the checkout)", 0,
			  0),
		SB_OPTION("markdown", 0, SB_OPT_STRING, &o.markdown, NULL,
			  "OUT",
			  "write a Markdown summary (merge-request comment)", 0,
			  0),
		SB_OPTION("json", 0, SB_OPT_STRING, &o.json, NULL, "OUT",
			  "write the verdicts as JSON", 0, 0),
		SB_OPTION("junit", 0, SB_OPT_STRING, &o.junit, NULL, "OUT",
			  "write JUnit XML, one test case per rule", 0, 0),
		SB_OPTION("help", 'h', SB_OPT_FLAG, &o.help, NULL, NULL,
			  "show this help", 0, 0),
		{ 0 },
	};
	struct ci_rules rules;
	const char *pos[2];
	const struct sb_cli cli = { .usage = usage,
				    .epilogue = after,
				    .tables = { opts },
				    .operands = pos,
				    .max_operands = 2,
				    .prog = "slicebench gate",
				    .on_error = SB_CLI_ERR_USAGE,
				    .min_operands = 2,
				    .too_few = "needs BASE and CAND" };
	int code = sb_cli_parse_command(&cli, argc, argv);

	if (code != SB_CLI_CONTINUE)
		return code;
	if ((code = ci_load_rules_opt(o.rules, &rules, "gate")))
		return code;
	struct ci_gate_run g = {
		.base_spec = pos[0],
		.cand_spec = pos[1],
		.rules = &rules,
		.levels = { .alpha = rules.alpha,
			    .pass_alpha = 1 - rules.pass_confidence },
		.levels_why = "",
		.text = stdout,
		.markdown = o.markdown,
		.json = o.json,
		.junit = o.junit,
		.argc = argc,
		.argv = argv,
	};
	code = ci_gate_run(&g, "gate");
	ci_rules_free(&rules);
	return code;
}
