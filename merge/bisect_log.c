// SPDX-License-Identifier: GPL-2.0
/* The bisect log read back (bisect-log.json): its rows (bisect_log_format) into structs, for the replay and the evidence table. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
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

/* The interval after a step: [last good, first bad], two steps. */
static int parse_interval(struct sb_jr *r, const struct sb_field *f,
			  const json_t *v, void *dest, char *why, size_t len)
{
	int *iv = dest;

	(void)r, (void)f;
	for (size_t i = 0; json_is_array(v) && json_array_size(v) == 2 && i < 2;
	     i++) {
		const json_t *x = json_array_get(v, i);

		if (!json_is_integer(x) || json_integer_value(x) < -1 ||
		    json_integer_value(x) > 1000000)
			break;
		iv[i] = (int)json_integer_value(x);
		if (i == 1)
			return 0;
	}
	snprintf(why, len, "is not [last good, first bad] (-1..1000000)");
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
	{ "interval", SB_F_CALL, STEP(interval), .parse = parse_interval,
	  .type_doc = "[integer, integer]",
	  .doc = "the last good and first bad step possible after it" },
	{ "commit", SB_F_STRING, STEP(commit),
	  sizeof(((struct bisect_log_step *)0)->commit),
	  .doc = "a git range: the step's commit" },
	{ "subject", SB_F_STRDUP, STEP(subject),
	  .doc = "a git range: its subject" },
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

	(void)f;
	if (!json_is_object(v)) {
		snprintf(why, len, "is not an object");
		return -EINVAL;
	}
	if (!w || !w->settings || json_equal(v, w->settings)) {
		json_decref(*(json_t **)dest);
		*(json_t **)dest = json_incref((json_t *)v);
		return 0;
	}
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
	{ "settings", SB_F_CALL, LOG(settings), .required = 1,
	  .parse = parse_settings, .type_doc = "object",
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
	for (size_t i = 0; log->steps && i < log->n_steps; i++)
		free(log->steps[i].subject);
	json_decref(log->settings);
	free(log->steps);
	free(log->triage);
	*log = (struct bisect_log){ 0 };
}

int bisect_log_load(const char *path, const json_t *settings, const char *dir,
		    struct bisect_log *log, struct sb_error *e)
{
	struct want w = { settings, dir };
	int r;

	*log = (struct bisect_log){ 0 };
	r = sb_jr_load(path, &bisect_log_format, log, &w, e);
	if (r)
		bisect_log_free(log);
	return r;
}

int bisect_log_add_step(struct bisect_log *log,
			const struct bisect_log_step *st)
{
	struct bisect_log_step *n =
		realloc(log->steps, (log->n_steps + 1) * sizeof(*n));
	char *subject = st->subject ? strdup(st->subject) : NULL;

	if (n)
		log->steps = n;
	if (!n || (st->subject && !subject)) {
		free(subject);
		return -ENOMEM;
	}
	n[log->n_steps] = *st;
	n[log->n_steps++].subject = subject;
	return 0;
}

int bisect_log_add_triage(struct bisect_log *log,
			  const struct bisect_log_triage *t)
{
	struct bisect_log_triage *n =
		realloc(log->triage, (log->n_triage + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	log->triage = n;
	n[log->n_triage++] = *t;
	return 0;
}

/* A step as the rows name its keys, in their order. */
static json_t *step_json(const struct bisect_log_step *st)
{
	json_t *j = json_pack("{s:i,s:s,s:s,s:I,s:i,s:i,s:i,s:f,s:[i,i]}",
			      "step", st->step, "kernel", st->kernel, "verdict",
			      step_verdicts[st->verdict - 1], "build_s",
			      (json_int_t)st->build_s, "check_exit",
			      st->check_exit, "base_runs", st->base_runs,
			      "cand_runs", st->cand_runs, "check_s",
			      st->check_s, "interval", st->interval[0],
			      st->interval[1]);

	if (j && st->commit[0] &&
	    (json_object_set_new(j, "commit", json_string(st->commit)) ||
	     json_object_set_new(j, "subject",
				 json_string(st->subject ? st->subject : "")))) {
		json_decref(j);
		return NULL;
	}
	return j;
}

int bisect_log_write(const char *path, const struct bisect_log *log)
{
	json_t *steps = json_array(), *triage = json_array(), *doc;
	int r = steps && triage ? 0 : -ENOMEM;

	for (size_t i = 0; !r && i < log->n_steps; i++)
		if (json_array_append_new(steps, step_json(&log->steps[i])))
			r = -ENOMEM;
	for (size_t i = 0; !r && i < log->n_triage; i++) {
		const struct bisect_log_triage *t = &log->triage[i];

		if (json_array_append_new(
			    triage,
			    json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:f}",
				      "feature", t->feature, "setting",
				      t->setting, "verdict",
				      bisect_triage_names[t->verdict],
				      "check_exit", t->check_exit, "base_runs",
				      t->base_runs, "cand_runs", t->cand_runs,
				      "check_s", t->check_s)))
			r = -ENOMEM;
	}
	/* "o" steals both arrays, even when the packing fails */
	doc = r ? NULL :
		  json_pack("{s:i,s:O,s:o,s:o}", "schema", log->schema,
			    "settings", log->settings, "steps", steps, "triage",
			    triage);
	if (r) {
		json_decref(steps);
		json_decref(triage);
	} else if (!doc) {
		r = -ENOMEM;
	}
	if (!r)
		r = sb_json_dump_atomic(path, doc);
	json_decref(doc);
	return r;
}
