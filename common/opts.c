// SPDX-License-Identifier: GPL-2.0
/* Table-driven option parsing, validation and --help for every command (the usage-error report is common/cmd_opts.c's). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/cpulist.h"
#include "common/duration.h"
#include "common/opts.h"
#include "common/valcheck.h"

static const char *global_help;

void sb_cli_set_global_help(const char *text)
{
	global_help = text;
}

/* A row found, and the place of its value. */
struct hit {
	const struct sb_field *o;
	void *dest;
	void *base; /* for the row's given */
};

static int end_of_tables(const struct sb_cli *cli, const struct sb_cli_table *t)
{
	return t == cli->tables + SB_CLI_TABLES || !t->rows;
}

/* The row of long name @name (@len bytes) or short name @c. */
static struct hit find(const struct sb_cli *cli, const char *name, size_t len,
		       int c)
{
	for (const struct sb_cli_table *t = cli->tables; !end_of_tables(cli, t);
	     t++)
		for (const struct sb_field *o = t->rows; o->key; o++)
			if (name ? strlen(o->key) == len &&
					    !strncmp(o->key, name, len) :
				   o->short_name == c)
				return (struct hit){ o, sb_field_at(o, t->base),
						     t->base };
	return (struct hit){ NULL, NULL, NULL };
}

/* "--name: "value" why"; -EINVAL. */
static int bad_value(const struct sb_field *o, const char *v, const char *why,
		     char *err, size_t errlen)
{
	snprintf(err, errlen, "--%s: \"%s\" %s", o->key, v, why);
	return -EINVAL;
}

static int out_of_range_error(const struct sb_field *o, const char *v,
			      char *err, size_t errlen)
{
	char range[80], why[96];

	snprintf(why, sizeof(why), "is out of range %s",
		 sb_range_text(range, sizeof(range), o->min, o->max,
			       o->type == SB_F_DURATION));
	return bad_value(o, v, why, err, errlen);
}

static int parse_int(struct hit h, const char *v, char *err, size_t errlen)
{
	int64_t x;

	if (sb_parse_i64(v, &x) ||
	    (h.o->type == SB_F_INT && (x < INT32_MIN || x > INT32_MAX)))
		return bad_value(h.o, v, "is not an integer", err, errlen);
	if (sb_out_of_range(x, h.o->min, h.o->max))
		return out_of_range_error(h.o, v, err, errlen);
	if (h.o->type == SB_F_INT)
		*(int *)h.dest = (int)x;
	else
		*(int64_t *)h.dest = x;
	return 0;
}

static int parse_u64(struct hit h, const char *v, char *err, size_t errlen)
{
	uint64_t x;

	if (sb_parse_u64(v, &x))
		return bad_value(h.o, v, "is not a whole number", err, errlen);
	if (sb_out_of_range_u64(x, h.o->min, h.o->max))
		return out_of_range_error(h.o, v, err, errlen);
	*(uint64_t *)h.dest = x;
	return 0;
}

static int parse_duration(struct hit h, const char *v, char *err, size_t errlen)
{
	uint64_t ns;

	if (sb_parse_duration_ns(v, &ns))
		return bad_value(h.o, v, SB_WHY_NOT_DURATION, err, errlen);
	if (sb_out_of_range_u64(ns, h.o->min, h.o->max))
		return out_of_range_error(h.o, v, err, errlen);
	*(uint64_t *)h.dest = ns;
	return 0;
}

static int parse_enum(struct hit h, const char *v, char *err, size_t errlen)
{
	char why[512];

	if (!sb_enum_find(v, h.o->choices, (int *)h.dest))
		return 0;
	return bad_value(h.o, v, sb_enum_why(why, sizeof(why), h.o->choices),
			 err, errlen);
}

static int parse_string(struct hit h, const char *v, char *err, size_t errlen)
{
	char why[64];

	if (strlen(v) >= h.o->size) {
		snprintf(why, sizeof(why), "is longer than %zu bytes",
			 h.o->size - 1);
		return bad_value(h.o, v, why, err, errlen);
	}
	memcpy(h.dest, v, strlen(v) + 1);
	return 0;
}

