// SPDX-License-Identifier: GPL-2.0
/* Options as data: one table per command drives parsing, validation and --help. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/opts.h"

static const struct sb_opt *find(const struct sb_opt *opts, size_t n,
				 const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(opts[i].name) == len &&
		    !strncmp(opts[i].name, name, len))
			return &opts[i];
	return NULL;
}

static int set(const struct sb_opt *o, void *dst, const char *val, char *err,
	       size_t errlen)
{
	char *p = (char *)dst + o->off, *end;
	unsigned long long v;

	switch (o->type) {
	case SB_OPT_FLAG:
		*(int *)p = 1;
		return 0;
	case SB_OPT_STR:
		*(const char **)p = val;
		return 0;
	case SB_OPT_U64:
		errno = 0;
		v = strtoull(val, &end, 10);
		if (!*val || *end || errno || *val == '-') {
			snprintf(err, errlen,
				 "--%s: \"%s\" is not a whole number", o->name,
				 val);
			return -1;
		}
		*(uint64_t *)p = v;
		return 0;
	}
	return -1;
}

int sb_opts_parse(const struct sb_opt *opts, size_t n_opts, void *dst, int argc,
		  char **argv, const char **pos, int max_pos, char *err,
		  size_t errlen)
{
	int npos = 0, only_pos = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val = NULL;
		const struct sb_opt *o;

		if (only_pos || a[0] != '-' || a[1] != '-') {
			if (!only_pos && a[0] == '-' && a[1]) {
				snprintf(err, errlen, "unknown option \"%s\"",
					 a);
				return -1;
			}
			if (npos == max_pos) {
				snprintf(err, errlen,
					 "too many arguments (\"%s\")", a);
				return -1;
			}
			pos[npos++] = a;
			continue;
		}
		if (!a[2]) {
			only_pos = 1;
			continue;
		}
		eq = strchr(a + 2, '=');
		o = find(opts, n_opts, a + 2,
			 eq ? (size_t)(eq - a - 2) : strlen(a + 2));
		if (!o) {
			snprintf(err, errlen, "unknown option \"%s\"", a);
			return -1;
		}
		if (o->type == SB_OPT_FLAG && eq) {
			snprintf(err, errlen, "--%s takes no value", o->name);
			return -1;
		}
		if (o->type != SB_OPT_FLAG) {
			val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!val) {
				snprintf(err, errlen, "--%s needs a value (%s)",
					 o->name, o->arg);
				return -1;
			}
		}
		if (set(o, dst, val, err, errlen))
			return -1;
	}
	return npos;
}

void sb_opt_help_line(FILE *f, int width, const char *name, const char *arg,
		      const char *help)
{
	char left[96];

	snprintf(left, sizeof(left), "--%s%s%s", name, arg ? " " : "",
		 arg ? arg : "");
	fprintf(f, "  %-*s %s\n", width, left, help);
}

void sb_opts_help(FILE *f, const char *usage, const struct sb_opt *opts,
		  size_t n_opts, const char *after)
{
	int width = 0;

	for (size_t i = 0; i < n_opts; i++) {
		int w = 2 + (int)strlen(opts[i].name) +
			(opts[i].arg ? 1 + (int)strlen(opts[i].arg) : 0);

		if (w > width)
			width = w;
	}
	fprintf(f, "%s\n\noptions:\n", usage);
	for (size_t i = 0; i < n_opts; i++)
		sb_opt_help_line(f, width, opts[i].name, opts[i].arg,
				 opts[i].help);
	if (after)
		fprintf(f, "\n%s", after);
}
