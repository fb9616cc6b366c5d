// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the table-driven JSON reader (common/jsonread): types, ranges, paths, arrays, hooks, messages, docs. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/jsonread.h"

struct pt {
	int x;
	char tag[8];
};

struct doc {
	int n;
	double ratio;
	uint64_t wait_ns;
	int on;
	int colour;
	char cpus[16];
	char *label;
	struct pt pts[3];
	int n_pts;
	struct pt *all;
	size_t n_all;
	char words[2][8];
	int n_words;
	int finished;
};

static const char *const colours[] = { "red", "green", NULL };

static const char *tag_why(const void *s)
{
	return strcmp(s, "bad") ? NULL : "is not a good tag";
}

static const struct sb_field pt_fields[] = {
	{ "x", SB_F_INT, offsetof(struct pt, x), .required = 1, .min = 0,
	  .max = 9, .doc = "a digit" },
	{ "tag", SB_F_STRING, offsetof(struct pt, tag), 8, .check = tag_why,
	  .doc = "a tag" },
};

static void pt_init(void *obj)
{
	((struct pt *)obj)->x = -1;
}

static const struct sb_jr_table pt_table =
	SB_JR_TABLE("point", pt_fields, pt_init, NULL);
static const struct sb_field pt_item = { .type = SB_F_OBJECT,
					 .sub = &pt_table };
static const struct sb_field word_item = { .type = SB_F_STRING, .size = 8 };

static int doc_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	struct doc *d = obj;

	d->finished = 1;
	if (d->n == 7)
		return sb_jr_fail(r, "n", json_object_get(j, "n"),
				  "is unlucky");
	return 0;
}

#define D(m) offsetof(struct doc, m)

static const struct sb_field doc_fields[] = {
	{ "n", SB_F_INT, D(n), .required = 1, .min = 1, .max = 10,
	  .doc = "a count" },
	{ "ratio", SB_F_NUMBER, D(ratio), .dmin = 0, .dmax = 1,
	  .doc = "a share" },
	{ "wait", SB_F_DURATION, D(wait_ns), .min = 1,
	  .max = 2 * 3600 * 1000000000LL, .doc = "how long" },
	{ "on", SB_F_BOOL, D(on), .doc = "a switch" },
	{ "colour", SB_F_ENUM, D(colour), .choices = colours,
	  .doc = "a colour" },
	{ "cpus", SB_F_CPULIST, D(cpus), 16, .doc = "where" },
	{ "label", SB_F_STRDUP, D(label), .min = 1,
	  .missing = "missing: every doc has a label", .required = 1,
	  .doc = "a name" },
	{ "pts", SB_F_ARRAY, D(pts), sizeof(struct pt), .max = 3,
	  .item = &pt_item, .count_offset = D(n_pts), .doc = "points" },
	{ "all", SB_F_ARRAY, D(all), sizeof(struct pt), .min = 1,
	  .item = &pt_item, .count_offset = D(n_all), .alloc = 1,
	  .doc = "more points" },
	{ "words", SB_F_ARRAY, D(words), 8, .max = 2, .item = &word_item,
	  .count_offset = D(n_words), .doc = "words" },
	{ "note", SB_F_TEXT, .doc = "for people" },
};

static const struct sb_jr_table doc_table =
	SB_JR_TABLE("doc", doc_fields, NULL, doc_finish);

/* @text read into @d; the message into @msg ("" on success). */
static int read_text(const char *text, struct doc *d, char *msg, size_t len)
{
	struct sb_error e;
	struct sb_jr r = { .file = "f.json", .e = &e };
	json_error_t je;
	json_t *j = json_loads(text, 0, &je);
	int ret;

	assert_non_null(j);
	memset(d, 0, sizeof(*d));
	ret = sb_jr_read(&r, &doc_table, j, d);
	json_decref(j);
	snprintf(msg, len, "%s", ret ? e.msg : "");
	if (ret)
		assert_int_equal(e.code, ret);
	return ret;
}