/* @v: the value (for a flag, the word that set it). */
static int set_value(struct hit h, const char *v, char *err, size_t errlen)
{
	const char *why = "is not valid";
	int ret = 0;

	switch (h.o->type) {
	case SB_F_FLAG:
		*(int *)h.dest = 1;
		break;
	case SB_F_INT:
	case SB_F_INT64:
		ret = parse_int(h, v, err, errlen);
		break;
	case SB_F_U64:
		ret = parse_u64(h, v, err, errlen);
		break;
	case SB_F_DURATION:
		ret = parse_duration(h, v, err, errlen);
		break;
	case SB_F_CPUSET:
		ret = sb_cpulist_parse(v, (cpu_set_t *)h.dest);
		if (ret)
			bad_value(h.o, v, SB_WHY_NOT_CPULIST, err, errlen);
		break;
	case SB_F_ENUM:
		ret = parse_enum(h, v, err, errlen);
		break;
	case SB_F_ARG:
		*(const char **)h.dest = v;
		break;
	case SB_F_STRING:
		ret = parse_string(h, v, err, errlen);
		break;
	case SB_F_CALL:
		ret = h.o->parse_arg(h.dest, v, &why);
		if (ret)
			bad_value(h.o, v, why, err, errlen);
		break;
	default: /* a JSON-only type in a command line's table */
		snprintf(err, errlen, "--%s: type %d is not a CLI type",
			 h.o->key, (int)h.o->type);
		ret = -EINVAL;
		break;
	}
	if (ret)
		return -EINVAL;
	if (h.o->given)
		*(int *)((char *)h.base + h.o->given - 1) = 1;
	return 0;
}

/* "--name[=value]" at argv[*i]; consumes the next word as its value. */
static int long_opt(const struct sb_cli *cli, int argc, char **argv, int *i,
		    char *err, size_t errlen)
{
	const char *a = argv[*i] + 2, *eq = strchr(a, '='), *v;
	struct hit h = find(cli, a, eq ? (size_t)(eq - a) : strlen(a), 0);

	if (!h.o) {
		snprintf(err, errlen, "unknown option \"%s\"", argv[*i]);
		return -EINVAL;
	}
	if (h.o->type == SB_F_FLAG) {
		if (eq) {
			snprintf(err, errlen, "--%s: takes no value", h.o->key);
			return -EINVAL;
		}
		return set_value(h, argv[*i], err, errlen);
	}
	v = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
	if (!v) {
		snprintf(err, errlen, "--%s: missing value", h.o->key);
		return -EINVAL;
	}
	return set_value(h, v, err, errlen);
}

/* "-abc" or "-nVALUE" or "-n VALUE" at argv[*i]. */
static int short_opts(const struct sb_cli *cli, int argc, char **argv, int *i,
		      char *err, size_t errlen)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		struct hit h = find(cli, NULL, 0, (unsigned char)*p);
		const char *v;

		if (!h.o) {
			snprintf(err, errlen, "unknown option \"-%c\"", *p);
			return -EINVAL;
		}
		if (h.o->type == SB_F_FLAG) {
			set_value(h, argv[*i], err, errlen);
			continue;
		}
		v = p[1] ? p + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
		if (!v) {
			snprintf(err, errlen, "-%c: missing value", *p);
			return -EINVAL;
		}
		return set_value(h, v, err, errlen);
	}
	return 0;
}

/* sb_cli_parse(), the operands counted in *@n (so far, on an error). */
static int parse_line(const struct sb_cli *cli, int argc, char **argv, int *n,
		      char *err, size_t errlen)
{
	int only_operands = 0, ret = 0;

	*n = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!only_operands && !strcmp(a, "--")) {
			only_operands = 1;
			if (cli->stop_at_nonopt) {
				*n = argc - i - 1;
				return i + 1;
			}
			continue;
		}
		if (only_operands || a[0] != '-' || !a[1]) {
			if (cli->stop_at_nonopt) {
				*n = argc - i;
				return i;
			}
			if (*n == cli->max_operands) {
				snprintf(err, errlen,
					 "unexpected argument \"%s\"", a);
				return -EINVAL;
			}
			cli->operands[(*n)++] = a;
			continue;
		}
		ret = a[1] == '-' ?
			      long_opt(cli, argc, argv, &i, err, errlen) :
			      short_opts(cli, argc, argv, &i, err, errlen);
		if (ret)
			return ret;
	}
	return argc;
}

