// SPDX-License-Identifier: GPL-2.0
/* The journal of a check's looks (runs, levels, verdict): what a resume replays, look by look, and never spends again. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "harness/check_journal.h"

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
	json_error_t je;
	json_t *looks = NULL;
	const char *key;
	char *had = NULL;

	*jn = (struct check_journal){ 0 };
	snprintf(jn->path, sizeof(jn->path), "%s/%s", root, CHECK_JOURNAL_FILE);
	if (!head)
		return sb_error_set(e, -ENOMEM, jn->path, NULL, NULL,
				    "out of memory");
	if (!access(jn->path, F_OK)) {
		jn->doc = json_load_file(jn->path, 0, &je);
		looks = json_object_get(jn->doc, "looks");
		if (!jn->doc || !json_is_array(looks)) {
			json_decref(head);
			return sb_error_set(e, -EINVAL, jn->path,
					    jn->doc ? "looks" : NULL, NULL,
					    "%s",
					    jn->doc ? "not an array" : je.text);
		}
	}
	if (!json_array_size(looks)) { /* nothing to replay: begun afresh */
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
		return r;
	}
	json_decref(head);
	jn->held = json_array_size(looks);
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
	const json_t *last =
		json_array_get(json_object_get(jn->doc, "looks"), jn->held - 1);

	return jn->held ? (unsigned int)json_integer_value(
				  json_object_get(last, "round")) :
			  0;
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