static void free_doc(struct doc *d)
{
	free(d->label);
	free(d->all);
}

/* 80 characters: longer than a message quotes. */
#define LONG                                       \
	"0123456789012345678901234567890123456789" \
	"0123456789012345678901234567890123456789"

static void test_reads_every_type(void **state)
{
	struct doc d;
	char msg[1024];

	(void)state;
	assert_int_equal(
		read_text("{\"n\": 3, \"ratio\": 0.5, \"wait\": \"2ms\", "
			  "\"on\": true, \"colour\": \"green\", "
			  "\"cpus\": \"0-3:2\", \"label\": \"hi\", "
			  "\"pts\": [{\"x\": 1, \"tag\": \"a\"}, {\"x\": 2}], "
			  "\"all\": [{\"x\": 5}], \"words\": [\"a\", \"bc\"], "
			  "\"note\": \"" LONG LONG LONG LONG "\"}",
			  &d, msg, sizeof(msg)),
		0);
	assert_int_equal(d.n, 3);
	assert_float_equal(d.ratio, 0.5, 0);
	assert_int_equal(d.wait_ns, 2000000);
	assert_int_equal(d.on, 1);
	assert_int_equal(d.colour, 1);
	assert_string_equal(d.cpus, "0-3:2");
	assert_string_equal(d.label, "hi");
	assert_int_equal(d.n_pts, 2);
	assert_string_equal(d.pts[0].tag, "a");
	assert_int_equal(d.pts[1].x, 2);
	assert_int_equal(d.n_all, 1);
	assert_int_equal(d.all[0].x, 5);
	assert_int_equal(d.n_words, 2);
	assert_string_equal(d.words[1], "bc");
	assert_int_equal(d.finished, 1);
	free_doc(&d);
	/* a duration as an integer is nanoseconds */
	assert_int_equal(read_text("{\"n\": 1, \"wait\": 5, \"label\": \"x\", "
				   "\"all\": [{\"x\": 0}]}",
				   &d, msg, sizeof(msg)),
			 0);
	assert_int_equal(d.wait_ns, 5);
	free_doc(&d);
}

/* Each bad document and the message it must give. */
static const struct bad_case {
	const char *text, *message;
} bad_cases[] = {
	{ "[]", "f.json: (top): [] is not an object" },
	{ "{\"n\": 1, \"nn\": 2}", "f.json: nn: unknown key" },
	{ "{\"label\": \"x\"}", "f.json: n: is missing" },
	{ "{\"n\": 1}", "f.json: label: missing: every doc has a label" },
	{ "{\"n\": \"3\"}", "f.json: n: \"3\" is not an integer" },
	{ "{\"n\": 11}", "f.json: n: 11: must be an integer in [1, 10]" },
	{ "{\"n\": 1, \"ratio\": 2}",
	  "f.json: ratio: 2: must be a number in [0, 1]" },
	{ "{\"n\": 1, \"wait\": -1}", "f.json: wait: -1 is negative" },
	{ "{\"n\": 1, \"wait\": \"0s\"}",
	  "f.json: wait: \"0s\" must be greater than zero" },
	{ "{\"n\": 1, \"wait\": \"3h\"}",
	  "f.json: wait: \"3h\" is longer than 2h" },
	{ "{\"n\": 1, \"wait\": \"5xs\"}",
	  "f.json: wait: \"5xs\" is not a duration (units: " },
	{ "{\"n\": 1, \"on\": 1}", "f.json: on: 1 is not true or false" },
	{ "{\"n\": 1, \"colour\": \"blue\"}",
	  "f.json: colour: \"blue\" is not one of red, green" },
	{ "{\"n\": 1, \"cpus\": \"3-1\"}",
	  "f.json: cpus: \"3-1\" is not a CPU list" },
	{ "{\"n\": 1, \"label\": \"\"}", "f.json: label: \"\" is empty" },
	{ "{\"n\": 1, \"label\": \"x\", \"pts\": [{\"x\": 1}, {}]}",
	  "f.json: pts[1].x: is missing" },
	{ "{\"n\": 1, \"label\": \"x\", \"pts\": [{\"x\": 1, \"tag\": "
	  "\"bad\"}]}",
	  "f.json: pts[0].tag: \"bad\" is not a good tag" },
	{ "{\"n\": 1, \"label\": \"x\", \"pts\": [{\"x\": 1, \"tag\": "
	  "\"12345678\"}]}",
	  "f.json: pts[0].tag: \"12345678\" is 8 bytes, longer than the 7 "
	  "allowed" },
	{ "{\"n\": 1, \"label\": \"x\", \"words\": [\"" LONG "\"]}",
	  "f.json: words[0]: is 80 bytes, longer than the 7 allowed" },
	{ "{\"n\": 1, \"label\": \"x\", \"note\": 3}",
	  "f.json: note: 3 is not a string" },
	{ "{\"n\": 1, \"label\": \"x\", \"pts\": [{}, {}, {}, {}]}",
	  "f.json: pts: [{}, {}, {}, {}] is not an array of 0..3 elements" },
	{ "{\"n\": 1, \"label\": \"x\", \"all\": []}",
	  "f.json: all: [] is not an array of at least 1 elements" },
	{ "{\"n\": 1, \"label\": \"x\", \"all\": [{\"x\": 0}, {\"y\": 0}]}",
	  "f.json: all[1].y: unknown key" },
	{ "{\"n\": 1, \"label\": \"x\", \"words\": [\"a\", 2]}",
	  "f.json: words[1]: 2 is not a string" },
	{ "{\"n\": 7, \"label\": \"x\", \"all\": [{\"x\": 0}]}",
	  "f.json: n: 7 is unlucky" },
	/* a value too long to quote is left out */
	{ "{\"n\": \"" LONG "\"}", "f.json: n: is not an integer" },
	{ "{\"n\": 1, \"ratio\": \"" LONG "\"}",
	  "f.json: ratio: must be a number in [0, 1]" },
};

