// SPDX-License-Identifier: GPL-2.0
/* The bisect log read back (bisect-log.json): its rows (bisect_log_format) into structs, for the replay and the evidence table. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "merge/bisect_log.h"

/* What the reader is handed: the settings a log to go on must have. */
struct want {
	const json_t *settings;
	const char *dir;
};

/* good, bad, skip: enum bisect_verdict less one (untested is never logged). */
static const char *const step_verdicts[] = { "good", "bad", "skip", NULL };

const char *const bisect_triage_names[] = { "removes", "keeps", "undecided",
					    NULL };

#define STEP(m) offsetof(struct bisect_log_step, m)

/* A verdict as enum bisect_verdict: the choice's index plus one. */
static int parse_verdict(struct sb_jr *r, const struct sb_field *f,
			 const json_t *v, void *dest, char *why, size_t len)
{
	(void)r, (void)f;
	for (int i = 0; step_verdicts[i]; i++)
		if (json_is_string(v) &&
		    !strcmp(json_string_value(v), step_verdicts[i])) {
			*(int *)dest = i + 1;
			return 0;
		}
	snprintf(why, len, "is not good, bad or skip");
	return -EINVAL;
}

static const struct sb_field step_fields[] = {
	{ "step", SB_F_INT, STEP(step), .min = 0, .max = 1000000, .required = 1,
	  .doc = "patches (or commits) applied: the step" },
	{ "kernel", SB_F_STRING, STEP(kernel),
	  sizeof(((struct bisect_log_step *)0)->kernel),
	  .doc = "the step's kernel, as the check named it" },
	{ "verdict", SB_F_CALL, STEP(verdict), .required = 1,
	  .parse = parse_verdict, .type_doc = "`good`, `bad` or `skip`",
	  .doc = "the check's against the good end" },
	{ "build_s", SB_F_INT64, STEP(build_s), .min = -1, .max = INT32_MAX,
	  .doc = "the kernel's build, s (-1: cached)" },
	{ "check_exit", SB_F_INT, STEP(check_exit), .min = 0, .max = 255,
	  .doc = "the check's exit code" },
	{ "base_runs", SB_F_INT, STEP(base_runs), .min = 0, .max = 1000000,
	  .doc = "its runs of the good end" },
	{ "cand_runs", SB_F_INT, STEP(cand_runs), .min = 0, .max = 1000000,
	  .doc = "its runs of the step" },
	{ "check_s", SB_F_NUMBER, STEP(check_s), .dmin = 0, .dmax = 1e9,
	  .doc = "the check's wall time, s" },
	{ "interval", SB_F_ANY, .type_doc = "[integer, integer]",
	  .doc = "the last good and first bad step possible after it" },
	{ "commit", SB_F_TEXT, .doc = "a git range: the step's commit" },
	{ "subject", SB_F_TEXT, .doc = "a git range: its subject" },
};

static const struct sb_jr_table step_table =
	SB_JR_TABLE("bisect log: steps[]", step_fields, NULL, NULL);
static const struct sb_field step_item = { .type = SB_F_OBJECT,
					   .sub = &step_table };

#define TRIAGE(m) offsetof(struct bisect_log_triage, m)

static const struct sb_field triage_fields[] = {
	{ "feature", SB_F_STRING, TRIAGE(feature),
	  sizeof(((struct bisect_log_triage *)0)->feature), .min = 1,
	  .required = 1, .doc = "the --features feature" },
	{ "setting", SB_F_STRING, TRIAGE(setting),
	  sizeof(((struct bisect_log_triage *)0)->setting), .min = 1,
	  .doc = "the bad end's setting flipped, e.g. `NO_PREEMPT_SHORT`" },
	{ "verdict", SB_F_ENUM, TRIAGE(verdict), .required = 1,
	  .choices = bisect_triage_names,
	  .doc = "whether flipping it removes the regression" },
	{ "check_exit", SB_F_INT, TRIAGE(check_exit), .min = 0, .max = 255,
	  .doc = "the check's exit code" },
	{ "base_runs", SB_F_INT, TRIAGE(base_runs), .min = 0, .max = 1000000,
	  .doc = "its runs of the good end" },
	{ "cand_runs", SB_F_INT, TRIAGE(cand_runs), .min = 0, .max = 1000000,
	  .doc = "its runs of the flipped bad end" },
	{ "check_s", SB_F_NUMBER, TRIAGE(check_s), .dmin = 0, .dmax = 1e9,
	  .doc = "the check's wall time, s" },
};

static const struct sb_jr_table triage_table =
	SB_JR_TABLE("bisect log: triage[]", triage_fields, NULL, NULL);
static const struct sb_field triage_item = { .type = SB_F_OBJECT,
					     .sub = &triage_table };

/* The log's settings are this bisection's, when the caller says them. */
static int parse_settings(struct sb_jr *r, const struct sb_field *f,
			  const json_t *v, void *dest, char *why, size_t len)
{
	const struct want *w = r->user;

	(void)f, (void)dest;
	if (!json_is_object(v)) {
		snprintf(why, len, "is not an object");
		return -EINVAL;
	}
	if (!w || !w->settings || json_equal(v, w->settings))
		return 0;
	snprintf(why, len,
		 "a bisection with other settings (ends, scenario, patches or "
		 "options) is there: remove %s or give another --results",
		 w->dir);
	return -EINVAL;
}

#define LOG(m) offsetof(struct bisect_log, m)

static const struct sb_field log_fields[] = {
	{ "schema", SB_F_INT, LOG(schema), .min = 1, .max = 1,
	  .doc = "the version of this format" },
	{ "settings", SB_F_CALL, .required = 1, .parse = parse_settings,
	  .type_doc = "object",
	  .doc = "what the bisection was started with (ends, scenario and its "
		 "sha256, patches or commits, error split, options): a log "
		 "goes on only with the same" },
	{ "steps", SB_F_ARRAY, LOG(steps), sizeof(struct bisect_log_step),
	  .required = 1, .item = &step_item, .count_offset = LOG(n_steps),
	  .alloc = 1, .doc = "the steps checked, in order" },
	{ "triage", SB_F_ARRAY, LOG(triage), sizeof(struct bisect_log_triage),
	  .item = &triage_item, .count_offset = LOG(n_triage), .alloc = 1,
	  .doc = "the --features checks, once the bad end is confirmed" },
};

static void log_init(void *obj)
{
	*(struct bisect_log *)obj = (struct bisect_log){ .schema = 1 };
}

const struct sb_jr_table bisect_log_format = SB_JR_TABLE(
	"bisect log (`bisect-log.json`)", log_fields, log_init, NULL);

void bisect_log_free(struct bisect_log *log)
{
	free(log->steps);
	free(log->triage);
	*log = (struct bisect_log){ 0 };
}

int bisect_log_load(const char *path, const json_t *settings, const char *dir,
		    struct bisect_log *log, json_t **root, struct sb_error *e)
{
	struct want w = { settings, dir };
	int r;

	*log = (struct bisect_log){ 0 };
	r = sb_jr_load_keep(path, &bisect_log_format, log, &w, root, e);
	if (r)
		bisect_log_free(log);
	return r;
}
