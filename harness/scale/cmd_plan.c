// SPDX-License-Identifier: GPL-2.0
/* slicebench plan: the matrix as independent run units, one a line, for any engine. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ci/rules_pick.h"
#include "common/atomicio.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/outfile.h"
#include "common/sha256.h"
#include "harness/plan.h"
#include "harness/run_sizing.h"
#include "harness/runner.h"
#include "harness/tools_check.h"
#include "harness/cmds.h"

struct plan_opts {
	const char *kernels, *results, *scenario;
	int64_t repeats;
	int help;
};

static const char usage[] =
	"usage: slicebench plan --scenario FILE --kernel K[,K2...] [--repeats N] "
	"[--results RUN_DIR]\n"
	"       slicebench plan SCENARIO --kernel K[,K2...] [options]\n\n"
	"Prints one line per run unit, in run order (kernels and feature "
	"sets\ninterleaved, each repeat rotated by one):\n"
	"  UNIT<TAB>KERNEL<TAB>FEATURE-SET<TAB>REPEAT\n"
	"Each unit runs on its own, on any host, with\n"
	"  slicebench run --unit UNIT --scenario SCENARIO --results "
	"RUN_DIR [--per-host]\n"
	"and `slicebench merge RUN_DIR DIR...` gathers per-host results.";

static const struct sb_field plan_rows[] = {
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct plan_opts, scenario),
	  .metavar = "FILE",
	  .doc = "the scenario (or as the one operand)" },
	{ .key = "kernel",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct plan_opts, kernels),
	  .metavar = "K[,K2...]",
	  .doc = "kernels under test (as for slicebench run)" },
	{ .key = "repeats",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct plan_opts, repeats),
	  .metavar = "N",
	  .doc = "repeats of each feature set (default: the "
		 "scenario's)",
	  .min = 1,
	  .max = SC_MAX_REPEATS },
	{ .key = "results",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct plan_opts, results),
	  .metavar = "RUN_DIR",
	  .doc = "also create RUN_DIR with scenario.json and plan.json "
		 "(the units' run directory, and what merge checks "
		 "against)" },
	SB_F_HELP_ROW(struct plan_opts, help),
	{ 0 },
};

/*
 * The options into @o and the SCENARIO; --help printed here.
 * SB_CLI_CONTINUE or an exit code.
 */
static int parse(int argc, char **argv, struct plan_opts *o,
		 const char **scenario)
{
	static const char needs[] =
		"needs --scenario FILE and --kernel (see --help)";
	const struct sb_cli cli = {
		.usage = usage,
		.epilogue = "exit: 0 ok, 2 bad usage, scenario or RUN_DIR (not "
			    "a directory, not writable), 4 writing RUN_DIR\n"
			    "failed (a full disk)\n",
		.tables = { { plan_rows, o } },
		.operands = scenario,
		.max_operands = 1,
		.prog = "slicebench plan",
		.on_error = SB_CLI_ERR_HELP,
	};
	int rc = sb_cli_parse_command(&cli, argc, argv);

	if (rc != SB_CLI_CONTINUE)
		return rc;
	if (*scenario && o->scenario)
		return sb_cli_usage_error(&cli, "the scenario given twice: as "
						"SCENARIO and --scenario");
	if (o->scenario)
		*scenario = o->scenario;
	if (!*scenario || !o->kernels)
		return sb_cli_usage_error(&cli, "%s", needs);
	return rc;
}