static void test_errors_name_file_path_value(void **state)
{
	char msg[1024];
	struct doc d;

	(void)state;
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		int r = read_text(bad_cases[i].text, &d, msg, sizeof(msg));

		if (r != -EINVAL || strncmp(msg, bad_cases[i].message,
					    strlen(bad_cases[i].message)))
			fail_msg("%s: got %d \"%s\", want \"%s\"",
				 bad_cases[i].text, r, msg,
				 bad_cases[i].message);
		free_doc(&d);
	}
}

/* What an array held when a later element failed is counted, to free. */
static void test_partial_array_is_counted(void **state)
{
	struct doc d;
	char msg[1024];

	(void)state;
	assert_int_equal(read_text("{\"n\": 1, \"label\": \"x\", \"all\": "
				   "[{\"x\": 1}, {\"x\": 99}]}",
				   &d, msg, sizeof(msg)),
			 -EINVAL);
	assert_int_equal(d.n_all, 2);
	assert_int_equal(d.all[0].x, 1);
	free_doc(&d);
}

static void test_load_names_the_file(void **state)
{
	char path[] = "/tmp/test_jsonread_XXXXXX";
	struct sb_error e;
	struct doc d = { 0 };
	FILE *f;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("{\"n\": 1,\n \"label\": }", f);
	fclose(f);
	assert_int_equal(sb_jr_load(path, &doc_table, &d, NULL, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "line 2, column"));
	assert_int_equal(strncmp(e.msg, path, strlen(path)), 0);
	unlink(path);
	assert_int_equal(sb_jr_load(path, &doc_table, &d, NULL, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "cannot read: No such file"));
}

static void test_doc_lists_every_key(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	sb_jr_doc(f, &doc_table);
	fclose(f);
	assert_non_null(strstr(buf, "### doc\n"));
	assert_non_null(strstr(buf, "| `n` | integer in [1, 10] | yes | a "
				    "count |"));
	assert_non_null(
		strstr(buf, "| `colour` | one of `red`, `green` | no |"));
	assert_non_null(strstr(
		buf, "| `pts` | array of 0..3 objects (`point`) | no |"));
	/* the nested table follows its parent's */
	assert_true(strstr(buf, "### point\n") > strstr(buf, "### doc\n"));
	assert_non_null(strstr(buf, "| `x` | integer in [0, 9] | yes |"));
	free(buf);
}

