// SPDX-License-Identifier: GPL-2.0
/* The journal of a check's looks (runs, levels, verdict): what a resume replays, look by look, and never spends again. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/jsonread.h"
#include "common/jsonwrite.h"
#include "merge/check_journal.h"

#define LOOK(m) offsetof(struct check_journal_look, m)
#define HEAD(m) offsetof(struct check_journal, head.m)
#define HEAD_STRING(m) \
	SB_F_STRING, HEAD(m), sizeof(((struct check_journal *)0)->head.m)

static const char *const outcomes[] = { "regression",	     "pass",
					"bad input",	     "cannot decide",
					"could not measure", NULL };

static const struct sb_field run_id = { .type = SB_F_STRDUP };

static const struct sb_field look_fields[] = {
	{ "look", SB_F_INT, LOOK(look), .min = 1, .max = 1000000, .required = 1,
	  .doc = "the look's number, from 1" },
	{ "round", SB_F_INT, LOOK(round), .min = 0, .max = 1000000,
	  .required = 1,
	  .doc = "the round (runs of each side) it was made at" },
	{ "base_runs", SB_F_ARRAY, LOOK(base_runs), sizeof(char *),
	  .item = &run_id, .count_offset = LOOK(n_base), .alloc = 1,
	  .doc = "the base's runs it read (run ids)" },
	{ "cand_runs", SB_F_ARRAY, LOOK(cand_runs), sizeof(char *),
	  .item = &run_id, .count_offset = LOOK(n_cand), .alloc = 1,
	  .doc = "the candidate's" },
	{ "failed_runs", SB_F_ARRAY, LOOK(failed_runs), sizeof(char *),
	  .item = &run_id, .count_offset = LOOK(n_failed), .alloc = 1,
	  .doc = "the runs lost on either side" },
	{ "information", SB_F_NUMBER, LOOK(information), .dmin = 0,
	  .dmax = 1000,
	  .doc = "the share of --max-repeats runs a side it had (the "
		 "harmonic mean of both sides')" },
	{ "alpha", SB_F_NUMBER, LOOK(alpha), .dmin = 0, .dmax = 1,
	  .doc = "the regression level spent at it" },
	{ "pass_alpha", SB_F_NUMBER, LOOK(pass_alpha), .dmin = 0, .dmax = 1,
	  .doc = "the pass level spent at it" },
	{ "outcome", SB_F_ENUM, LOOK(outcome), .choices = outcomes,
	  .doc = "what it said" },
	{ "exit_code", SB_F_INT, LOOK(exit_code), .min = 0, .max = 255,
	  .doc = "the exit code it gave" },
};

static const struct sb_jr_table look_table =
	SB_JR_TABLE("check journal: looks[]", look_fields, NULL, NULL);
static const struct sb_field look_item = { .type = SB_F_OBJECT,
					   .sub = &look_table };

/* In the order the file has them: the settings, then the looks. */
static const struct sb_field journal_fields[] = {
	{ "schema", SB_F_INT, HEAD(schema), .min = 1, .max = 2, .required = 1,
	  .doc = "the version of this format: 2 (a journal of 1 holding no "
		 "look is begun afresh; with looks, a schema other than this "
		 "check's is refused as any other setting)" },
	{ "spending", HEAD_STRING(spending),
	  .doc = "the alpha spending function" },
	{ "base", HEAD_STRING(base), .doc = "the base kernel" },
	{ "cand", HEAD_STRING(cand), .doc = "the candidate kernel" },
	{ "feature_set", HEAD_STRING(feature_set),
	  .doc = "the scenario's feature set" },
	{ "max_repeats", SB_F_INT, HEAD(max_repeats), .min = 1, .max = 1000000,
	  .doc = "--max-repeats" },
	{ "min_runs", SB_F_INT, HEAD(min_runs), .min = 1, .max = 1000000,
	  .doc = "the rules' min_runs" },
	{ "rules", SB_F_INT, HEAD(rules), .min = 1, .max = 1000000,
	  .doc = "how many rules" },
	{ "alpha", SB_F_NUMBER, HEAD(alpha), .dmin = 0, .dmax = 1,
	  .doc = "the rules' alpha" },
	{ "pass_error", SB_F_NUMBER, HEAD(pass_error), .dmin = 0, .dmax = 1,
	  .doc = "1 - the rules' pass_confidence" },
	{ "rules_sha256", HEAD_STRING(rules_sha256),
	  .doc = "of the rules file" },
	{ "scenario_sha256", HEAD_STRING(scenario_sha256),
	  .doc = "of the scenario file" },
	{ "cand_feature_set", HEAD_STRING(cand_feature_set),
	  .doc = "the candidate's own set, when it has one" },
	{ "looks", SB_F_ARRAY, offsetof(struct check_journal, looks),
	  sizeof(struct check_journal_look), .required = 1, .item = &look_item,
	  .count_offset = offsetof(struct check_journal, n_looks), .alloc = 1,
	  .doc = "the looks made, in order: what a resume replays" },
};

const struct sb_jr_table check_journal_format = SB_JR_TABLE(
	"check journal (`check-journal.json`)", journal_fields, NULL, NULL);

