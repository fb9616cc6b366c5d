/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Config files as data: one table of struct sb_field (common/field.h) per JSON object
 * drives reading into a struct, validation (types, ranges, choices, unknown
 * keys) and the reference docs (sb_jr_doc). sb_jr_load() never prints: it
 * returns -EINVAL with a struct sb_error whose message names the file, the
 * JSON path and the value, e.g. `s.json: workloads[0].count: 0: must be an
 * integer in [1, 4096]`.
 *
 * A format is a tree of tables: an object's keys are read in table order
 * after its unknown keys are refused; a table's init() sets the defaults
 * before, its finish() checks what one key alone cannot say after.
 */
#ifndef SB_JSONREAD_H
#define SB_JSONREAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "common/error.h"
#include "common/field.h"

struct sb_jr_table {
	const char *name; /* the object as the docs title it */
	const struct sb_field *fields;
	size_t n_fields;
	void (*init)(void *obj); /* defaults, before any key is read */
	/*
	 * Objects of several kinds (a kernel descriptor's "type"): does
	 * @obj's kind, from the keys read before, have @key? A key it lacks is
	 * refused with variant_why(@obj) (into @buf) and never required. The
	 * docs name the kinds having @key with kinds_of() ("" for every kind).
	 * NULL: every key is every object's.
	 */
	int (*has_key)(const void *obj, const char *key);
	const char *(*variant_why)(const void *obj, char *buf, size_t len);
	const char *(*kinds_of)(const char *key, char *buf, size_t len);
	/* After every key: checks across keys; 0 or sb_jr_fail*(). */
	int (*finish)(struct sb_jr *r, void *obj, const json_t *j);
	/*
	 * Keys every object of this table has besides its own (a document's
	 * envelope): read first, into the object at head_offset; documented
	 * once, on their own.
	 */
	const struct sb_jr_table *head;
	size_t head_offset;
	/*
	 * Keys not in the table are let through, not refused: for documents
	 * another program may add to (a workload's document).
	 */
	int unknown_keys_ok;
};

#define SB_JR_TABLE(name_, fields_, init_, finish_)                 \
	{                                                           \
		.name = (name_), .fields = (fields_),               \
		.n_fields = sizeof(fields_) / sizeof((fields_)[0]), \
		.init = (init_), .finish = (finish_)                \
	}

/* A reading in progress: the file, the JSON path of the value at hand. */
struct sb_jr {
	const char *file;
	struct sb_error *e;
	void *user; /* for init/finish/check: the caller's context */
	char path[256];
};

/*
 * Read @file (JSON, duplicate keys refused) into @obj by @t. Returns 0, or
 * -EINVAL (an unreadable file too: a file named as input is bad input),
 * -ENOMEM, with @e: "<file>: line L, column C: why" for malformed JSON,
 * "<file>: cannot read: why", else "<file>: <path>: <value> <why>".
 * @user is handed to the hooks as r->user.
 */
int sb_jr_load(const char *file, const struct sb_jr_table *t, void *obj,
	       void *user, struct sb_error *e);
/*
 * sb_jr_load(), the parsed document kept in *@root (the caller's to
 * json_decref) for readers not yet moved to the struct; NULL on error.
 */
int sb_jr_load_keep(const char *file, const struct sb_jr_table *t, void *obj,
		    void *user, json_t **root, struct sb_error *e);

/* Read the parsed @j into @obj by @t at the path r->path. */
int sb_jr_read(struct sb_jr *r, const struct sb_jr_table *t, const json_t *j,
	       void *obj);

/*
 * For hooks: fail at r->path, or at r->path + "." + @key when @key is not
 * NULL, with @v's JSON text (when not NULL) before the reason. A reason
 * starting with ':' follows the value directly ("5: must be ..."), another
 * after a space ("\"x\" is not ..."). Returns -EINVAL.
 */
int sb_jr_fail(struct sb_jr *r, const char *key, const json_t *v,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * A SB_F_CALL parse(): an object kept where it is, a const json_t *
 * into the parsed document (sb_jr_load_keep), for paths to read later.
 */
int sb_jr_keep_object(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len);

/* sb_jr_fail() at @key of the object @obj being read, quoting its value. */
int sb_jr_fail_key(struct sb_jr *r, const json_t *obj, const char *key,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* @t's row of @key, or NULL. */
const struct sb_field *sb_jr_find(const struct sb_jr_table *t, const char *key);

/* For hooks: -ENOMEM, said. */
int sb_jr_oom(struct sb_jr *r);

/* The Markdown reference of @t and the tables under it, onto @f. */
void sb_jr_doc(FILE *f, const struct sb_jr_table *t);

#endif