/* What the project's own files need: a head, INT64, ANY, null, unkept. */
struct head_part {
	int version;
};

struct out {
	struct head_part head;
	int64_t big;
	char *note;
	struct pt a, b;
};

static const struct sb_field head_fields[] = {
	{ "version", SB_F_INT, offsetof(struct head_part, version), .min = 3,
	  .max = 3, .doc = "the version" },
};

static const struct sb_jr_table head_table =
	SB_JR_TABLE("head", head_fields, NULL, NULL);

static const struct sb_field out_fields[] = {
	{ "big", SB_F_INT64, offsetof(struct out, big), .min = 0,
	  .max = INT64_MAX, .doc = "a count" },
	{ "note", SB_F_STRDUP, offsetof(struct out, note), .nullable = 1,
	  .doc = "a note" },
	{ "blob", SB_F_ANY, .type_doc = "anything", .doc = "not read" },
	{ "level", SB_F_INT, .check_only = 1, .min = 0, .max = 5,
	  .doc = "checked" },
	{ "a", SB_F_OBJECT, offsetof(struct out, a), .sub = &pt_table,
	  .doc = "one point" },
	{ "b", SB_F_OBJECT, offsetof(struct out, b), .sub = &pt_table,
	  .doc = "another" },
};

static const struct sb_jr_table out_table = {
	.name = "out",
	.fields = out_fields,
	.n_fields = sizeof(out_fields) / sizeof(out_fields[0]),
	.head = &head_table,
	.head_offset = offsetof(struct out, head),
};

/* @text read by out_table into @o: 0, or the message in @msg. */
static int read_out(const char *text, struct out *o, char *msg, size_t len)
{
	struct sb_error e;
	struct sb_jr r = { .file = "o.json", .e = &e };
	json_t *j = json_loads(text, 0, NULL);
	int ret;

	assert_non_null(j);
	memset(o, 0, sizeof(*o));
	ret = sb_jr_read(&r, &out_table, j, o);
	json_decref(j);
	snprintf(msg, len, "%s", ret ? e.msg : "");
	return ret;
}

