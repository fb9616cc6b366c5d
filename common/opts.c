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

static const struct sb_opt *find_long(const struct sb_cli *cli,
				      const char *name, size_t len)
{
	for (int t = 0; t < SB_CLI_TABLES && cli->tables[t]; t++)
		for (const struct sb_opt *o = cli->tables[t]; o->name; o++)
			if (strlen(o->name) == len &&
			    !strncmp(o->name, name, len))
				return o;
	return NULL;
}

static const struct sb_opt *find_short(const struct sb_cli *cli, int c)
{
	for (int t = 0; t < SB_CLI_TABLES && cli->tables[t]; t++)
		for (const struct sb_opt *o = cli->tables[t]; o->name; o++)
			if (o->short_name == c)
				return o;
	return NULL;
}

/* "--name: "value" why"; -EINVAL. */
static int bad_value(const struct sb_opt *o, const char *v, const char *why,
		     char *err, size_t errlen)
{
	snprintf(err, errlen, "--%s: \"%s\" %s", o->name, v, why);
	return -EINVAL;
}

static int out_of_range_error(const struct sb_opt *o, const char *v, char *err,
			      size_t errlen)
{
	char range[80], why[96];

	snprintf(why, sizeof(why), "is out of range %s",
		 sb_range_text(range, sizeof(range), o->min, o->max,
			       o->type == SB_OPT_DURATION));
	return bad_value(o, v, why, err, errlen);
}

static int parse_int(const struct sb_opt *o, const char *v, char *err,
		     size_t errlen)
{
	int64_t x;

	if (sb_parse_i64(v, &x))
		return bad_value(o, v, "is not an integer", err, errlen);
	if (sb_out_of_range(x, o->min, o->max))
		return out_of_range_error(o, v, err, errlen);
	*(int64_t *)o->dest = x;
	return 0;
}

static int parse_u64(const struct sb_opt *o, const char *v, char *err,
		     size_t errlen)
{
	uint64_t x;

	if (sb_parse_u64(v, &x))
		return bad_value(o, v, "is not a whole number", err, errlen);
	if (sb_out_of_range_u64(x, o->min, o->max))
		return out_of_range_error(o, v, err, errlen);
	*(uint64_t *)o->dest = x;
	return 0;
}

static int parse_duration(const struct sb_opt *o, const char *v, char *err,
			  size_t errlen)
{
	uint64_t ns;

	if (sb_parse_duration_ns(v, &ns))
		return bad_value(o, v, SB_WHY_NOT_DURATION, err, errlen);
	if (sb_out_of_range_u64(ns, o->min, o->max))
		return out_of_range_error(o, v, err, errlen);
	*(uint64_t *)o->dest = ns;
	return 0;
}

static int parse_enum(const struct sb_opt *o, const char *v, char *err,
		      size_t errlen)
{
	char why[512];

	if (!sb_enum_find(v, o->choices, (int *)o->dest))
		return 0;
	return bad_value(o, v, sb_enum_why(why, sizeof(why), o->choices), err,
			 errlen);
}

/* @v: the value (for a flag, the word that set it). */
static int set_value(const struct sb_opt *o, const char *v, char *err,
		     size_t errlen)
{
	const char *why = "is not valid";
	int ret = 0;

	switch (o->type) {
	case SB_OPT_FLAG:
		*(int *)o->dest = 1;
		break;
	case SB_OPT_INT:
		ret = parse_int(o, v, err, errlen);
		break;
	case SB_OPT_U64:
		ret = parse_u64(o, v, err, errlen);
		break;
	case SB_OPT_DURATION:
		ret = parse_duration(o, v, err, errlen);
		break;
	case SB_OPT_CPULIST:
		ret = sb_cpulist_parse(v, (cpu_set_t *)o->dest);
		if (ret)
			bad_value(o, v, SB_WHY_NOT_CPULIST, err, errlen);
		break;
	case SB_OPT_ENUM:
		ret = parse_enum(o, v, err, errlen);
		break;
	case SB_OPT_STRING:
		*(const char **)o->dest = v;
		break;
	case SB_OPT_CALL:
		ret = o->parse(o->dest, v, &why);
		if (ret)
			bad_value(o, v, why, err, errlen);
		break;
	}
	if (ret)
		return -EINVAL;
	if (o->given)
		*o->given = 1;
	return 0;
}

