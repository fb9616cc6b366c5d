/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one row type: a struct sb_field describes one setting once (name,
 * type, place in a struct, range or choices, metavar, doc) for both engines
 * that read settings: command-line options (common/opts.h, sb_cli) and the
 * keys of JSON files (common/jsonread.h, sb_jr). A row's offset is into the
 * struct the engine is handed, so tables are file-scope constants.
 *
 * Most types serve both engines; a few are for one only (marked CLI or
 * JSON below). A range is checked when max > min (CLI) and as jsonread.h
 * says for JSON; a setting read both ways shares its bounds (one constant).
 */
#ifndef SB_FIELD_H
#define SB_FIELD_H

#include <stddef.h>
#include <stdint.h>

enum sb_field_type {
	/*
	 * char[size]; JSON: at least min bytes when min > 0; CLI: the value
	 * copied, refused when it does not fit.
	 */
	SB_F_STRING,
	SB_F_STRDUP, /* JSON: char *, malloc'd; at least min bytes when min > 0 */
	SB_F_TEXT, /* JSON: a string for people, of any length; not stored */
	SB_F_BOOL, /* JSON: int: 0 or 1 */
	SB_F_INT, /* int, in [min, max] */
	SB_F_INT64, /* int64_t, in [min, max] */
	SB_F_NUMBER, /* JSON: double, in [dmin, dmax] */
	SB_F_DURATION, /* uint64_t ns: "500us" or ns; [min, max] */
	SB_F_CPULIST, /* JSON: char[size]: a CPU list (common/cpulist.h) */
	SB_F_ENUM, /* int: the index of the string in choices */
	SB_F_OBJECT, /* JSON: the keys of sub, into the struct at offset */
	/*
	 * JSON: min..max elements of item, the first at offset, size bytes
	 * apart; their count in the int at count_offset. With alloc, the
	 * elements are calloc'd and offset holds their pointer, count_offset a
	 * size_t.
	 */
	SB_F_ARRAY,
	/*
	 * JSON: an object whose keys the file names (a workload's metrics),
	 * each value read by item into calloc'd elements size bytes apart, their
	 * pointer at offset, their count in the size_t at count_offset; each
	 * key strdup'd into the char * at key_offset of its element.
	 */
	SB_F_MAP,
	/* parse() (JSON) or parse_arg() (CLI): values no type says */
	SB_F_CALL,
	/*
	 * JSON: any value, not stored: a part of the project's own files that
	 * no reader reads back (type_doc names it, the docs' prose says it).
	 */
	SB_F_ANY,
	SB_F_FLAG, /* CLI: no value; int, set to 1 */
	SB_F_U64, /* CLI: decimal, no sign; uint64_t, [min, max] */
	SB_F_CPUSET, /* CLI: a CPU list "0-3,6" into a cpu_set_t */
	SB_F_ARG, /* CLI: const char *, pointing into argv */
};

struct sb_jr;
struct sb_jr_table;
struct json_t;

struct sb_field {
	/*
	 * The members up to doc are in the order JSON tables give them by
	 * position ({ "key", SB_F_INT, offset, size, required, ... }); the
	 * command line's own come after.
	 */
	/* JSON: the key, NULL for an array's item; CLI: the long name
	 * without "--", NULL ending a table */
	const char *key;
	enum sb_field_type type;
	size_t offset, size;
	int required;
	int nullable; /* JSON null is read as the key's absence */
	/* A scalar (INT, INT64, NUMBER, BOOL, ENUM, DURATION) checked, not
	 * kept: offset is then unused. */
	int check_only;
	const char *missing; /* the message when a required key is absent */
	int64_t min,
		max; /* INT, INT64, U64, DURATION, ARRAY count; STRING min */
	double dmin, dmax; /* NUMBER */
	const char *const *choices; /* ENUM: NULL-terminated */
	const struct sb_jr_table *sub; /* OBJECT, an ARRAY item's object */
	const struct sb_field *item; /* ARRAY, MAP: one element */
	size_t count_offset; /* ARRAY, MAP */
	int alloc; /* ARRAY */
	/* After a STRING, CPULIST or CALL value is stored: NULL or why not. */
	const char *(*check)(const void *dest);
	/*
	 * JSON CALL: @v into @dest (the place of field @f); 0, -ENOMEM, or
	 * -EINVAL with what is wrong with @v in @why.
	 */
	int (*parse)(struct sb_jr *r, const struct sb_field *f,
		     const struct json_t *v, void *dest, char *why, size_t len);
	const char *type_doc; /* CALL: the type as the docs say it */
	const char *doc; /* one line */
	int short_name; /* CLI: 0 = none */
	/*
	 * CLI: SB_GIVEN(): the place of an int set to 1 when the option
	 * appears; 0: none.
	 */
	size_t given;
	const char *metavar; /* CLI: "N", "D", "LIST", "FILE" */
	/* CLI CALL: 0, or -errno with what is wrong with @value in *@why. */
	int (*parse_arg)(void *dest, const char *value, const char **why);
	size_t key_offset; /* JSON MAP: an element's char * for its key */
};

/* A row's given: the int @member of @type; 0 means no such int. */
#define SB_GIVEN(type, member) (offsetof(type, member) + 1)

/* The place of field @f in the struct at @base. */
static inline void *sb_field_at(const struct sb_field *f, void *base)
{
	return (char *)base + f->offset;
}

/* The CLI row of every command's --help (one wording): the int @member. */
#define SB_F_HELP_ROW(st, member)                                    \
	{                                                            \
		.key = "help", .short_name = 'h', .type = SB_F_FLAG, \
		.offset = offsetof(st, member),                      \
		.doc = "show this help and exit"                     \
	}

#endif
