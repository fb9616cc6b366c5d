// SPDX-License-Identifier: GPL-2.0
/* The journal of a check's looks (runs, levels, verdict): what a resume replays, look by look, and never spends again. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/jsonread.h"
#include "merge/check_journal.h"

/* What the file's rows keep: the looks' count and the last one's round. */
struct journal_read {
	size_t n_looks;
	struct journal_look {
		int round;
	} * looks;
};

#define LOOK(m) offsetof(struct journal_look, m)

static const char *const outcomes[] = { "regression",	     "pass",
					"bad input",	     "cannot decide",
					"could not measure", NULL };

static const struct sb_field look_fields[] = {
	{ "look", SB_F_INT64, .check_only = 1, .min = 1, .max = 1000000,
	  .required = 1, .doc = "the look's number, from 1" },
	{ "round", SB_F_INT, LOOK(round), .min = 0, .max = 1000000,
	  .required = 1,
	  .doc = "the round (runs of each side) it was made at" },
	{ "base_runs", SB_F_ANY, .type_doc = "array of run ids",
	  .doc = "the base's runs it read" },
	{ "cand_runs", SB_F_ANY, .type_doc = "array of run ids",
	  .doc = "the candidate's" },
	{ "failed_runs", SB_F_ANY, .type_doc = "array of run ids",
	  .doc = "the runs lost on either side" },
	{ "information", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 1000,
	  .doc = "the share of --max-repeats runs a side it had (the "
		 "harmonic mean of both sides')" },
	{ "alpha", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 1,
	  .doc = "the regression level spent at it" },
	{ "pass_alpha", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 1,
	  .doc = "the pass level spent at it" },
	{ "outcome", SB_F_ENUM, .check_only = 1, .choices = outcomes,
	  .doc = "what it said" },
	{ "exit_code", SB_F_INT, .check_only = 1, .min = 0, .max = 255,
	  .doc = "the exit code it gave" },
};

static const struct sb_jr_table look_table =
	SB_JR_TABLE("check journal: looks[]", look_fields, NULL, NULL);
static const struct sb_field look_item = { .type = SB_F_OBJECT,
					   .sub = &look_table };

static const struct sb_field journal_fields[] = {
	{ "schema", SB_F_INT, .check_only = 1, .min = 1, .max = 2,
	  .required = 1,
	  .doc = "the version of this format: 2 (a journal of 1 holding no "
		 "look is begun afresh; with looks, a schema other than this "
		 "check's is refused as any other setting)" },
	{ "spending", SB_F_TEXT, .doc = "the alpha spending function" },
	{ "base", SB_F_TEXT, .doc = "the base kernel" },
	{ "cand", SB_F_TEXT, .doc = "the candidate kernel" },
	{ "feature_set", SB_F_TEXT, .doc = "the scenario's feature set" },
	{ "cand_feature_set", SB_F_TEXT,
	  .doc = "the candidate's own set, when it has one" },
	{ "max_repeats", SB_F_INT, .check_only = 1, .min = 1, .max = 1000000,
	  .doc = "--max-repeats" },
	{ "min_runs", SB_F_INT, .check_only = 1, .min = 1, .max = 1000000,
	  .doc = "the rules' min_runs" },
	{ "rules", SB_F_INT, .check_only = 1, .min = 1, .max = 1000000,
	  .doc = "how many rules" },
	{ "alpha", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 1,
	  .doc = "the rules' alpha" },
	{ "pass_error", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 1,
	  .doc = "1 - the rules' pass_confidence" },
	{ "rules_sha256", SB_F_TEXT, .doc = "of the rules file" },
	{ "scenario_sha256", SB_F_TEXT, .doc = "of the scenario file" },
	{ "looks", SB_F_ARRAY, offsetof(struct journal_read, looks),
	  sizeof(struct journal_look), .required = 1, .item = &look_item,
	  .count_offset = offsetof(struct journal_read, n_looks), .alloc = 1,
	  .doc = "the looks made, in order: what a resume replays" },
};

const struct sb_jr_table check_journal_format = SB_JR_TABLE(
	"check journal (`check-journal.json`)", journal_fields, NULL, NULL);

