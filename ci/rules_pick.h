/* SPDX-License-Identifier: GPL-2.0 */
/* Which gate rules judge a run: --rules, else the ones its scenario names, else ci/gate.json. */
#ifndef CI_RULES_PICK_H
#define CI_RULES_PICK_H

#include <stddef.h>
#include <stdio.h>

#include "ci/rules.h"
#include "common/opts.h"

/*
 * The --rules option row, into the const char * @member of @st, of a
 * command whose rules ci_rules_pick_load() resolves.
 */
#define CI_RULES_ROW(st, member)                                            \
	{                                                                   \
		.key = "rules", .type = SB_F_ARG,                           \
		.offset = offsetof(st, member), .metavar = "FILE",          \
		.doc = "gate rules (default: the rules the runs' scenario " \
		       "names, else ci/gate.json)"                          \
	}

struct ci_rules_pick {
	char path[4096]; /* the file loaded */
	char name[4096]; /* as said to the user: as given or as named */
	const char *from; /* "--rules", "named by the scenario", "the default" */
};

/*
 * Resolve and load the rules into @rules: @given (--rules; NULL when not
 * given) as it is; else @named (a scenario's "rules", relative to the
 * checkout root; NULL or "" when it names none) under sb_root_dir(); else
 * the checkout's ci/gate.json. @named_in is the scenario file @named comes
 * from. Returns 0, or -EINVAL (-ENOMEM) with @e naming the file, and for a
 * scenario's choice "<named_in>: rules: "<named>" ...". Free with
 * ci_rules_free().
 */
int ci_rules_pick_load(const char *given, const char *named,
		       const char *named_in, struct ci_rules *rules,
		       struct ci_rules_pick *pick, struct sb_error *e);

/*
 * Do the rules @named by the scenario file @file load (nothing to check when
 * @named is ""): 0, or -EINVAL with @e as ci_rules_pick_load's.
 */
int ci_rules_check_named(const char *named, const char *file,
			 struct sb_error *e);

/*
 * The "rules" that @dir/scenario.json names into @named ("" when it names
 * none or the directory has no scenario.json). Returns 0, or -EINVAL
 * with @e "<file>: rules: <value> <problem>".
 */
int ci_rules_named_by_run(const char *dir, char *named, size_t len,
			  struct sb_error *e);

/*
 * Is @p's file the checkout's ci/gate.json (however named)? Its optional
 * rules name groups that not every scenario has.
 */
int ci_rules_pick_is_default(const struct ci_rules_pick *p);

/* One line saying which rules judge: "rules: <name> (<from>)". */
void ci_rules_pick_say(FILE *f, const struct ci_rules_pick *pick);

#endif