int check_journal_outcome(const char *name)
{
	for (int i = 0; outcomes[i]; i++)
		if (!strcmp(outcomes[i], name))
			return i;
	return -1;
}

static void free_ids(char **ids, size_t n)
{
	for (size_t i = 0; ids && i < n; i++)
		free(ids[i]);
	free(ids);
}

void check_journal_look_free(struct check_journal_look *look)
{
	free_ids(look->base_runs, look->n_base);
	free_ids(look->cand_runs, look->n_cand);
	free_ids(look->failed_runs, look->n_failed);
	look->base_runs = look->cand_runs = look->failed_runs = NULL;
	look->n_base = look->n_cand = look->n_failed = 0;
}

/* Row @f's value in @obj as the journal's text holds it; NULL: none. */
static char *text_of(const struct sb_field *f, const void *obj)
{
	json_t *v = sb_jw_value(f, obj);
	char *t =
		v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
					  JSON_REAL_PRECISION(SB_JSON_DIGITS)) :
		    NULL;

	json_decref(v);
	return t;
}

/*
 * The first row of @t (but "looks") whose value differs between @have and
 * @want, as the file's text holds them (reals at its precision), or NULL;
 * @had and @wanted: their texts (NULL: none), the caller's to free.
 */
static const char *first_difference(const struct sb_jr_table *t,
				    const void *have, const void *want,
				    char **had, char **wanted)
{
	for (size_t i = 0; i < t->n_fields; i++) {
		const struct sb_field *f = &t->fields[i];
		char *a, *b;

		if (f->item == &look_item)
			continue;
		a = text_of(f, have);
		b = text_of(f, want);
		if (a && b ? !strcmp(a, b) : a == b) {
			free(a);
			free(b);
			continue;
		}
		*had = a;
		*wanted = b;
		return f->key;
	}
	return NULL;
}

/* The journal as the file holds it, from its structs. */
static int journal_write(const struct check_journal *jn)
{
	json_t *doc = sb_jw_object(&check_journal_format, jn);
	json_t *looks = json_array();
	int r = doc && looks ? 0 : -ENOMEM;

	for (size_t i = 0; !r && i < jn->n_looks; i++)
		if (json_array_append_new(looks, sb_jw_object(&look_table,
							      &jn->looks[i])))
			r = -ENOMEM;
	if (!r && json_object_set_new(doc, "looks", looks))
		r = -ENOMEM;
	else if (r)
		json_decref(looks);
	if (!r)
		r = sb_json_dump_atomic(jn->path, doc);
	json_decref(doc);
	return r;
}

static void free_looks(struct check_journal *jn)
{
	for (size_t i = 0; jn->looks && i < jn->n_looks; i++)
		check_journal_look_free(&jn->looks[i]);
	free(jn->looks);
	jn->looks = NULL;
	jn->n_looks = 0;
}

int check_journal_open(struct check_journal *jn, const char *root,
		       const struct check_journal_head *head,
		       struct sb_error *e)
{
	struct check_journal want = { .head = *head };
	const char *key;
	char *had = NULL, *wanted = NULL;
	int r;

	*jn = (struct check_journal){ 0 };
	snprintf(jn->path, sizeof(jn->path), "%s/%s", root, CHECK_JOURNAL_FILE);
	if (!access(jn->path, F_OK)) {
		r = sb_jr_load(jn->path, &check_journal_format, jn, NULL, e);
		if (r) {
			free_looks(jn);
			return r;
		}
		if (jn->n_looks)
			jn->last_round =
				(unsigned int)jn->looks[jn->n_looks - 1].round;
		jn->held = jn->n_looks;
	}
	if (!jn->held) { /* nothing to replay: begun afresh */
		free_looks(jn);
		jn->head = *head;
		return 0;
	}
	key = first_difference(&check_journal_format, jn, &want, &had, &wanted);
	if (!key)
		return 0;
	r = sb_error_set(e, -EINVAL, jn->path, key, had ? had : "(none)",
			 "the journal was made with %s; this check has %s "
			 "(--new starts afresh)",
			 had ? had : "none", wanted ? wanted : "none");
	free(had);
	free(wanted);
	free_looks(jn); /* a failed open holds nothing */
	return r;
}

int check_journal_look(struct check_journal *jn,
		       struct check_journal_look *look, struct sb_error *e)
{
	struct check_journal_look *more;
	const char *key;
	char *had = NULL, *wanted = NULL, path[64];
	int r;

	if (jn->made < jn->held) {
		key = first_difference(&look_table, &jn->looks[jn->made], look,
				       &had, &wanted);
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
		free(wanted);
		check_journal_look_free(look);
		jn->made += r == 1;
		return r;
	}
	more = realloc(jn->looks, (jn->n_looks + 1) * sizeof(*more));
	if (!more) {
		check_journal_look_free(look);
		return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
				    "out of memory");
	}
	jn->looks = more;
	more[jn->n_looks++] = *look;
	*look = (struct check_journal_look){ 0 };
	jn->made++;
	r = journal_write(jn);
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
	free_looks(jn);
}