/* A value as the journal's text holds it (reals at the file's precision). */
static char *text_of(const json_t *v)
{
	return json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
				     JSON_PRESERVE_ORDER |
				     JSON_REAL_PRECISION(15));
}

/* The first key of @want whose value differs in @have, or NULL. */
static const char *first_difference(const json_t *have, const json_t *want,
				    char **had)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)want, key, v) {
		char *a = text_of(v), *b = text_of(json_object_get(have, key));
		int same = a && b && !strcmp(a, b);

		free(a);
		if (!same) {
			*had = b;
			return key;
		}
		free(b);
	}
	return NULL;
}

int check_journal_open(struct check_journal *jn, const char *root, json_t *head,
		       struct sb_error *e)
{
	struct journal_read rd = { 0 };
	const char *key;
	char *had = NULL;
	int r;

	*jn = (struct check_journal){ 0 };
	snprintf(jn->path, sizeof(jn->path), "%s/%s", root, CHECK_JOURNAL_FILE);
	if (!head)
		return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
				    "out of memory");
	if (!access(jn->path, F_OK)) {
		r = sb_jr_load_keep(jn->path, &check_journal_format, &rd, NULL,
				    &jn->doc, e);
		if (!r && rd.n_looks)
			jn->last_round =
				(unsigned int)rd.looks[rd.n_looks - 1].round;
		jn->held = rd.n_looks;
		free(rd.looks);
		if (r) {
			json_decref(head);
			return r;
		}
	}
	if (!jn->held) { /* nothing to replay: begun afresh */
		json_decref(jn->doc);
		jn->doc = head;
		if (json_object_set_new(head, "looks", json_array()))
			return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
					    "out of memory");
		return 0;
	}
	key = first_difference(jn->doc, head, &had);
	if (key) {
		char *want = text_of(json_object_get(head, key));
		int r = sb_error_set(e, -EINVAL, jn->path, key,
				     had ? had : "(none)",
				     "the journal was made with %s; this "
				     "check has %s (--new starts afresh)",
				     had ? had : "none", want ? want : "?");

		free(want);
		free(had);
		json_decref(head);
		json_decref(jn->doc); /* a failed open holds nothing */
		jn->doc = NULL;
		return r;
	}
	json_decref(head);
	return 0;
}

int check_journal_look(struct check_journal *jn, json_t *look,
		       struct sb_error *e)
{
	json_t *looks = json_object_get(jn->doc, "looks");
	const char *key;
	char *had = NULL, path[64];
	int r;

	if (!look)
		return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
				    "out of memory");
	if (jn->made < jn->held) {
		const json_t *old = json_array_get(looks, jn->made);

		key = first_difference(old, look, &had);
		if (!key && json_object_size(old) != json_object_size(look))
			key = "(fields)";
		snprintf(path, sizeof(path), "looks[%zu].%s", jn->made,
			 key ? key : "");
		r = key ? sb_error_set(
				  e, -EINVAL, jn->path, path,
				  had ? had : "(none)",
				  "the runs on disk now give another look: "
				  "the journal's looks cannot be replayed "
				  "(--new starts afresh)") :
			  1;
		free(had);
		json_decref(look);
		jn->made += r == 1;
		return r;
	}
	if (json_array_append_new(looks, look))
		return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
				    "out of memory");
	jn->made++;
	r = sb_json_dump_atomic(jn->path, jn->doc);
	return r ? sb_error_set(e, r, jn->path, NULL, NULL, "cannot write: %s",
				strerror(-r)) :
		   0;
}

unsigned int check_journal_last_round(const struct check_journal *jn)
{
	return jn->last_round;
}

int check_journal_finish(const struct check_journal *jn, struct sb_error *e)
{
	char path[32];

	if (jn->made >= jn->held)
		return 0;
	snprintf(path, sizeof(path), "looks[%zu]", jn->made);
	return sb_error_set(e, -EINVAL, jn->path, path, NULL,
			    "the journal holds %zu looks, the runs on disk "
			    "led to %zu: they cannot be replayed (--new "
			    "starts afresh)",
			    jn->held, jn->made);
}

void check_journal_free(struct check_journal *jn)
{
	json_decref(jn->doc);
	jn->doc = NULL;
}