const struct sb_field *sb_cli_find(const struct sb_cli *cli, const char *name,
				   void **place)
{
	struct hit h = find(cli, name, strlen(name), 0);

	if (place)
		*place = h.dest;
	return h.o;
}

int sb_cli_parse(const struct sb_cli *cli, int argc, char **argv, char *err,
		 size_t errlen)
{
	int n, ret = parse_line(cli, argc, argv, &n, err, errlen);

	if (cli->n_operands)
		*cli->n_operands = n;
	return ret;
}

static void default_of(struct hit h, char *buf, size_t len)
{
	const struct sb_field *o = h.o;

	buf[0] = '\0';
	if (o->given && !*(int *)((char *)h.base + o->given - 1) &&
	    o->type != SB_F_ARG)
		return; /* "absent" is itself the default */
	if (strstr(o->doc, "(default"))
		return; /* the help says it in words */
	switch (o->type) {
	case SB_F_INT:
		snprintf(buf, len, "%d", *(int *)h.dest);
		break;
	case SB_F_INT64:
		snprintf(buf, len, "%" PRId64, *(int64_t *)h.dest);
		break;
	case SB_F_U64:
		snprintf(buf, len, "%" PRIu64, *(uint64_t *)h.dest);
		break;
	case SB_F_DURATION:
		sb_format_duration(*(uint64_t *)h.dest, buf, len);
		break;
	case SB_F_CPUSET:
		sb_cpulist_format((cpu_set_t *)h.dest, buf, len);
		break;
	case SB_F_ENUM:
		snprintf(buf, len, "%s", o->choices[*(int *)h.dest]);
		break;
	case SB_F_ARG:
		if (*(const char **)h.dest)
			snprintf(buf, len, "%s", *(const char **)h.dest);
		break;
	case SB_F_STRING:
		snprintf(buf, len, "%s", (const char *)h.dest);
		break;
	default: /* FLAG, CALL: no default to show */
		break;
	}
}

static void left_column(const struct sb_field *o, char *buf, size_t len)
{
	char sh[8] = "";

	if (o->short_name)
		snprintf(sh, sizeof(sh), "-%c, ", o->short_name);
	snprintf(buf, len, "%s--%s%s%s", sh, o->key,
		 o->type == SB_F_FLAG ? "" : " ",
		 o->type == SB_F_FLAG ? "" : o->metavar);
}

void sb_cli_help(const struct sb_cli *cli, FILE *f)
{
	char left[64], def[128];
	int width = 0, shorts = 0;

	for (const struct sb_cli_table *t = cli->tables; !end_of_tables(cli, t);
	     t++)
		for (const struct sb_field *o = t->rows; o->key; o++)
			shorts |= o->short_name != 0;
	for (const struct sb_cli_table *t = cli->tables; !end_of_tables(cli, t);
	     t++)
		for (const struct sb_field *o = t->rows; o->key; o++) {
			int w;

			left_column(o, left, sizeof(left));
			w = (int)strlen(left) +
			    (shorts && !o->short_name ? 4 : 0);
			if (w > width)
				width = w;
		}
	fprintf(f, "%s\n\noptions:\n", cli->usage);
	for (const struct sb_cli_table *t = cli->tables; !end_of_tables(cli, t);
	     t++)
		for (const struct sb_field *o = t->rows; o->key; o++) {
			/* long-only options line up under the long names */
			int pad = shorts && !o->short_name ? 4 : 0;
			struct hit h = { o, sb_field_at(o, t->base), t->base };

			left_column(o, left, sizeof(left));
			default_of(h, def, sizeof(def));
			fprintf(f, "  %*s%-*s  %s%s%s%s\n", pad, "",
				width - pad, left, o->doc,
				def[0] ? " (default: " : "", def,
				def[0] ? ")" : "");
		}
	if (cli->epilogue)
		fprintf(f, "\n%s", cli->epilogue);
	if (cli->help_tail)
		cli->help_tail(f);
	if (global_help)
		fprintf(f, "\n%s", global_help);
}