static void test_output_rows(void **state)
{
	char msg[1024], *buf = NULL;
	size_t len = 0;
	struct out o;
	FILE *f;

	(void)state;
	assert_int_equal(read_out("{\"version\": 3, \"big\": 5000000000, "
				  "\"note\": null, \"blob\": [1, {}], "
				  "\"level\": 4, \"a\": {\"x\": 2}}",
				  &o, msg, sizeof(msg)),
			 0);
	assert_int_equal(o.head.version, 3);
	assert_true(o.big == 5000000000LL);
	assert_null(o.note);
	assert_int_equal(o.a.x, 2);
	assert_int_equal(o.b.x, 0); /* absent: never read, never inited */
	assert_int_equal(read_out("{\"version\": 4}", &o, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg, "o.json: version: 4: must be 3");
	assert_int_equal(read_out("{\"big\": -1}", &o, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(
		msg, "o.json: big: -1: must be an integer of at least 0");
	assert_int_equal(read_out("{\"level\": 6}", &o, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg,
			    "o.json: level: 6: must be an integer in [0, 5]");
	assert_int_equal(read_out("{\"nope\": 1}", &o, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg, "o.json: nope: unknown key");
	assert_non_null(sb_jr_find(&out_table, "version")); /* the head's */
	assert_null(sb_jr_find(&out_table, "nope"));

	f = open_memstream(&buf, &len);
	sb_jr_doc(f, &out_table);
	fclose(f);
	assert_non_null(strstr(buf, "The keys of `head`, and:"));
	assert_non_null(strstr(buf, "| `big` | integer of at least 0 | no |"));
	assert_non_null(strstr(buf, "| `note` | string, or null | no |"));
	assert_non_null(strstr(buf, "| `blob` | anything | no | not read |"));
	/* a table under two keys is shown once */
	assert_non_null(strstr(buf, "### point\n"));
	assert_null(strstr(strstr(buf, "### point\n") + 1, "### point\n"));
	free(buf);
}

/* A MAP's element: a point under the name the file gave it. */
struct named_pt {
	struct pt pt; /* the item's rows read at the element's start */
	char *name;
};

struct pt_map {
	struct named_pt *by_name;
	size_t n;
};

static const struct sb_field map_fields[] = {
	{ "by_name", SB_F_MAP, offsetof(struct pt_map, by_name),
	  sizeof(struct named_pt), .item = &pt_item,
	  .count_offset = offsetof(struct pt_map, n),
	  .key_offset = offsetof(struct named_pt, name),
	  .doc = "points by name" },
};

static const struct sb_jr_table map_table =
	SB_JR_TABLE("map", map_fields, NULL, NULL);

/* @text read by map_table into @m (freed by the caller); its return. */
static int read_map_text(const char *text, struct pt_map *m, char *msg,
			 size_t len)
{
	struct sb_error e;
	struct sb_jr r = { .file = "f.json", .e = &e };
	json_t *j = json_loads(text, 0, NULL);
	int ret;

	assert_non_null(j);
	memset(m, 0, sizeof(*m));
	ret = sb_jr_read(&r, &map_table, j, m);
	json_decref(j);
	snprintf(msg, len, "%s", ret ? e.msg : "");
	return ret;
}

static void free_map(struct pt_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->by_name[i].name);
	free(m->by_name);
}

/*
 * A MAP keeps the file's names in the file's order, each entry read by the
 * item's rows; a bad entry is named by its key, what was read counted to
 * free; its docs name the item's table and show it.
 */
static void test_map(void **state)
{
	struct pt_map m;
	char msg[1024], *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_int_equal(read_map_text("{\"by_name\": {\"b\": {\"x\": 2}, "
				       "\"a\": {\"x\": 1, \"tag\": \"t\"}}}",
				       &m, msg, sizeof(msg)),
			 0);
	assert_int_equal(m.n, 2);
	assert_string_equal(m.by_name[0].name, "b");
	assert_int_equal(m.by_name[0].pt.x, 2);
	assert_string_equal(m.by_name[1].name, "a");
	assert_string_equal(m.by_name[1].pt.tag, "t");
	free_map(&m);
	assert_int_equal(
		read_map_text("{\"by_name\": {}}", &m, msg, sizeof(msg)), 0);
	assert_int_equal(m.n, 0);
	assert_non_null(m.by_name); /* there, empty: not absent */
	free_map(&m);
	assert_int_equal(read_map_text("{\"by_name\": {\"a\": {\"x\": 1}, "
				       "\"b\": {\"x\": 99}}}",
				       &m, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg,
			    "f.json: by_name.b.x: 99: must be an integer in "
			    "[0, 9]");
	assert_int_equal(m.n, 2);
	assert_string_equal(m.by_name[0].name, "a");
	assert_null(m.by_name[1].name);
	free_map(&m);
	assert_int_equal(read_map_text("{\"by_name\": []}", &m, msg,
				       sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg, "f.json: by_name: [] is not an object");
	free_map(&m);
	f = open_memstream(&buf, &len);
	sb_jr_doc(f, &map_table);
	fclose(f);
	assert_non_null(strstr(buf, "| `by_name` | object of `<name>`: object "
				    "(`point`) | no | points by name |"));
	assert_non_null(strstr(buf, "### point\n"));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_every_type),
		cmocka_unit_test(test_errors_name_file_path_value),
		cmocka_unit_test(test_partial_array_is_counted),
		cmocka_unit_test(test_load_names_the_file),
		cmocka_unit_test(test_doc_lists_every_key),
		cmocka_unit_test(test_output_rows),
		cmocka_unit_test(test_map),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