/* RUN_DIR with scenario.json and plan.json; an existing one must match. */
static int write_run_dir(const char *dir, const char *scenario,
			 const struct plan *p)
{
	char path[PATH_MAX + 16], *text;
	json_t *old, *pj = plan_to_json(p);
	size_t n;
	int rc;

	snprintf(path, sizeof(path), "%s/plan.json", dir);
	old = json_load_file(path, 0, NULL);
	if (old) {
		rc = plan_matches(old, p);
		json_decref(old);
		json_decref(pj);
		if (rc)
			return 0;
		fprintf(stderr,
			"slicebench plan: %s: holds another plan (scenario "
			"version, kernels or repeats)\n",
			path);
		return SB_EXIT_USAGE;
	}
	rc = sb_mkdir_p(dir, 0755) ?: sb_read_file(scenario, &text, &n);
	if (!rc) {
		snprintf(path, sizeof(path), "%s/scenario.json", dir);
		rc = sb_write_file_atomic(path, text, n);
		free(text);
	}
	snprintf(path, sizeof(path), "%s/plan.json", dir);
	rc = rc ?: sb_json_dump_atomic(path, pj);
	json_decref(pj);
	if (!rc)
		return 0;
	fprintf(stderr, "slicebench plan: %s: --results: %s\n", dir,
		strerror(-rc));
	/* no place for a run directory is bad usage; a full disk is not */
	return sb_out_bad_place(rc) ? SB_EXIT_USAGE : SB_EXIT_UNMEASURED;
}

int cmd_plan(int argc, char **argv)
{
	struct plan_opts o = { 0 };
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct run_kernel *ks = calloc(PLAN_MAX_KERNELS, sizeof(*ks));
	const char *names[PLAN_MAX_KERNELS], *scenario = NULL;
	char sha[65], id[300];
	struct plan p = { 0 };
	struct runner rn = { 0 };
	struct sb_error e;
	int nk = 0, r;

	if (!sc || !ks) {
		free(sc);
		free(ks);
		return SB_EXIT_UNMEASURED;
	}
	if ((r = parse(argc, argv, &o, &scenario)) != SB_CLI_CONTINUE)
		goto out_free;
	if ((r = scenario_load(scenario, sc, run_warn_line, &e)) ||
	    (r = ci_rules_check_named(sc->rules, scenario, &e))) {
		fprintf(stderr, "%s\n", e.msg);
		r = sb_exit_code(r);
		goto out_free;
	}
	if ((r = run_lookup_kernels(o.kernels, "kernel", ks, &nk, &e))) {
		r = sb_error_report("slicebench plan", r, &e);
		goto out;
	}
	if (sb_sha256_file(scenario, sha)) {
		fprintf(stderr, "slicebench plan: %s: not readable\n",
			scenario);
		r = SB_EXIT_USAGE;
		goto out;
	}
	/* plan refuses what run would, before any boot */
	rn.sc = sc;
	rn.scenario_path = scenario;
	run_set_accel(&rn, NULL, sc);
	run_self_dirs(&rn);
	if ((r = run_check_before_boot(&rn, ks, nk, &e))) {
		r = sb_error_report("slicebench plan", r, &e);
		goto out;
	}
	for (int i = 0; i < nk; i++)
		names[i] = ks[i].ki.name;
	if (plan_build(&p, sc, sha, names, nk,
		       o.repeats ? (int)o.repeats : sc->repeats) ||
	    plan_add_untraced(&p, sc)) {
		r = SB_EXIT_UNMEASURED;
		goto out;
	}
	/* stdout is the units: the sizing is for people */
	snprintf(rn.sha256, sizeof(rn.sha256), "%s", sha);
	run_sizing_say(stderr, &rn, ks, nk, NULL, p.repeats,
		       o.repeats ? "--repeats" : "the scenario's repeats", 0);
	if (o.results && (r = write_run_dir(o.results, scenario, &p)))
		goto out;
	for (size_t i = 0; i < p.n_runs; i++) {
		plan_unit_id(&p.runs[i], id, sizeof(id));
		printf("%s\t%s\t%s\t%d\n", id, p.runs[i].kernel, p.runs[i].set,
		       p.runs[i].repeat);
	}
out:
	plan_free(&p);
	scenario_free(sc);
out_free:
	free(sc);
	free(ks);
	return r;
}