/* "--name[=value]" at argv[*i]; consumes the next word as its value. */
static int long_opt(const struct sb_cli *cli, int argc, char **argv, int *i,
		    char *err, size_t errlen)
{
	const char *a = argv[*i] + 2, *eq = strchr(a, '='), *v;
	const struct sb_opt *o =
		find_long(cli, a, eq ? (size_t)(eq - a) : strlen(a));

	if (!o) {
		snprintf(err, errlen, "unknown option \"%s\"", argv[*i]);
		return -EINVAL;
	}
	if (o->type == SB_OPT_FLAG) {
		if (eq) {
			snprintf(err, errlen, "--%s: takes no value", o->name);
			return -EINVAL;
		}
		return set_value(o, argv[*i], err, errlen);
	}
	v = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
	if (!v) {
		snprintf(err, errlen, "--%s: missing value", o->name);
		return -EINVAL;
	}
	return set_value(o, v, err, errlen);
}

/* "-abc" or "-nVALUE" or "-n VALUE" at argv[*i]. */
static int short_opts(const struct sb_cli *cli, int argc, char **argv, int *i,
		      char *err, size_t errlen)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const struct sb_opt *o = find_short(cli, (unsigned char)*p);
		const char *v;

		if (!o) {
			snprintf(err, errlen, "unknown option \"-%c\"", *p);
			return -EINVAL;
		}
		if (o->type == SB_OPT_FLAG) {
			set_value(o, argv[*i], err, errlen);
			continue;
		}
		v = p[1] ? p + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
		if (!v) {
			snprintf(err, errlen, "-%c: missing value", *p);
			return -EINVAL;
		}
		return set_value(o, v, err, errlen);
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

const struct sb_opt *sb_cli_find(const struct sb_cli *cli, const char *name)
{
	return find_long(cli, name, strlen(name));
}

int sb_cli_parse(const struct sb_cli *cli, int argc, char **argv, char *err,
		 size_t errlen)
{
	int n, ret = parse_line(cli, argc, argv, &n, err, errlen);

	if (cli->n_operands)
		*cli->n_operands = n;
	return ret;
}

static void default_of(const struct sb_opt *o, char *buf, size_t len)
{
	buf[0] = '\0';
	if (o->given && !*o->given && o->type != SB_OPT_STRING)
		return; /* "absent" is itself the default */
	if (strstr(o->help, "(default"))
		return; /* the help says it in words */
	switch (o->type) {
	case SB_OPT_FLAG:
	case SB_OPT_CALL:
		break;
	case SB_OPT_INT:
		snprintf(buf, len, "%" PRId64, *(int64_t *)o->dest);
		break;
	case SB_OPT_U64:
		snprintf(buf, len, "%" PRIu64, *(uint64_t *)o->dest);
		break;
	case SB_OPT_DURATION:
		sb_format_duration(*(uint64_t *)o->dest, buf, len);
		break;
	case SB_OPT_CPULIST:
		sb_cpulist_format((cpu_set_t *)o->dest, buf, len);
		break;
	case SB_OPT_ENUM:
		snprintf(buf, len, "%s", o->choices[*(int *)o->dest]);
		break;
	case SB_OPT_STRING:
		if (*(const char **)o->dest)
			snprintf(buf, len, "%s", *(const char **)o->dest);
		break;
	}
}

static void left_column(const struct sb_opt *o, char *buf, size_t len)
{
	char sh[8] = "";

	if (o->short_name)
		snprintf(sh, sizeof(sh), "-%c, ", o->short_name);
	snprintf(buf, len, "%s--%s%s%s", sh, o->name,
		 o->type == SB_OPT_FLAG ? "" : " ",
		 o->type == SB_OPT_FLAG ? "" : o->metavar);
}

void sb_cli_help(const struct sb_cli *cli, FILE *f)
{
	char left[64], def[128];
	int width = 0, shorts = 0;

	for (int t = 0; t < SB_CLI_TABLES && cli->tables[t]; t++)
		for (const struct sb_opt *o = cli->tables[t]; o->name; o++)
			shorts |= o->short_name != 0;
	for (int t = 0; t < SB_CLI_TABLES && cli->tables[t]; t++)
		for (const struct sb_opt *o = cli->tables[t]; o->name; o++) {
			int w;

			left_column(o, left, sizeof(left));
			w = (int)strlen(left) +
			    (shorts && !o->short_name ? 4 : 0);
			if (w > width)
				width = w;
		}
	fprintf(f, "%s\n\noptions:\n", cli->usage);
	for (int t = 0; t < SB_CLI_TABLES && cli->tables[t]; t++)
		for (const struct sb_opt *o = cli->tables[t]; o->name; o++) {
			/* long-only options line up under the long names */
			int pad = shorts && !o->short_name ? 4 : 0;

			left_column(o, left, sizeof(left));
			default_of(o, def, sizeof(def));
			fprintf(f, "  %*s%-*s  %s%s%s%s\n", pad, "",
				width - pad, left, o->help,
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
